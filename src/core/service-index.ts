/**
 * Search, filter, sort and page services: the index built once per catalogue
 * (at start-up, from the built data; in the browser from /catalogue.json).
 * Free text goes through the relevance engine (./search.ts); the facet
 * filters read small integer codes in typed arrays; the other orders are
 * sorted once at build, so a query without relevance is one linear pass.
 * Free of zod so the browser runs exactly this code (query.ts holds the
 * HTTP schema).
 */
import type { Catalogue } from './catalogue.ts';
import type { ServiceEntry } from './schemas.ts';
import { buildSearchIndex, createSearchEngine, type SearchIndex, type SearchMatch, type Synonym } from './search.ts';

export const sortKeys = ['name', 'id', 'provider', 'category'] as const;
export type SortKey = (typeof sortKeys)[number];
export type SortOrder = 'relevance' | SortKey | `-${SortKey}`;
export const maxPageSize = 100;

/** A validated query (the output of the ServiceQuery schema). */
export interface ServiceQueryInput {
  q?: string | undefined;
  provider?: readonly string[] | undefined;
  category?: readonly string[] | undefined;
  lifecycle?: readonly string[] | undefined;
  freeTier?: boolean | undefined;
  /** Absent: relevance when `q` is given, name otherwise. */
  sort?: SortOrder | undefined;
  explain?: boolean | undefined;
  page: number;
  pageSize: number;
}

export interface ServiceExplanation {
  score: number;
  matches: SearchMatch[];
}

export interface ServicePage {
  items: ServiceEntry[];
  /** With `explain` and relevance order: each item's score and what matched, in item order. */
  explanations?: ServiceExplanation[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export interface ServiceIndex {
  query(q: ServiceQueryInput): ServicePage;
}

/** The index createServiceIndex builds, which holds its relevance engine's index for a build to save (search-index-file.ts). */
export interface SavableServiceIndex extends ServiceIndex {
  readonly searchIndex: SearchIndex;
}

/**
 * A string whose code-unit order is the collator's order (English, base
 * sensitivity, numeric) for names made only of ASCII letters, digits and
 * spaces: letters lower-cased, each run of digits as its length then its
 * digits without leading zeros (space < digits < letters, as in the
 * collator). Undefined for any other name, which the collator compares.
 * Comparing plain strings is several times faster than the collator, which
 * matters when sorting 100,000 names; a property test holds it to the
 * collator.
 */
export function nameSortKey(name: string): string | undefined {
  let out = '';
  for (let i = 0; i < name.length;) {
    const c = name.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      let end = i;
      while (end < name.length && name.charCodeAt(end) >= 48 && name.charCodeAt(end) <= 57) end++;
      let start = i;
      while (start < end && name.charCodeAt(start) === 48) start++;
      if (end - start > 40) return undefined;
      out += String.fromCharCode(48 + end - start) + name.slice(start, end);
      i = end;
    } else if (c === 32 || (c >= 97 && c <= 122)) {
      out += name[i];
      i++;
    } else if (c >= 65 && c <= 90) {
      out += String.fromCharCode(c + 32);
      i++;
    } else return undefined;
  }
  return out;
}

/** An order reversed, but each run of equal keys kept in its own order (one pass: no second sort of every name). */
function reverseKeepingTies(order: Int32Array, compare: (a: number, b: number) => number): Int32Array {
  const out = Int32Array.from(order).reverse();
  for (let start = 0; start < out.length;) {
    let end = start + 1;
    while (end < out.length && compare(out[start]!, out[end]!) === 0) end++;
    out.subarray(start, end).reverse();
    start = end;
  }
  return out;
}

/**
 * The index of `catalogue`. `searchIndex`, when given, must have been built
 * from this catalogue (a build's saved one, checked by its version): the
 * relevance engine then uses it instead of building one.
 */
export function createServiceIndex(
  catalogue: Catalogue,
  synonyms: readonly Synonym[] = [],
  searchIndex?: SearchIndex,
): SavableServiceIndex {
  const services = catalogue.services;
  const n = services.length;
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const ids = services.map((s) => s.id);
  const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : 1);

