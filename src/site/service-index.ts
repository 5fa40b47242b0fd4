/**
 * The services table's pure logic: its rows, and filtering, ranking,
 * sorting and paging through the search index the API answers from
 * (core/service-index.ts), so the table finds what GET /v1/services finds, in
 * the same order when sorted by relevance. The page builds the index from
 * /catalogue.json (client/catalogue-search.ts); the prerendered pages from
 * the build's catalogue.
 */
import type { Catalogue } from '../core/catalogue.ts';
import type { ServiceIndex } from '../core/service-index.ts';
import type { FilterCriteria } from './filter.ts';
import { serviceQuery } from './filter.ts';
import { serviceRow, type ServiceRow } from './view.ts';

export type TableRow = Pick<
  ServiceRow,
  | 'id'
  | 'slug'
  | 'name'
  | 'provider'
  | 'providerName'
  | 'category'
  | 'categoryName'
  | 'lifecycle'
  | 'hasFreeTier'
  | 'icon'
>;

/** Every service as a table row, by name. */
export function tableRows(catalogue: Catalogue): TableRow[] {
  return [...catalogue.services]
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((s) => {
      const { id, slug, name, provider, providerName, category, categoryName, lifecycle, hasFreeTier, icon } =
        serviceRow(catalogue, s);
      return { id, slug, name, provider, providerName, category, categoryName, lifecycle, hasFreeTier, icon };
    });
}

export const SORT_KEYS = ['relevance', 'name', 'provider', 'category', 'lifecycle', 'freeTier'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface Sort {
  key: SortKey;
  descending: boolean;
}
export const PAGE_SIZE = 50;

/**
 * `name`, `-category`…; anything else is the default, relevance: the API's
 * default, best match first when there are search words and the name order
 * without them.
 */
export function parseSort(value: string | null | undefined): Sort {
  const descending = value?.startsWith('-') ?? false;
  const key = (value ?? '').replace(/^-/, '') as SortKey;
  return SORT_KEYS.includes(key) && key !== 'relevance' ? { key, descending } : { key: 'relevance', descending: false };
}
/** The sort parameter for the address; undefined for the default. */
export const sortParam = (s: Sort): string | undefined =>
  s.key === 'relevance' ? undefined : `${s.descending ? '-' : ''}${s.key}`;
/** The order a view is actually in: relevance without search words is the name order. */
export const effectiveSort = (s: Sort, q: string): Sort =>
  s.key === 'relevance' && !q ? { key: 'name', descending: false } : s;

const lifecycleOrder = ['active', 'preview', 'deprecated', 'sunset', 'retired'];
const sortValue = (r: TableRow, key: Exclude<SortKey, 'relevance'>): string | number =>
  key === 'name'
    ? r.name
    : key === 'provider'
      ? r.providerName
      : key === 'category'
        ? r.categoryName
        : key === 'lifecycle'
          ? lifecycleOrder.indexOf(r.lifecycle)
          : r.hasFreeTier
            ? 0
            : 1;

/**
 * The matches of the search index for the criteria (in its relevance order,
 * or by name without search words), sorted by another column when asked
 * (ties by name, stable), one page cut out. Page numbers are clamped.
 */
export function tableView(
  rows: readonly TableRow[],
  index: ServiceIndex,
  criteria: FilterCriteria,
  sort: Sort,
  page: number,
): { rows: TableRow[]; total: number; page: number; pages: number } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const found = index.query({ ...serviceQuery(criteria, 1, Math.max(1, rows.length)), sort: 'relevance' });
  const hits = found.items.map((s) => byId.get(s.id)).filter((r): r is TableRow => r !== undefined);
  const order = effectiveSort(sort, criteria.q);
  if (order.key !== 'relevance') {
    const key = order.key;
    const dir = order.descending ? -1 : 1;
    hits.sort((a, b) => {
      const va = sortValue(a, key);
      const vb = sortValue(b, key);
      const c = typeof va === 'number' ? va - (vb as number) : va.localeCompare(vb as string, 'en');
      return c * dir || a.name.localeCompare(b.name, 'en');
    });
  }
  const pages = Math.max(1, Math.ceil(hits.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { rows: hits.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE), total: hits.length, page: current, pages };
}

/** What the prerendered /services and /services/page/<n> pages show: one page by name, and the filter counts. */
export function servicesPageProps(catalogue: Catalogue, index: ServiceIndex, page: number) {
  const rows = tableRows(catalogue);
  const view = tableView(
    rows,
    index,
    { q: '', provider: [], category: [], lifecycle: [], freeTier: '' },
    parseSort('name'),
    page,
  );
  const count = (key: 'provider' | 'category' | 'lifecycle', id: string) => rows.filter((r) => r[key] === id).length;
  return {
    ...view,
    providers: catalogue.providers.map((p) => ({ id: p.id, name: p.shortName, count: count('provider', p.id) })),
    categories: catalogue.categories
      .map((c) => ({ id: c.id, name: c.name, count: count('category', c.id) }))
      .filter((c) => c.count > 0),
    lifecycleCounts: new Map(
      ['active', 'preview', 'deprecated', 'sunset', 'retired'].map((l) => [l, count('lifecycle', l)]),
    ),
  };
}
