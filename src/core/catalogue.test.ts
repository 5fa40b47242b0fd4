import { describe, expect, it } from 'vitest';
import { createCatalogue, findContentIssues, gaTargetDeadline } from './catalogue.ts';
import { ServiceEntry, type ServiceEntryInput } from './schemas.ts';
import { serviceEntry } from '../../tests/fixtures/catalogue.ts';

const providers = ['aws', 'azure', 'gcp'].map((id) => ({
  id,
  name: id,
  shortName: id,
  homepage: `https://${id}.example.com`,
  description: id,
}));
const categories = [{ id: 'compute', name: 'Compute', description: 'Compute' }];
const entry = (over: Partial<ServiceEntryInput> & { id: string }): ServiceEntry => serviceEntry(over.id, over);
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
        lifecycle: { status: 'retired', successorSlug: 'aws-z', announcementUrl: 'https://docs.example.com/news' },
      }),
    );
    expect(issues).toEqual([
      'aws-a.json id: id "aws-a" must start with its provider "azure-"',
      'aws-a.json category: unknown category "nope"',
      'aws-a.json lifecycle.successorSlug: unknown service slug "aws-z"',
    ]);
  });

  it('takes the day a service closed to new customers on a service that is not a preview, never after its end', () => {
    const lifecycle = (status: 'deprecated' | 'sunset' | 'retired' | 'preview') => ({
      status,
      closedToNewCustomers: '2026-07-30',
      ...(status === 'sunset' ? { sunsetDate: '2027-03-31' } : {}),
      announcementUrl: 'https://docs.example.com/news',
    });
    expect(issuesOf(entry({ id: 'aws-a', lifecycle: lifecycle('deprecated') }))).toEqual([]);
    // A service being retired may have stopped taking new customers first: both days are facts to act on.
    expect(issuesOf(entry({ id: 'aws-a', lifecycle: lifecycle('sunset') }))).toEqual([]);
    // Marking such a service retired once its end has come keeps the day it closed: it is still true.
    expect(issuesOf(entry({ id: 'aws-a', lifecycle: { ...lifecycle('retired'), sunsetDate: '2026-09-30' } }))).toEqual(
      [],
    );
    expect(issuesOf(entry({ id: 'aws-a', lifecycle: lifecycle('preview') }))).toEqual([
      'aws-a.json lifecycle.closedToNewCustomers: a preview takes no closing day; a deprecated, sunset or retired service does',
    ]);
    expect(issuesOf(entry({ id: 'aws-a', lifecycle: { ...lifecycle('sunset'), sunsetDate: '2026-07-01' } }))).toEqual([
      'aws-a.json lifecycle.closedToNewCustomers: the closing day 2026-07-30 comes after the end, 2026-07-01',
    ]);
  });

  it('checks dependencies: known service, not itself, same provider, named once', () => {
    const src = 'https://docs.example.com/why';
    const issues = issuesOf(
      entry({
        id: 'aws-a',
        requires: [
          { service: 'aws-b', parts: ['aws-b-part', 'aws-b-nothing'], reason: 'needs b', source: src },
          { service: 'aws-missing', reason: 'x', source: src },
          { service: 'aws-a', reason: 'x', source: src },
          { service: 'gcp-a', reason: 'x', source: src },
          { identifiers: { iamPrefixes: ['logs'] }, reason: 'raw', source: src },
        ],
        recommends: [{ service: 'aws-b', reason: 'again', source: src }],
      }),
      entry({ id: 'aws-b', subServices: [{ id: 'aws-b-part', name: 'Part', description: 'A part of b.' }] }),
      entry({ id: 'gcp-a' }),
    );
    expect(issues).toEqual([
      'aws-a.json requires.0.parts: "aws-b-nothing" is no sub-service of "aws-b"',
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
    const b = entry({
      id: 'aws-b',
      name: 'Service B',
      lifecycle: { status: 'deprecated', announcementUrl: 'https://docs.aws.amazon.com/b/' },
    });
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

describe('freshness and retired equivalents', () => {
  const news = 'https://docs.example.com/news';
  const issuesOn = (today: string, ...services: ServiceEntry[]) =>
    findContentIssues({ providers, categories, services }, (s) => `${s.id}.json`, { today }).map(
      (i) => `${i.file} ${i.field}: ${i.message}`,
    );

  it('fails a sunset date that has passed while the status has not moved to retired', () => {
    const s = entry({ id: 'aws-a', lifecycle: { status: 'sunset', sunsetDate: '2026-10-07', announcementUrl: news } });
    expect(issuesOn('2026-10-07', s)).toEqual([]);
    expect(issuesOn('2026-10-08', s)).toEqual([
      'aws-a.json lifecycle.status: sunset date 2026-10-07 has passed (today is 2026-10-08) but the status ' +
        'is "sunset": mark it retired, or move the date if the vendor did',
    ]);
    const deprecated = entry({
      id: 'aws-b',
      lifecycle: { status: 'deprecated', sunsetDate: '2025-01-01', announcementUrl: news },
    });
    expect(issuesOn('2026-01-01', deprecated)).toHaveLength(1);
  });

  it('fails a part whose end has passed, and takes it until then', () => {
    const s = entry({
      id: 'aws-a',
      subServices: [
        {
          id: 'aws-a-plugins',
          name: 'A plugins',
          description: 'Plugins.',
          lifecycle: {
            status: 'sunset',
            sunsetDate: '2027-04-30',
            note: 'Ends.',
            announcementUrl: 'https://docs.example.com/news',
          },
        },
      ],
    });
    expect(issuesOn('2027-04-30', s)).toEqual([]);
    expect(issuesOn('2027-05-01', s)).toEqual([
      'aws-a.json subServices.0.lifecycle.sunsetDate: A plugins ended on 2027-04-30 (today is 2027-05-01): remove the part, or move the date if the vendor did',
    ]);
  });

  it('fails a retirement dated in the future, and takes one marked on its sunset date', () => {
    const s = entry({ id: 'aws-a', lifecycle: { status: 'retired', sunsetDate: '2027-01-01', announcementUrl: news } });
    expect(issuesOn('2026-12-31', s)).toEqual([
      'aws-a.json lifecycle.sunsetDate: retired, but the sunset date 2027-01-01 has not come yet (today is 2026-12-31)',
    ]);
    // The vendor retires it that day, as the policies count it: the catalogue can say so the same day.
    expect(issuesOn('2027-01-01', s)).toEqual([]);
    expect(issuesOn('2027-01-02', s)).toEqual([]);
  });

  it('asks for a review of a preview whose GA target has passed, and leaves free-form targets alone', () => {
    const preview = (gaTarget: string) =>
      entry({ id: 'aws-a', lifecycle: { status: 'preview', gaTarget, announcementUrl: news } });
    expect(issuesOn('2026-07-01', preview('Q2 2026'))).toEqual([
      'aws-a.json lifecycle.gaTarget: GA target "Q2 2026" has passed (today is 2026-07-01): review the preview (generally available now, or a new target)',
    ]);
    expect(issuesOn('2026-06-30', preview('Q2 2026'))).toEqual([]);
    expect(issuesOn('2030-01-01', preview('after the beta programme'))).toEqual([]);
  });

  it('does not apply date rules without a day', () => {
    expect(
      issuesOf(
        entry({ id: 'aws-a', lifecycle: { status: 'sunset', sunsetDate: '2000-01-01', announcementUrl: news } }),
      ),
    ).toEqual([]);
  });

  it('rejects a retired service offered as an equivalent of one still offered, on both sides', () => {
    const issues = issuesOf(
      entry({ id: 'aws-a', equivalents: { azure: 'azure-old' } }),
      entry({
        id: 'azure-old',
        equivalents: { aws: 'aws-a' },
        lifecycle: { status: 'retired', sunsetDate: '2022-01-31', announcementUrl: news },
      }),
    );
    expect(issues).toEqual([
      'aws-a.json equivalents.azure: "azure-old" is retired and "aws-a" is still offered: retired services are not equivalents of services still offered',
      'azure-old.json equivalents.aws: "aws-a" is still offered and "azure-old" is retired: retired services are not equivalents of services still offered',
    ]);
  });

  it('keeps retired peers of a retired service, and deprecated peers of active ones', () => {
    const issues = issuesOf(
      entry({
        id: 'aws-old',
        equivalents: { azure: 'azure-old' },
        lifecycle: { status: 'retired', sunsetDate: '2022-01-31', announcementUrl: news },
      }),
      entry({
        id: 'azure-old',
        equivalents: { aws: 'aws-old' },
        lifecycle: { status: 'retired', sunsetDate: '2022-01-31', announcementUrl: news },
      }),
      entry({ id: 'aws-a', equivalents: { gcp: 'gcp-closing' } }),
      entry({
        id: 'gcp-closing',
        equivalents: { aws: 'aws-a' },
        lifecycle: { status: 'deprecated', announcementUrl: news },
      }),
    );
    expect(issues).toEqual([]);
  });

  it('requires an announcement URL on every lifecycle block and a review date on every entry', () => {
    const base = {
      id: 'aws-a',
      slug: 'aws-a',
      name: 'A',
      shortName: 'A',
      provider: 'aws',
      category: 'compute',
      description: 'x',
      vendorDocs: 'https://docs.example.com/a',
      hasFreeTier: false,
      identifiers: {},
    };
    expect(
      ServiceEntry.safeParse({
        ...base,
        lastReviewed: '2026-11-23',
        lifecycle: { status: 'deprecated' },
      }).error?.issues.map((i) => i.path.join('.')),
    ).toEqual(['lifecycle.announcementUrl']);
    expect(ServiceEntry.safeParse(base).error?.issues.map((i) => i.path.join('.'))).toEqual(['lastReviewed']);
  });
});

describe('gaTargetDeadline', () => {
  it('reads the last day of the dates, months, quarters, halves and years a GA target names', () => {
    expect(gaTargetDeadline('2027-03-15')).toBe('2027-03-15');
    expect(gaTargetDeadline('2027-02')).toBe('2027-02-28');
    expect(gaTargetDeadline('Q4 2026')).toBe('2026-12-31');
    expect(gaTargetDeadline('2026 Q1')).toBe('2026-03-31');
    expect(gaTargetDeadline('H1 2027')).toBe('2027-06-30');
    expect(gaTargetDeadline('2028')).toBe('2028-12-31');
    expect(gaTargetDeadline('later this year')).toBeUndefined();
  });
});
