/** Scores a search index against the relevance set: per-case outcome, recall@5 and MRR. */
import type { Catalogue } from '../../src/core/catalogue.ts';
import type { ServiceIndex } from '../../src/core/service-index.ts';
import { relevanceCases, type RelevanceCase } from './relevance-cases.ts';

export interface CaseOutcome {
  case: RelevanceCase;
  top: string[];
  /** Expected ids the catalogue does not have (the `after` id included). */
  unknown: string[];
  passed: boolean;
  /** Share of the expected services in the first five; undefined for a case that only asks for an order. */
  recall: number | undefined;
  reciprocalRank: number | undefined;
}

/**
 * The mean of the values a case has. Cases that only ask for an order have no expected first five: they count
 * in `passed`, not in the means, and a set of such cases alone has none (undefined).
 */
export function meanOfDefined(xs: readonly (number | undefined)[]): number | undefined {
  const ys = xs.filter((x): x is number => x !== undefined);
  return ys.length ? ys.reduce((a, b) => a + b, 0) / ys.length : undefined;
}

export function evaluate(catalogue: Catalogue, index: ServiceIndex, cases = relevanceCases) {
  const outcomes: CaseOutcome[] = cases.map((k) => {
    const expected = [...new Set([...(k.first ? [k.first] : []), ...(k.top5 ?? [])])];
    const top = index.query({ q: k.q, page: 1, pageSize: 20 }).items.map((s) => s.id);
    const unknown = [...expected, ...(k.after ? [k.after.id, ...k.after.than] : [])].filter(
      (id) => !catalogue.service(id),
    );
    const in5 = expected.filter((id) => top.slice(0, 5).includes(id));
    // An order: the retired service after every one of `than`, which must all be shown (first 20).
    const demoted = k.after ? top.indexOf(k.after.id) : -1;
    const ordered =
      !k.after || k.after.than.every((id) => top.includes(id) && (demoted < 0 || top.indexOf(id) < demoted));
    const firstRank = Math.min(...expected.map((id) => top.indexOf(id)).filter((r) => r >= 0));
    return {
      case: k,
      top,
      unknown,
      passed: !unknown.length && (!k.first || top[0] === k.first) && in5.length === expected.length && ordered,
      recall: expected.length ? in5.length / expected.length : undefined,
      reciprocalRank: expected.length ? (Number.isFinite(firstRank) ? 1 / (firstRank + 1) : 0) : undefined,
    };
  });
  return {
    outcomes,
    recallAt5: meanOfDefined(outcomes.map((o) => o.recall)) ?? 0,
    mrr: meanOfDefined(outcomes.map((o) => o.reciprocalRank)) ?? 0,
    passed: outcomes.filter((o) => o.passed).length,
  };
}
