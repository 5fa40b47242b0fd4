/**
 * What the map pages show, computed at build time from the core's map: rows
 * grouped by category with their search words and the ids their actions use.
 * Keeps the .astro files to markup.
 */
import { MAX_COMPARE_IDS } from './compare-state.ts';
import { rowServiceIds, type CapabilityMap, type MapRow } from '../core/map.ts';
import { words } from './filter.ts';

export interface MapRowView extends MapRow {
  /** Folded words of the row's name and its services' names, ids and keywords, for the in-page text filter. */
  text: string;
  /** Every service of the row is retired: the row hides with retired services. */
  allRetired: boolean;
  /**
   * What "add this row" adds: the services that take new projects (active or in preview), as an approved list
   * wants; only when the row has none, those not retired. A closed one is added on its own, knowingly.
   */
  addIds: string[];
  /** What "compare this row" opens: up to 10 services that are not retired, first ones of each cloud first. */
  compareIds: string[];
}

export interface MapSection {
  id: string;
  name: string;
  crossCloud: MapRowView[];
  singleCloud: MapRowView[];
}

/** Takes cells column by column, round-robin, so a capped list keeps every cloud's main service. */
function interleave(row: MapRow, ids: ReadonlySet<string>): string[] {
  const columns = Object.values(row.cells).map((c) => c.filter((s) => ids.has(s.id)).map((s) => s.id));
  const out: string[] = [];
  for (let i = 0; columns.some((c) => i < c.length); i++) for (const c of columns) if (i < c.length) out.push(c[i]!);
  return out;
}

/** A service's keywords by its id ("autoscale", "vnet"): what people call a capability besides its name. */
export type KeywordsOf = (serviceId: string) => readonly string[];

export function mapRowView(row: MapRow, keywordsOf: KeywordsOf = () => []): MapRowView {
  const all = Object.values(row.cells).flat();
  const notRetired = rowServiceIds(row);
  const takesNew = new Set(all.filter((s) => !s.lifecycleStatus || s.lifecycleStatus === 'preview').map((s) => s.id));
  const open = notRetired.filter((id) => takesNew.has(id));
  const addIds = open.length ? open : notRetired;
  const said = [row.name, ...all.flatMap((s) => [s.name, s.shortName, s.id, ...keywordsOf(s.id)])];
  return {
    ...row,
    text: [...new Set(words(said.join(' ')))].join(' '),
    allRetired: all.every((s) => s.lifecycleStatus === 'retired'),
    addIds,
    compareIds: interleave(row, new Set(notRetired)).slice(0, MAX_COMPARE_IDS),
  };
}

export function mapSections(
  map: CapabilityMap,
  { categoryIds, keywordsOf }: { categoryIds?: readonly string[]; keywordsOf?: KeywordsOf } = {},
): MapSection[] {
  return map.categories
    .filter((c) => !categoryIds || categoryIds.includes(c.id))
    .map((c) => {
      const rows = map.data.filter((r) => r.category === c.id).map((r) => mapRowView(r, keywordsOf));
      return {
        id: c.id,
        name: c.name,
        crossCloud: rows.filter((r) => !r.singleCloud),
        singleCloud: rows.filter((r) => r.singleCloud),
      };
    });
}
