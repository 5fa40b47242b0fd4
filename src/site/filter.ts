/**
 * The listing filters (provider, category, lifecycle, free tier) as the
 * listing pages apply them in the browser. The same query-string names as
 * GET /v1/services and the /search page, so a filter form submits to /search
 * without JavaScript and filters in place with it.
 */

export interface FilterCriteria {
  q: string;
  provider: string[];
  category: string[];
  lifecycle: string[];
  /** 'true', 'false' or '' for either. */
  freeTier: '' | 'true' | 'false';
}

export interface FilterableRow {
  provider: string;
  category: string;
  /** `active` when the service has no lifecycle block. */
  lifecycle: string;
  freeTier: boolean;
  /** Folded search words of the row (name, id, description, keywords). */
  text: string;
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

/** Lower-case, accent-free words (the same folding as the API's search). */
export const words = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Every query word must start a word of the row: the API's rule, so in-place and server results agree. */
export function matches(row: FilterableRow, c: FilterCriteria): boolean {
  if (c.provider.length && !c.provider.includes(row.provider)) return false;
  if (c.category.length && !c.category.includes(row.category)) return false;
  if (c.lifecycle.length && !c.lifecycle.includes(row.lifecycle)) return false;
  if (c.freeTier && String(row.freeTier) !== c.freeTier) return false;
  if (c.q) {
    const rowWords = row.text.split(' ');
    return words(c.q).every((w) => rowWords.some((r) => r.startsWith(w)));
  }
  return true;
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
