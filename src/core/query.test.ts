import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCatalogue } from './catalogue.ts';
import { createServiceIndex, fold, searchWords, ServiceQuery, serviceQueryOf } from './query.ts';
import type { ServiceEntryInput } from './schemas.ts';
import { serviceEntry } from '../../tests/fixtures/catalogue.ts';

const service = (id: string, over: Partial<ServiceEntryInput> = {}) =>
  serviceEntry(id, { name: `Name of ${id}`, description: 'A service.', ...over });

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

const set = (query: Record<string, unknown>) => ids({ pageSize: 100, ...query }).sort();

describe('search', () => {
  it('matches words and word starts, case- and accent-insensitively', () => {
    expect(set({ q: 'STOR' })).toEqual(['aws-s3', 'azure-blob-storage']);
    expect(ids({ q: 'deployes' })).toEqual(['gcp-cloud-run']);
    expect(ids({ q: 'glacier' })).toEqual(['aws-s3']);
    expect(ids({ q: 'virtual machine' })).toEqual(['aws-ec2']);
    expect(ids({ q: 'aws-ec2' })).toEqual(['aws-ec2']);
    expect(ids({ q: 'torage' })).toEqual([]);
  });

  it('ranks by relevance when q is given: the exact name first, then weaker fields', () => {
    // "storage" is in Blob Storage's short name and in S3's long name.
    expect(ids({ q: 'azure blob storage' })[0]).toBe('azure-blob-storage');
    expect(ids({ q: 'Amazon S3' })[0]).toBe('aws-s3');
    expect(ids({ q: 'object storage' })).toEqual(['azure-blob-storage', 'aws-s3']);
    // An explicit order still applies to the same matches.
    expect(ids({ q: 'stor', sort: 'name' })).toEqual(['aws-s3', 'azure-blob-storage']);
    expect(ids({ q: 'stor', sort: '-name' })).toEqual(['azure-blob-storage', 'aws-s3']);
  });

  it('tolerates typos scaled to the word length, never on short words', () => {
    expect(ids({ q: 'glaicer' })).toEqual(['aws-s3']); // transposition, 7 letters
    expect(ids({ q: 'virtaul machnes' })).toEqual(['aws-ec2']);
    expect(ids({ q: 'ec3' })).toEqual([]);
    expect(ids({ q: 'sx' })).toEqual([]);
  });

  it('applies synonyms given as content', () => {
    const withSynonyms = createServiceIndex(catalogue, [{ term: 'vm', means: ['virtual machine'] }]);
    const q = (text: string) => withSynonyms.query(ServiceQuery.parse({ q: text })).items.map((s) => s.id);
    expect(q('vm')).toEqual(['aws-ec2']);
    expect(ids({ q: 'vm' })).toEqual([]);
  });

  it('explains each result: score and the fields that matched', () => {
    const page = index.query(ServiceQuery.parse({ q: 'blob', explain: 'true' }));
    expect(page.items.map((s) => s.id)).toEqual(['azure-blob-storage']);
    expect(page.explanations?.[0]?.score).toBeGreaterThan(0);
    expect(page.explanations?.[0]?.matches).toContainEqual({
      term: 'blob',
      field: 'name',
      word: 'blob',
      kind: 'exact',
    });
    expect(index.query(ServiceQuery.parse({ q: 'blob' })).explanations).toBeUndefined();
  });

  it('finds the same services in every order, and relevance pages have no gaps or repeats (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'st', 'stor', 'cloud', 'amazon', 'z', 'serv', 'é', 'ec2', 'blob', 'x y'), {
          maxLength: 3,
        }),
        fc.integer({ min: 1, max: 3 }),
        (parts, pageSize) => {
          const q = parts.join(' ');
          const relevance = set({ q });
          expect(set({ q, sort: 'id' })).toEqual(relevance);
          const paged = [1, 2, 3, 4, 5].flatMap((page) => ids({ q, page, pageSize }));
          expect(paged).toEqual(ids({ q, pageSize: 100 }).slice(0, 5 * pageSize));
        },
      ),
    );
  });

  it('a single word that starts some word matches exactly the services a plain scan finds (property)', () => {
    const texts = catalogue.services.map((s) =>
      searchWords(
        [
          s.id,
          s.name,
          s.shortName,
          s.description,
          ...s.keywords,
          ...s.subServices.map((x) => `${x.name} ${x.description}`),
          catalogue.category(s.category)!.name,
        ].join(' '),
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom('st', 'stor', 'amazon', 'serv', 'ec2', 'blob', 'obj', 'glac', 'un'), (term) => {
        const expected = catalogue.services
          .filter((_, i) => texts[i]!.some((w) => w.startsWith(term)))
          .map((s) => s.id)
          .sort();
        expect(set({ q: term })).toEqual(expected);
      }),
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
    expect(ServiceQuery.parse({}).sort).toBeUndefined();
    expect(ServiceQuery.parse({ sort: 'relevance', explain: 'true' })).toMatchObject({
      sort: 'relevance',
      explain: true,
    });
    for (const bad of [
      { pageSize: '0' },
      { sort: 'rank' },
      { sort: '-relevance' },
      { explain: 'yes' },
      { lifecycle: 'old' },
      { freeTier: '1' },
      { extra: 'x' },
    ]) {
      expect(ServiceQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(fold('Éclair')).toBe('eclair');
  });

  it('refuses a provider or category id the catalogue does not have, naming the providers but not what was sent', () => {
    const query = serviceQueryOf(catalogue);
    expect(query.parse({ provider: 'aws,gcp', category: 'storage' })).toMatchObject({
      provider: ['aws', 'gcp'],
      category: ['storage'],
    });
    const typo = query.safeParse({ provider: ['aws', 'amazon'], category: 'compute' });
    expect(typo.success).toBe(false);
    expect(typo.error!.issues.map((i) => [i.path, i.message])).toEqual([
      [['provider'], 'no provider has this id; the ids are aws, azure, gcp'],
    ]);
    const both = query.safeParse({ provider: 'oracle', category: 'quantum' });
    expect(both.error!.issues.map((i) => i.path[0])).toEqual(['provider', 'category']);
    expect(JSON.stringify(both.error!.issues)).not.toMatch(/oracle|quantum/);
    // The plain schema, which describes the API, takes any well-formed id.
    expect(ServiceQuery.safeParse({ provider: 'oracle' }).success).toBe(true);
  });
});
