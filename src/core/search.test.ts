/**
 * The relevance engine's index build and query were reworked for speed
 * (interned words, flat arrays, no per-query or per-service maps). These
 * properties hold the reworked engine to a frozen copy of the engine before
 * that work (tests/search/reference-engine.ts) on random catalogues and
 * queries: the same matches, in the same order, with the same scores and
 * explanations. The relevance set (tests/search-relevance.test.ts) guards
 * the ranking on the real catalogue; these guard everything else the words
 * of a random catalogue can reach (prefixes, typos, synonyms, relaxed
 * multi-word queries, whole-name bonuses, lifecycle, the cross-cloud step).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ServiceEntry } from './schemas.ts';
import { createSearchEngine } from './search.ts';
import { serviceEntry } from '../../tests/fixtures/catalogue.ts';
import { createSearchEngine as createReferenceEngine } from '../../tests/search/reference-engine.ts';
import { catalogueArb, categoryName, providers, queryArb, synonyms } from '../../tests/search/random-catalogues.ts';

const engines = (services: ServiceEntry[]) => {
  const options = {
    services,
    categoryName,
    synonyms,
  };
  return [createSearchEngine(options), createReferenceEngine(options)] as const;
};

describe('search engine rework: same answers as before on random catalogues', () => {
  it('finds the same services, in the same order, with the same scores', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        fc.array(queryArb, { minLength: 1, maxLength: 6 }),
        fc.nat(30),
        (services, queries, limit) => {
          const [engine, reference] = engines(services);
          for (const q of queries) {
            const a = engine.search(q, undefined, limit || Infinity);
            const b = reference.search(q, undefined, limit || Infinity);
            expect(a.total, q).toBe(b.total);
            expect(
              [...a.matched].sort((x, y) => x - y),
              q,
            ).toEqual([...b.matched].sort((x, y) => x - y));
            expect(a.top, q).toEqual(b.top);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers which services match, and no ranking, when asked for none (a page in another order)', () => {
    fc.assert(
      fc.property(catalogueArb, queryArb, fc.constantFrom(...providers), (services, q, provider) => {
        const [engine, reference] = engines(services);
        const accept = (i: number) => services[i]!.provider !== provider;
        const none = engine.search(q, accept, 0);
        const all = reference.search(q, accept, Infinity);
        expect(none.total).toBe(all.total);
        expect([...none.matched].sort((x, y) => x - y)).toEqual([...all.matched].sort((x, y) => x - y));
        expect(none.top).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with facet filters applied before ranking, and explains the same matches', () => {
    fc.assert(
      fc.property(catalogueArb, queryArb, fc.constantFrom(...providers), (services, q, provider) => {
        const [engine, reference] = engines(services);
        const accept = (i: number) => services[i]!.provider !== provider;
        const a = engine.search(q, accept, 10);
        expect(a.top).toEqual(reference.search(q, accept, 10).top);
        const shown = engine.search(q).top.map((h) => h.index);
        expect(engine.explain(q, shown)).toEqual(reference.explain(q, shown));
      }),
      { numRuns: 300 },
    );
  });

  it('ranks alike at scale: a catalogue where every word is shared by thousands of services', () => {
    const many = fc.sample(catalogueArb, { numRuns: 60, seed: 42 }).flat();
    const services = many.map((s, i) => ({ ...s, id: `${s.provider}-bulk-${i}`, slug: `${s.provider}-bulk-${i}` }));
    const [engine, reference] = engines(services);
    for (const q of fc.sample(queryArb, { numRuns: 200, seed: 7 })) {
      const a = engine.search(q, undefined, 50);
      const b = reference.search(q, undefined, 50);
      expect(a.total, q).toBe(b.total);
      expect(a.top, q).toEqual(b.top);
    }
  });
});

describe('plurals', () => {
  const named = (id: string, name: string): ServiceEntry =>
    serviceEntry(id, { name, shortName: name, provider: 'aws', category: 'compute' });
  /** The first result's matches, as `term:word:kind`. */
  const matchesOf = (q: string, services: ServiceEntry[]) => {
    const engine = createSearchEngine({
      services,
      categoryName,
      synonyms: [{ term: 'vps', means: ['box hosts'] }],
    });
    const first = engine
      .search(q)
      .top.slice(0, 1)
      .map((h) => h.index);
    return engine.explain(q, first)[0]?.map((m) => `${m.term}:${m.word}:${m.kind}`) ?? [];
  };
  const kindOf = (q: string, services: ServiceEntry[]) => matchesOf(q, services).map((m) => m.replace(/:[^:]*:/, ':'));

  it("matches a word's plural as the word, the plural its ending asks for, and never in an identifier", () => {
    expect(kindOf('machine', [named('aws-vm', 'Virtual Machines')])).toContain('machine:exact');
    expect(kindOf('box', [named('aws-box', 'Boxes')])).toContain('box:exact');
    // `vmss` is not the plural of `vms`, nor `notes` of `not`.
    expect(kindOf('vms', [named('aws-ss', 'VMSS')])).toContain('vms:prefix');
    expect(kindOf('not', [named('aws-notes', 'Notes')])).toContain('not:prefix');
    expect(kindOf('machine/', [named('aws-vm', 'Virtual Machines')])).toContain('machine:prefix');
  });

  it('matches a word in either number, whichever the catalogue wrote, the y words included', () => {
    expect(matchesOf('balancers', [named('aws-lb', 'Load Balancer')])).toContain('balancers:balancer:exact');
    expect(matchesOf('boxes', [named('aws-box', 'Box')])).toContain('boxes:box:exact');
    expect(matchesOf('policies', [named('aws-p', 'Tag Policy')])).toContain('policies:policy:exact');
    expect(matchesOf('repository', [named('aws-r', 'Git Repositories')])).toContain('repository:repositories:exact');
    // Not a singular by the rules: `address` is no plural of `addres`, `keys` is of `key` (not `kie`).
    expect(matchesOf('address', [named('aws-a', 'Addres')])).not.toContain('address:addres:exact');
    expect(matchesOf('keys', [named('aws-k', 'Key')])).toContain('keys:key:exact');
    expect(matchesOf('gateways', [named('aws-g', 'Gateway')])).toContain('gateways:gateway:exact');
    // Nor in a query written as an identifier.
    expect(matchesOf('balancers/', [named('aws-lb', 'Load Balancer')])).not.toContain('balancers:balancer:exact');
  });

  it('finds the plural through a synonym even when a longer word sorts between them', () => {
    // "boxer" sorts between "box" and "boxes"; a synonym's first word matches whole words only (and "box" is too
    // short for a typo to reach "boxes").
    const services = [named('aws-a', 'Boxer'), named('aws-b', 'Boxes Hosts')];
    expect(matchesOf('vps', services)).toContain('vps:boxes:synonym');
  });
});

