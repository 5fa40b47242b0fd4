/**
 * The listing filters (search words, provider, category, lifecycle, free
 * tier) as the listing pages read them from their forms. The same
 * query-string names as GET /v1/services and the /search page, so a filter
 * form submits to /search without JavaScript and filters in place with it,
 * through the same search index (core/service-index.ts) as the API.
 */
import type { ServiceQueryInput } from '../core/service-index.ts';

export interface FilterCriteria {
  q: string;
  provider: string[];
  category: string[];
  lifecycle: string[];
  /** 'true', 'false' or '' for either. */
  freeTier: '' | 'true' | 'false';
}

type ParamsLike = { getAll(name: string): string[]; get(name: string): string | null };

const list = (params: ParamsLike, name: string): string[] =>
  params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);

export function criteriaFrom(params: ParamsLike): FilterCriteria {
  const free = params.get('freeTier');
  return {
    q: (params.get('q') ?? '').trim(),
    provider: list(params, 'provider'),
    category: list(params, 'category'),
    lifecycle: list(params, 'lifecycle'),
    freeTier: free === 'true' || free === 'false' ? free : '',
  };
}

/** Lower-case, accent-free words (the same folding as the API's search), for the map's capability filter. */
export const words = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The criteria as the search index's query: the same input GET /v1/services
 * validates its parameters into, so the page and the API give one answer.
 */
export function serviceQuery(c: FilterCriteria, page = 1, pageSize = 50): ServiceQueryInput {
  return {
    ...(c.q ? { q: c.q } : {}),
    ...(c.provider.length ? { provider: c.provider } : {}),
    ...(c.category.length ? { category: c.category } : {}),
    ...(c.lifecycle.length ? { lifecycle: c.lifecycle } : {}),
    ...(c.freeTier ? { freeTier: c.freeTier === 'true' } : {}),
    page,
    pageSize,
  };
}

/** The query string for /search or /v1/services from criteria, omitting empty filters. */
export function criteriaQuery(c: FilterCriteria): string {
  const p = new URLSearchParams();
  if (c.q) p.set('q', c.q);
  if (c.provider.length) p.set('provider', c.provider.join(','));
  if (c.category.length) p.set('category', c.category.join(','));
  if (c.lifecycle.length) p.set('lifecycle', c.lifecycle.join(','));
  if (c.freeTier) p.set('freeTier', c.freeTier);
  return p.toString();
}
