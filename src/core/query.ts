/**
 * Search, filter, sort and paginate services. The index is built once per
 * catalogue (at start-up, from the built data): per-service search text and
 * pre-sorted orders, so a query is one linear pass with no sorting.
 */
import { z } from 'zod';
import type { Catalogue } from './catalogue.ts';
import { kebabId, lifecycleFilterValues, type ServiceEntry } from './schemas.ts';

export const sortKeys = ['name', 'id', 'provider', 'category'] as const;
export const maxPageSize = 100;

/** A comma-separated list of values from `item`, given once or repeated. */
const csv = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(50));

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ServiceQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe(
      "Free-text search: every word must start a word of the service's name, id, description, keywords or sub-services (case- and accent-insensitive)",
    ),
  provider: csv(kebabId).optional().describe('Provider ids, comma-separated (any of)'),
  category: csv(kebabId).optional().describe('Category ids, comma-separated (any of)'),
  lifecycle: csv(z.enum(lifecycleFilterValues))
    .optional()
    .describe('Lifecycle statuses, comma-separated; `active` means no lifecycle block'),
  freeTier: boolParam.optional().describe('Only services with (true) or without (false) a free tier'),
  sort: z
    .enum([...sortKeys, ...sortKeys.map((k) => `-${k}` as const)])
    .default('name')
    .describe('Sort key; prefix with - for descending. Ties break on id.'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page number'),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(maxPageSize)
    .default(50)
    .describe(`Services per page (1 to ${maxPageSize})`),
});
export type ServiceQuery = z.output<typeof ServiceQuery>;

export interface ServicePage {
  items: ServiceEntry[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export interface ServiceIndex {
  query(q: ServiceQuery): ServicePage;
}

/** Lower-case, accent-free text for matching. */
export const fold = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Search words of a text: folded, split on anything that is not a letter or digit. */
export const searchWords = (text: string): string[] =>
  fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * A word-prefix index: the sorted vocabulary of every service's search words,
 * each with the services that contain it. A query term matches the services
 * having a word that starts with it, found by binary search in the vocabulary,
 * so a search costs the matching postings rather than a scan of all text.
 */
function createWordIndex(texts: string[]) {
  const postings = new Map<string, number[]>();
  texts.forEach((text, i) => {
    for (const w of new Set(searchWords(text))) {
      const list = postings.get(w);
      if (list) list.push(i);
      else postings.set(w, [i]);
    }
  });
  const vocabulary = [...postings.keys()].sort();
  const lists = vocabulary.map((w) => Int32Array.from(postings.get(w)!));
  // Per-query scratch: how many terms each service has matched so far.
  const matched = new Uint16Array(texts.length);

  /** Marks services matching every term; returns the mark value (0 when there are no terms). */
  function match(terms: string[]): { marks: Uint16Array; need: number } {
    matched.fill(0);
    terms.forEach((term, k) => {
      let lo = 0;
      let hi = vocabulary.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (vocabulary[mid]! < term) lo = mid + 1;
        else hi = mid;
      }
      for (let w = lo; w < vocabulary.length && vocabulary[w]!.startsWith(term); w++) {
        const list = lists[w]!;
        for (let j = 0; j < list.length; j++) if (matched[list[j]!] === k) matched[list[j]!] = k + 1;
      }
    });
    return { marks: matched, need: terms.length };
  }
  return { match };
}

export function createServiceIndex(catalogue: Catalogue): ServiceIndex {
  const services = catalogue.services;
  const wordIndex = createWordIndex(
    services.map((s) =>
      [
        s.id,
        s.name,
        s.shortName,
        s.description,
        ...s.keywords,
        ...s.subServices.map((x) => `${x.name} ${x.description}`),
      ].join('\n'),
    ),
  );
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const keyOf: Record<(typeof sortKeys)[number], (s: ServiceEntry) => string> = {
    name: (s) => s.name,
    id: (s) => s.id,
    provider: (s) => `${s.provider}\u0000${s.name}`,
    category: (s) => `${catalogue.category(s.category)?.name ?? s.category}\u0000${s.name}`,
  };
  const orders = Object.fromEntries(
    sortKeys.map((k) => {
      const keys = services.map(keyOf[k]);
      const order = services.map((_, i) => i);
      order.sort((a, b) => collator.compare(keys[a]!, keys[b]!) || (services[a]!.id < services[b]!.id ? -1 : 1));
      return [k, Int32Array.from(order)];
    }),
  ) as Record<(typeof sortKeys)[number], Int32Array>;

  // Facets as small integer codes in typed arrays, so a filter pass over the
  // pre-sorted order reads a few contiguous bytes per service instead of
  // dereferencing every service object (at 100,000 services that is the
  // difference between cache misses and a tight loop).
  const codes = <K extends string>(valueOf: (s: ServiceEntry) => K) => {
    const ids = new Map<string, number>();
    const column = new Uint16Array(services.length);
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

  return {
    query(q) {
      const terms = q.q ? [...new Set(searchWords(q.q))] : [];
      const hit = terms.length ? wordIndex.match(terms) : undefined;
      const providers = providerFacet.accepted(q.provider);
      const categories = categoryFacet.accepted(q.category);
      const lifecycles = lifecycleFacet.accepted(q.lifecycle);
      const freeTier = freeTierFacet.accepted(q.freeTier === undefined ? undefined : [String(q.freeTier)]);
      const descending = q.sort.startsWith('-');
      const order = orders[q.sort.replace(/^-/, '') as (typeof sortKeys)[number]];
      const start = (q.page - 1) * q.pageSize;
      const items: ServiceEntry[] = [];
      let total = 0;
      for (let n = 0; n < order.length; n++) {
        const i = order[descending ? order.length - 1 - n : n]!;
        if (hit && hit.marks[i] !== hit.need) continue;
        if (providers && !providers[providerFacet.column[i]!]) continue;
        if (categories && !categories[categoryFacet.column[i]!]) continue;
        if (lifecycles && !lifecycles[lifecycleFacet.column[i]!]) continue;
        if (freeTier && !freeTier[freeTierFacet.column[i]!]) continue;
        if (total >= start && items.length < q.pageSize) items.push(services[i]!);
        total++;
      }
      return {
        items,
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
      };
    },
  };
}
