import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCatalogue } from './catalogue.ts';
import { createServiceIndex, fold, searchWords, ServiceQuery } from './query.ts';
import { ServiceEntry } from './schemas.ts';

const service = (id: string, over: Record<string, unknown> = {}) =>
  ServiceEntry.parse({
    id,
    slug: id,
    name: `Name of ${id}`,
    shortName: id,
    provider: id.split('-')[0],
    category: 'compute',
    description: 'A service.',
    vendorDocs: `https://docs.aws.amazon.com/${id}/`,
    hasFreeTier: false,
    identifiers: {},
    lastReviewed: '2026-11-01',
    ...over,
  });

const catalogue = createCatalogue({
  version: 'test',
  builtOn: '2026-11-22',
  providers: ['aws', 'azure', 'gcp'].map((id) => ({
    id,
    name: id,
    shortName: id,
    homepage: 'https://example.org/',
    description: 'x',
  })),
  categories: ['compute', 'storage'].map((id) => ({
    id,
    name: id === 'compute' ? 'Compute' : 'Storage',
    description: 'x',
  })),
  services: [
    service('aws-ec2', {
      name: 'Amazon Elastic Compute Cloud',
      shortName: 'Amazon EC2',
      hasFreeTier: true,
      keywords: ['virtual machines'],
    }),
    service('aws-s3', {
      name: 'Amazon Simple Storage Service',
      shortName: 'Amazon S3',
      category: 'storage',
      subServices: [{ id: 'glacier', name: 'S3 Glacier', description: 'Archive tiers' }],
    }),
    service('azure-blob-storage', {
      name: 'Azure Blob Storage',
      category: 'storage',
      description: 'Object storage for unstructured data.',
      lifecycle: { status: 'preview', announcementUrl: 'https://example.org/news' },
    }),
    service('gcp-cloud-run', {
      name: 'Cloud Run',
      description: 'Serverless containers, déployés vite.',
      lifecycle: { status: 'deprecated', announcementUrl: 'https://example.org/news' },
    }),
  ],
});
const index = createServiceIndex(catalogue);
const ids = (query: Record<string, unknown>) => index.query(ServiceQuery.parse(query)).items.map((s) => s.id);

describe('search', () => {
  it('matches every term as a word prefix, case- and accent-insensitively', () => {
    expect(ids({ q: 'STOR' })).toEqual(['aws-s3', 'azure-blob-storage']);
    expect(ids({ q: 'object stor' })).toEqual(['azure-blob-storage']);
    expect(ids({ q: 'deployes' })).toEqual(['gcp-cloud-run']);
    expect(ids({ q: 'glacier' })).toEqual(['aws-s3']);
    expect(ids({ q: 'virtual machine' })).toEqual(['aws-ec2']);
    expect(ids({ q: 'aws-ec2' })).toEqual(['aws-ec2']);
    expect(ids({ q: 'torage' })).toEqual([]);
  });

  it('agrees with a plain scan for any query (property)', () => {
    const texts = catalogue.services.map((s) =>
      searchWords(
        [
          s.id,
          s.name,
          s.shortName,
          s.description,
          ...s.keywords,
          ...s.subServices.map((x) => `${x.name} ${x.description}`),
        ].join(' '),
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'st', 'stor', 'cloud', 'amazon', 'z', 'serv', 'é', 'ec2', 'blob', 'x y'), {
          maxLength: 3,
        }),
        (parts) => {
          const q = parts.join(' ');
          const terms = searchWords(q);
          const expected = catalogue.services
            .filter((_, i) => terms.every((t) => texts[i]!.some((w) => w.startsWith(t))))
            .map((s) => s.id)
            .sort();
          expect([...ids({ q, pageSize: 100 })].sort()).toEqual(expected);
        },
      ),
    );
  });
});

describe('filters, sort and pages', () => {
  it('filters by provider, category, lifecycle (active = no block) and free tier', () => {
    expect(ids({ provider: 'aws,gcp' })).toEqual(['aws-ec2', 'aws-s3', 'gcp-cloud-run']);
    expect(ids({ category: 'storage' })).toEqual(['aws-s3', 'azure-blob-storage']);
    expect(ids({ lifecycle: 'active' })).toEqual(['aws-ec2', 'aws-s3']);
    expect(ids({ lifecycle: ['preview', 'deprecated'] })).toEqual(['azure-blob-storage', 'gcp-cloud-run']);
    expect(ids({ freeTier: 'true' })).toEqual(['aws-ec2']);
    expect(ids({ freeTier: 'false', provider: 'aws' })).toEqual(['aws-s3']);
  });

  it('sorts by name, id, provider or category, ascending or descending', () => {
    expect(ids({})).toEqual(['aws-ec2', 'aws-s3', 'azure-blob-storage', 'gcp-cloud-run']);
    expect(ids({ sort: '-id' })).toEqual(['gcp-cloud-run', 'azure-blob-storage', 'aws-s3', 'aws-ec2']);
    expect(ids({ sort: 'category' })).toEqual(['aws-ec2', 'gcp-cloud-run', 'aws-s3', 'azure-blob-storage']);
  });

  it('pages without gaps or repeats', () => {
    const all = [1, 2, 3].flatMap((page) => ids({ page, pageSize: 2 }));
    expect(all).toEqual(ids({ pageSize: 100 }));
    const p = index.query(ServiceQuery.parse({ page: 2, pageSize: 3 }));
    expect(p).toMatchObject({ total: 4, totalPages: 2, page: 2 });
  });

  it('rejects bad parameters', () => {
    for (const bad of [{ pageSize: '0' }, { sort: 'rank' }, { lifecycle: 'old' }, { freeTier: '1' }, { extra: 'x' }]) {
      expect(ServiceQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(fold('Éclair')).toBe('eclair');
  });
});
