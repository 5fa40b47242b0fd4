/**
 * Search relevance on the real catalogue: every case of the relevance set
 * (tests/search/relevance-cases.ts) must pass, through the same index the
 * API, the /search page, the home page and `csc search` use.
 */
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../src/core/catalogue.ts';
import { searchWords } from '../src/core/search.ts';
import { createServiceIndex } from '../src/core/service-index.ts';
import { readContent } from '../src/scripts/lib/read-content.ts';
import { evaluate } from './search/evaluate.ts';
import { relevanceCases } from './search/relevance-cases.ts';

const content = readContent();
const catalogue = createCatalogue({ version: 'test', builtOn: '2026-01-01', ...content });
const index = createServiceIndex(catalogue, content.synonyms);
const result = evaluate(catalogue, index);

describe('search relevance (real catalogue)', () => {
  it('has at least 80 cases spread over every kind of query', () => {
    expect(relevanceCases.length).toBeGreaterThanOrEqual(80);
    const kinds = new Set(relevanceCases.map((c) => c.kind));
    expect([...kinds].sort()).toEqual(
      [
        'acronym',
        'cross-cloud',
        'former-name',
        'function',
        'identifier',
        'multi-word',
        'name',
        'retired',
        'deprecated',
        'typo',
      ].sort(),
    );
    const providers = new Set(
      relevanceCases.flatMap((c) => [c.first, ...(c.top5 ?? [])]).map((id) => id?.split('-')[0]),
    );
    expect([...providers].filter(Boolean).sort()).toEqual(['aws', 'azure', 'gcp']);
  });

  it.each(result.outcomes.map((o) => [o.case.q, o] as const))('%s', (_q, o) => {
    expect(o.unknown, 'expected ids missing from the catalogue').toEqual([]);
    if (o.case.first) expect(o.top[0], `first result (top: ${o.top.slice(0, 5).join(', ')})`).toBe(o.case.first);
    for (const id of o.case.top5 ?? []) expect(o.top.slice(0, 5), `${id} in the first five`).toContain(id);
    const after = o.case.after;
    if (after) {
      const at = o.top.indexOf(after.id);
      for (const id of after.than) {
        expect(o.top, `${id} shown`).toContain(id);
        if (at >= 0) expect(o.top.indexOf(id), `${id} before ${after.id} (top: ${o.top.join(', ')})`).toBeLessThan(at);
      }
    }
    expect(o.passed).toBe(true);
  });

  it('reports recall@5 = 1 and a high MRR', () => {
    expect(result.recallAt5).toBe(1);
    expect(result.mrr).toBeGreaterThan(0.9);
  });
});

describe('search synonyms (content/synonyms.json)', () => {
  const wordsOf = content.services.map(
    (s) =>
      new Set(
        searchWords(
          [
            s.name,
            s.shortName,
            s.description,
            ...s.keywords,
            ...s.formerNames,
            ...s.subServices.flatMap((x) => [x.name, x.description]),
            catalogue.category(s.category)?.name ?? '',
          ].join(' '),
        ),
      ),
  );

  it('are valid and each phrase is words some service carries (the last word may be the start of one)', () => {
    expect(content.synonyms.length).toBeGreaterThan(20);
    const orphans = content.synonyms.flatMap(({ term, means }) =>
      means
        .filter((phrase) => {
          const ws = searchWords(phrase);
          return !wordsOf.some(
            (have) =>
              ws.slice(0, -1).every((w) => have.has(w)) && [...have].some((h) => h.startsWith(ws[ws.length - 1]!)),
          );
        })
        .map((phrase) => `${term} → ${phrase}`),
    );
    expect(orphans).toEqual([]);
  });
});
