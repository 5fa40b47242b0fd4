/** Scores a search index against the relevance set: per-case outcome, recall@5 and MRR. */
import type { Catalogue } from '../../src/core/catalogue.ts';
import type { ServiceIndex } from '../../src/core/service-index.ts';
import { relevanceCases, type RelevanceCase } from './relevance-cases.ts';

export interface CaseOutcome {
  case: RelevanceCase;
  top: string[];
  /** Expected ids the catalogue does not have. */
  unknown: string[];
  passed: boolean;
  recall: number;
  reciprocalRank: number;
}

export function evaluate(catalogue: Catalogue, index: ServiceIndex, cases = relevanceCases) {
  const outcomes: CaseOutcome[] = cases.map((k) => {
    const expected = [...new Set([...(k.first ? [k.first] : []), ...(k.top5 ?? [])])];
    const top = index.query({ q: k.q, page: 1, pageSize: 20 }).items.map((s) => s.id);
    const unknown = expected.filter((id) => !catalogue.service(id));
    const in5 = expected.filter((id) => top.slice(0, 5).includes(id));
    const firstRank = Math.min(...expected.map((id) => top.indexOf(id)).filter((r) => r >= 0));
    return {
      case: k,
      top,
      unknown,
      passed: !unknown.length && (!k.first || top[0] === k.first) && in5.length === expected.length,
      recall: in5.length / expected.length,
      reciprocalRank: Number.isFinite(firstRank) ? 1 / (firstRank + 1) : 0,
    };
  });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    outcomes,
    recallAt5: mean(outcomes.map((o) => o.recall)),
    mrr: mean(outcomes.map((o) => o.reciprocalRank)),
    passed: outcomes.filter((o) => o.passed).length,
  };
}