  // Name order with one sort (plain string keys where the collator's order
  // allows, the collator otherwise); provider and category orders are stable
  // regroupings of it (their own key, then the name) by counting, instead of
  // three more sorts of every service.
  const names = services.map((s) => s.name);
  const nameKeys = names.map(nameSortKey);
  const compareNames = (a: number, b: number): number => {
    const ka = nameKeys[a];
    const kb = nameKeys[b];
    if (ka !== undefined && kb !== undefined) return ka < kb ? -1 : ka > kb ? 1 : 0;
    return collator.compare(names[a]!, names[b]!);
  };
  const nameOrder = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => compareNames(a, b) || byId(a, b));
  const regroup = (keyOf: (s: ServiceEntry) => string, descending = false) => {
    const keys = services.map(keyOf);
    const distinct = [...new Set(keys)].sort(collator.compare);
    if (descending) distinct.reverse();
    const rankOf = new Map(distinct.map((k, i) => [k, i]));
    const group = Int32Array.from(keys, (k) => rankOf.get(k)!);
    // Counting sort: each group's services in name order.
    const start = new Int32Array(distinct.length + 1);
    for (const g of group) start[g + 1]!++;
    for (let g = 0; g < distinct.length; g++) start[g + 1]! += start[g]!;
    const out = new Int32Array(n);
    for (const doc of nameOrder) out[start[group[doc]!]!++] = doc;
    return out;
  };
  const providerOf = (s: ServiceEntry) => s.provider;
  const categoryOf = (s: ServiceEntry) => catalogue.category(s.category)?.name ?? s.category;
  const orders: Record<SortKey, Int32Array> = {
    name: nameOrder,
    id: Int32Array.from(nameOrder).sort(byId),
    provider: regroup(providerOf),
    category: regroup(categoryOf),
  };
  // Descending reverses the key, not the ties: `-provider` lists Google Cloud first, its services still A to Z.
  const descendingOrders: Record<SortKey, Int32Array> = {
    name: reverseKeepingTies(orders.name, compareNames),
    id: Int32Array.from(orders.id).reverse(),
    provider: regroup(providerOf, true),
    category: regroup(categoryOf, true),
  };
  const nameRank = new Int32Array(n);
  orders.name.forEach((doc, rank) => (nameRank[doc] = rank));

  const engineOptions = { services, categoryName: (id: string) => catalogue.category(id)?.name, synonyms, nameRank };
  const relevanceIndex = searchIndex ?? buildSearchIndex(engineOptions);
  const engine = createSearchEngine(engineOptions, relevanceIndex);

  // Facets as small integer codes in typed arrays, so a filter pass over the
  // pre-sorted order reads a few contiguous bytes per service instead of
  // dereferencing every service object (at 100,000 services that is the
  // difference between cache misses and a tight loop).
  const codes = (valueOf: (s: ServiceEntry) => string) => {
    const ids = new Map<string, number>();
    const column = new Uint16Array(n);
    services.forEach((s, i) => {
      const v = valueOf(s);
      if (!ids.has(v)) ids.set(v, ids.size);
      column[i] = ids.get(v)!;
    });
    /** Which codes a filter accepts; undefined when the filter is absent. */
    const accepted = (values: readonly string[] | undefined): Uint8Array | undefined => {
      if (!values?.length) return undefined;
      const ok = new Uint8Array(ids.size);
      for (const v of values) {
        const code = ids.get(v);
        if (code !== undefined) ok[code] = 1;
      }
      return ok;
    };
    return { column, accepted };
  };
  const providerFacet = codes((s) => s.provider);
  const categoryFacet = codes((s) => s.category);
  const lifecycleFacet = codes((s) => s.lifecycle?.status ?? 'active');
  const freeTierFacet = codes((s) => String(s.hasFreeTier));
  const matched = new Uint8Array(n);

  return {
    searchIndex: relevanceIndex,
    query(q) {
      const providers = providerFacet.accepted(q.provider);
      const categories = categoryFacet.accepted(q.category);
      const lifecycles = lifecycleFacet.accepted(q.lifecycle);
      const freeTier = freeTierFacet.accepted(q.freeTier === undefined ? undefined : [String(q.freeTier)]);
      const accept = (i: number) =>
        !(
          (providers && !providers[providerFacet.column[i]!]) ||
          (categories && !categories[categoryFacet.column[i]!]) ||
          (lifecycles && !lifecycles[lifecycleFacet.column[i]!]) ||
          (freeTier && !freeTier[freeTierFacet.column[i]!])
        );
      const text = q.q?.trim() ?? '';
      const sort = q.sort ?? (text ? 'relevance' : 'name');
      const start = (q.page - 1) * q.pageSize;
      const pageOf = (items: ServiceEntry[], total: number, explanations?: ServiceExplanation[]): ServicePage => ({
        items,
        ...(explanations ? { explanations } : {}),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      });

      const relevance = sort === 'relevance';
      const hits = text ? engine.search(text, accept, relevance ? start + q.pageSize : 0) : undefined;
      if (hits && relevance) {
        const slice = hits.top.slice(start, start + q.pageSize);
        const explanations = q.explain
          ? engine
              .explain(
                text,
                slice.map((h) => h.index),
              )
              .map((matches, i) => ({ score: slice[i]!.score, matches }))
          : undefined;
        return pageOf(
          slice.map((h) => services[h.index]!),
          hits.total,
          explanations,
        );
      }

      // A fixed order (relevance without a query is the name order).
      if (hits) {
        matched.fill(0);
        for (const i of hits.matched) matched[i] = 1;
      }
      const key = (sort === 'relevance' ? 'name' : sort.replace(/^-/, '')) as SortKey;
      const order = sort.startsWith('-') ? descendingOrders[key] : orders[key];
      const items: ServiceEntry[] = [];
      let total = 0;
      for (let k = 0; k < n; k++) {
        const i = order[k]!;
        if (hits ? !matched[i] : !accept(i)) continue;
        if (total >= start && items.length < q.pageSize) items.push(services[i]!);
        total++;
      }
      if (!q.explain || !hits) return pageOf(items, total);
      // Scores for a page in another order: rank every match (explain is for debugging, not speed).
      const all = engine.search(text, accept, hits.total).top;
      const scoreOf = new Map(all.map((h) => [services[h.index]!, h]));
      const indexes = items.map((s) => scoreOf.get(s)!.index);
      return pageOf(
        items,
        total,
        engine.explain(text, indexes).map((matches, i) => ({ score: scoreOf.get(items[i]!)!.score, matches })),
      );
    },
  };
}
