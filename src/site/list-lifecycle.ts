/**
 * The builder's lifecycle summary: which services of the approved list change
 * in the next 12 months, soonest first. Pure over the built catalogue data
 * (/catalogue.json) and the day; the same core logic answers
 * GET /v1/lists/{id}/lifecycle for a saved list.
 */
import { createCatalogue, resolveApprovedIds, type CatalogueData } from '../core/catalogue.ts';
import { changesOf, changesWithin } from '../core/lifecycle.ts';
import type { LifecycleChange } from '../core/schemas.ts';

export function changesInNextYear(data: CatalogueData, ids: readonly string[], today: string): LifecycleChange[] {
  const catalogue = createCatalogue(data);
  return changesWithin(changesOf(catalogue, resolveApprovedIds(catalogue, ids).services), today, 12);
}

/** Today in the browser's own calendar, as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
