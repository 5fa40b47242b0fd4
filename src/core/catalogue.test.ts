import { describe, expect, it } from 'vitest';
import { createCatalogue, findContentIssues } from './catalogue.ts';
import { ServiceEntry, type ServiceEntryInput } from './schemas.ts';

const providers = ['aws', 'azure', 'gcp'].map((id) => ({
  id,
  name: id,
  shortName: id,
  homepage: `https://${id}.example.com`,
  description: id,
}));
const categories = [{ id: 'compute', name: 'Compute', description: 'Compute' }];
const entry = (over: Partial<ServiceEntryInput> & { id: string }): ServiceEntry =>
  ServiceEntry.parse({
    slug: over.id,
    name: over.id,
    shortName: over.id,
    provider: over.id.split('-')[0],
    category: 'compute',
    description: 'x',
    vendorDocs: `https://docs.example.com/${over.id}`,
    hasFreeTier: false,
    identifiers: {},
    ...over,
  });
const issuesOf = (...services: ServiceEntry[]) =>
  findContentIssues({ providers, categories, services }, (s) => `${s.id}.json`).map(
    (i) => `${i.file} ${i.field}: ${i.message}`,
  );

describe('findContentIssues', () => {
  it('accepts symmetric equivalents in both forms', () => {
    expect(
      issuesOf(
        entry({ id: 'aws-a', equivalents: { azure: 'azure-a', gcp: ['gcp-a', 'gcp-b'] } }),
        entry({ id: 'azure-a', equivalents: { aws: ['aws-a'] } }),
        entry({ id: 'gcp-a', equivalents: { aws: 'aws-a' } }),
        entry({ id: 'gcp-b', equivalents: { aws: 'aws-a' } }),
      ),
    ).toEqual([]);
  });

  it('names a one-way equivalent, a dangling one and one filed under the wrong provider', () => {
    const issues = issuesOf(
      entry({ id: 'aws-a', equivalents: { azure: 'azure-a', gcp: ['gcp-missing', 'azure-a'] } }),
      entry({ id: 'azure-a' }),
    );
    expect(issues).toEqual([
      'aws-a.json equivalents.azure: "azure-a" does not list "aws-a" back in its equivalents.aws (equivalents go both ways)',
      'aws-a.json equivalents.gcp: unknown service "gcp-missing"',
      'aws-a.json equivalents.gcp: "azure-a" belongs to provider "azure", not "gcp"',
    ]);
  });

  it('rejects sub-service ids that clash with a service or another sub-service anywhere', () => {
    const sub = (id: string) => ({ id, name: id, description: 'x' });
    const issues = issuesOf(
      entry({ id: 'aws-a', subServices: [sub('aws-b'), sub('aws-c')] }),
      entry({ id: 'aws-b' }),
      entry({ id: 'aws-d', subServices: [sub('aws-c')] }),
    );
    expect(issues).toEqual([
      'aws-a.json subServices.0.id: duplicate id "aws-b" (also used by aws-b in aws-b.json)',
      'aws-d.json subServices.0.id: duplicate id "aws-c" (also used by aws-a in aws-a.json)',
    ]);
  });

  it('rejects unknown categories, successors and ids without their provider prefix', () => {
    const issues = issuesOf(
      entry({
        id: 'aws-a',
        provider: 'azure',
        category: 'nope',
        lifecycle: { status: 'retired', successorSlug: 'aws-z' },
      }),
    );
    expect(issues).toEqual([
      'aws-a.json id: id "aws-a" must start with its provider "azure-"',
      'aws-a.json category: unknown category "nope"',
      'aws-a.json lifecycle.successorSlug: unknown service slug "aws-z"',
    ]);
  });

  it('checks dependencies: known service, not itself, same provider, named once', () => {
    const src = 'https://docs.example.com/why';
    const issues = issuesOf(
      entry({
        id: 'aws-a',
        requires: [
          { service: 'aws-b', reason: 'needs b', source: src },
          { service: 'aws-missing', reason: 'x', source: src },
          { service: 'aws-a', reason: 'x', source: src },
          { service: 'gcp-a', reason: 'x', source: src },
          { identifiers: { iamPrefixes: ['logs'] }, reason: 'raw', source: src },
        ],
        recommends: [{ service: 'aws-b', reason: 'again', source: src }],
      }),
      entry({ id: 'aws-b' }),
      entry({ id: 'gcp-a' }),
    );
    expect(issues).toEqual([
      'aws-a.json requires.1.service: unknown service "aws-missing"',
      'aws-a.json requires.2.service: a service cannot depend on itself',
      'aws-a.json requires.3.service: "gcp-a" belongs to provider "gcp"; dependencies stay within "aws"',
      'aws-a.json recommends.0.service: "aws-b" is already named in requires.0',
    ]);
  });

  it('rejects a dependency with both or neither of service and identifiers', () => {
    const base = { reason: 'x', source: 'https://docs.example.com/x' };
    expect(() => entry({ id: 'aws-a', requires: [base] })).toThrow(/exactly one of service or identifiers/);
    expect(() =>
      entry({ id: 'aws-a', requires: [{ ...base, service: 'aws-b', identifiers: { iamPrefixes: ['logs'] } }] }),
    ).toThrow(/exactly one/);
  });
});

describe('toDetail', () => {
  it('resolves required and recommended services to references and keeps raw identifiers, with reason and source', () => {
    const src = 'https://docs.example.com/why';
    const a = entry({
      id: 'aws-a',
      requires: [
        { service: 'aws-b', reason: 'needs b', source: src },
        { identifiers: { iamPrefixes: ['logs'] }, reason: 'writes logs', source: src },
      ],
      recommends: [{ service: 'aws-c', reason: 'often with c', source: src }],
    });
    const b = entry({ id: 'aws-b', name: 'Service B', lifecycle: { status: 'deprecated' } });
    const c = entry({ id: 'aws-c' });
    const catalogue = createCatalogue({
      version: 'v',
      builtOn: '2026-01-01',
      providers,
      categories,
      services: [a, b, c],
    });
    const detail = catalogue.toDetail(a);
    expect(detail.requires).toEqual([
      {
        service: { id: 'aws-b', slug: 'aws-b', name: 'Service B', provider: 'aws', lifecycleStatus: 'deprecated' },
        reason: 'needs b',
        source: src,
      },
      { identifiers: { iamPrefixes: ['logs'] }, reason: 'writes logs', source: src },
    ]);
    expect(detail.recommends).toEqual([
      { service: { id: 'aws-c', slug: 'aws-c', name: 'aws-c', provider: 'aws' }, reason: 'often with c', source: src },
    ]);
    expect(catalogue.toDetail(c)).toMatchObject({ requires: [], recommends: [] });
  });
});
