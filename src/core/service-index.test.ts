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
          const services = names.map(
            (name, i) =>
              ({
                id: `aws-s${i}`,
                slug: `aws-s${i}`,
                name,
                shortName: name,
                provider: 'aws',
                category: 'compute',
                description: 'x',
                keywords: [],
                formerNames: [],
                identifiers: {},
                subServices: [],
                equivalents: {},
              }) as unknown as ServiceEntry,
          );
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
