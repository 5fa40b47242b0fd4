/**
 * The compact service index the services table and the compare picker load
 * (/services-index.json, prerendered): one array per service, so 650
 * services cost a few kilobytes gzipped rather than the whole catalogue.
 * Also the table's pure logic: filtering (the catalogue search rule, shared
 * with the listing filters), sorting and paging, unit-tested here.
 */
import type { Catalogue } from '../core/catalogue.ts';
import { serviceIconPath } from '../core/catalogue.ts';
import { matches, type FilterCriteria } from './filter.ts';
import { serviceRow, type ServiceRow } from './view.ts';
import { words } from './filter.ts';

/** [id, slug, name, provider, category, lifecycle, hasFreeTier (1/0), search words]. */
export type IndexEntry = [string, string, string, string, string, string, 0 | 1, string];

export interface ServiceIndexData {
  providers: { id: string; name: string }[];
  categories: { id: string; name: string }[];
  services: IndexEntry[];
}

export function serviceIndexData(catalogue: Catalogue): ServiceIndexData {
  return {
    providers: catalogue.providers.map((p) => ({ id: p.id, name: p.shortName })),
    categories: catalogue.categories.map((c) => ({ id: c.id, name: c.name })),
    services: [...catalogue.services]
      .sort((a, b) => a.name.localeCompare(b.name, 'en'))
      .map((s) => {
        const r = serviceRow(catalogue, s);
        return [
          r.id,
          r.slug,
          r.name,
          r.provider,
          r.category,
          r.lifecycle,
          r.hasFreeTier ? 1 : 0,
          [...new Set([...r.text.split(' '), ...words(`${r.name} ${r.description}`)])].join(' '),
        ];
      }),
  };
}

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
> & { text: string };

export function tableRows(data: ServiceIndexData): TableRow[] {
  const pn = new Map(data.providers.map((p) => [p.id, p.name]));
  const cn = new Map(data.categories.map((c) => [c.id, c.name]));
  return data.services.map(([id, slug, name, provider, category, lifecycle, free, text]) => ({
    id,
    slug,
    name,
    provider,
    providerName: pn.get(provider) ?? provider,
    category,
    categoryName: cn.get(category) ?? category,
    lifecycle: lifecycle as TableRow['lifecycle'],
    hasFreeTier: free === 1,
    icon: serviceIconPath(id),
    text,
  }));
}

export const SORT_KEYS = ['name', 'provider', 'category', 'lifecycle', 'freeTier'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface Sort {
  key: SortKey;
  descending: boolean;
}
export const PAGE_SIZE = 50;

/** `name`, `-category`…; anything else is the default, name ascending. */
export function parseSort(value: string | null | undefined): Sort {
  const descending = value?.startsWith('-') ?? false;
  const key = (value ?? '').replace(/^-/, '') as SortKey;
  return SORT_KEYS.includes(key) ? { key, descending } : { key: 'name', descending: false };
}
export const sortParam = (s: Sort): string => `${s.descending ? '-' : ''}${s.key}`;

const lifecycleOrder = ['active', 'preview', 'deprecated', 'sunset', 'retired'];
const sortValue = (r: TableRow, key: SortKey): string | number =>
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

/** Filtered with the catalogue's rules, sorted (ties by name, stable), one page cut out. Page numbers are clamped. */
export function tableView(
  rows: readonly TableRow[],
  criteria: FilterCriteria,
  sort: Sort,
  page: number,
): { rows: TableRow[]; total: number; page: number; pages: number } {
  const hits = rows.filter((r) =>
    matches(
      { provider: r.provider, category: r.category, lifecycle: r.lifecycle, freeTier: r.hasFreeTier, text: r.text },
      criteria,
    ),
  );
  const dir = sort.descending ? -1 : 1;
  hits.sort((a, b) => {
    const va = sortValue(a, sort.key);
    const vb = sortValue(b, sort.key);
    const c = typeof va === 'number' ? va - (vb as number) : va.localeCompare(vb as string, 'en');
    return c * dir || a.name.localeCompare(b.name, 'en');
  });
  const pages = Math.max(1, Math.ceil(hits.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { rows: hits.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE), total: hits.length, page: current, pages };
}

/** What the prerendered /services and /services/page/<n> pages show: one page by name, and the filter counts. */
export function servicesPageProps(catalogue: Catalogue, page: number) {
  const rows = tableRows(serviceIndexData(catalogue));
  const view = tableView(
    rows,
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