describe("a named cloud and another cloud's product", () => {
  const svc = (id: string, over: Partial<Parameters<typeof serviceEntry>[1]>): ServiceEntry =>
    serviceEntry(id, { category: 'compute', ...over } as Parameters<typeof serviceEntry>[1]);
  // A preview counterpart takes new projects: it is moved up as a generally available one is (the engine
  // stores lifecycle factors as 32-bit floats, where 0.9 is a hair under 0.9).
  it('moves up a counterpart in preview, as one generally available', () => {
    const services = [
      svc('gcp-cloud-run', {
        name: 'Cloud Run',
        shortName: 'Cloud Run',
        provider: 'gcp',
        equivalents: { aws: 'aws-box-runner' },
      }),
      svc('aws-box-runner', {
        name: 'AWS Box Runner',
        shortName: 'Box Runner',
        provider: 'aws',
        description: 'Runs boxes.',
        equivalents: { gcp: 'gcp-cloud-run' },
        lifecycle: { status: 'preview', announcementUrl: 'https://docs.example.com/preview' },
      }),
      svc('aws-outposts', {
        name: 'AWS Outposts',
        shortName: 'Outposts',
        provider: 'aws',
        description: 'Run the cloud on premises.',
      }),
    ];
    for (const engine of engines(services)) {
      const top = engine.search('aws cloud run', undefined, 3).top.map((h) => services[h.index]!.id);
      expect(top).toEqual(['aws-box-runner', 'gcp-cloud-run', 'aws-outposts']);
    }
  });
});
