/**
 * The name order of the search index: sorted with plain string keys where
 * they agree with the collator (English, base sensitivity, numeric), with
 * the collator otherwise. These properties hold both to the collator.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCatalogue } from './catalogue.ts';
import type { ServiceEntry } from './schemas.ts';
import { createServiceIndex, nameSortKey } from './service-index.ts';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const sign = (x: number) => Math.sign(x);
const simpleName = fc.string({
  unit: fc.constantFrom(...'abcxyzABCXYZ0123456789      000'.split('')),
  maxLength: 24,
});
const anyName = fc.string({
  unit: fc.constantFrom(..."abcxyzABCXYZ0123456789   00().-–/&'_éÉüß".split('')),
  minLength: 1,
  maxLength: 16,
});

/** A service entry with only what the index reads: its id, name, provider and category. */
const serviceEntry = (id: string, name: string, provider: string, category: string) =>
  ({
    id,
    slug: id,
    name,
    shortName: name,
    provider,
    category,
    description: 'x',
    keywords: [],
    formerNames: [],
    identifiers: {},
    subServices: [],
    equivalents: {},
  }) as unknown as ServiceEntry;

describe('name order', () => {
  it('keys compare as the collator does for names of ASCII letters, digits and spaces', () => {
    fc.assert(
      fc.property(simpleName, simpleName, (a, b) => {
        const [ka, kb] = [nameSortKey(a), nameSortKey(b)];
        expect(ka).toBeDefined();
        expect(kb).toBeDefined();
        expect(ka! < kb! ? -1 : ka! > kb! ? 1 : 0).toBe(sign(collator.compare(a, b)));
      }),
      { numRuns: 20000 },
    );
    expect(nameSortKey('Cloud (classic)')).toBeUndefined();
    expect(nameSortKey('Café')).toBeUndefined();
  });

  it('lists services in the collator’s order (ties by id), keys or not', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            simpleName.filter((s) => s.trim() !== ''),
            anyName,
          ),
          { minLength: 1, maxLength: 60 },
        ),
        (names) => {
          const services = names.map((name, i) => serviceEntry(`aws-s${i}`, name, 'aws', 'compute'));
          const catalogue = createCatalogue({
            version: 't',
            builtOn: '2026-01-01',
            providers: [],
            categories: [],
            services,
          });
          const listed = createServiceIndex(catalogue)
            .query({ page: 1, pageSize: services.length })
            .items.map((s) => s.id);
          const expected = [...services]
            .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1))
            .map((s) => s.id);
          expect(listed).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('a descending sort', () => {
  const services = [
    serviceEntry('aws-b', 'Bravo', 'aws', 'compute'),
    serviceEntry('gcp-a', 'Alpha', 'gcp', 'storage'),
    serviceEntry('aws-a', 'Alpha', 'aws', 'storage'),
    serviceEntry('gcp-c', 'Charlie', 'gcp', 'compute'),
    serviceEntry('azure-d', 'Delta', 'azure', 'compute'),
  ];
  const index = createServiceIndex(
    createCatalogue({ version: 't', builtOn: '2026-01-01', providers: [], categories: [], services }),
  );
  const ids = (sort: string) => index.query({ page: 1, pageSize: 10, sort: sort as never }).items.map((s) => s.id);

  it('reverses the key and keeps ties in name order, then id', () => {
    expect(ids('provider')).toEqual(['aws-a', 'aws-b', 'azure-d', 'gcp-a', 'gcp-c']);
    expect(ids('-provider')).toEqual(['gcp-a', 'gcp-c', 'azure-d', 'aws-a', 'aws-b']);
    expect(ids('-category')).toEqual(['aws-a', 'gcp-a', 'aws-b', 'gcp-c', 'azure-d']);
  });

  it('reverses names, two services of one name still by id, and ids', () => {
    expect(ids('-name')).toEqual(['azure-d', 'gcp-c', 'aws-b', 'aws-a', 'gcp-a']);
    expect(ids('-id')).toEqual(['gcp-c', 'gcp-a', 'azure-d', 'aws-b', 'aws-a']);
  });
});
