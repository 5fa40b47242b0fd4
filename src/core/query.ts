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
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(50));

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ServiceQuery = z.strictObject({
  q: z.string().trim().max(200).optional().describe('Free-text search over names, descriptions, keywords and sub-services'),
  provider: csv(kebabId).optional().describe('Provider ids, comma-separated (any of)'),
  category: csv(kebabId).optional().describe('Category ids, comma-separated (any of)'),
  lifecycle: csv(z.enum(lifecycleFilterValues)).optional().describe('Lifecycle statuses, comma-separated; `active` means no lifecycle block'),
  freeTier: boolParam.optional().describe('Only services with (true) or without (false) a free tier'),
  sort: z
    .enum([...sortKeys, ...sortKeys.map((k) => `-${k}` as const)])
    .default('name')
    .describe('Sort key; prefix with - for descending. Ties break on id.'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('1-based page number'),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(50).describe(`Services per page (1 to ${maxPageSize})`),
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
export const fold = (s: string): string => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function createServiceIndex(catalogue: Catalogue): ServiceIndex {
  const services = catalogue.services;
  const text = services.map((s) =>
    fold([s.id, s.name, s.shortName, s.description, ...s.keywords, ...s.subServices.map((x) => `${x.name} ${x.description}`)].join('\n')),
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
      const order = services.map((_, i) => i);
      order.sort((a, b) => collator.compare(keyOf[k](services[a]!), keyOf[k](services[b]!)) || (services[a]!.id < services[b]!.id ? -1 : 1));
      return [k, Int32Array.from(order)];
    }),
  ) as Record<(typeof sortKeys)[number], Int32Array>;

  return {
    query(q) {
      const terms = q.q ? fold(q.q).split(/\s+/).filter(Boolean) : [];
      const providers = q.provider?.length ? new Set(q.provider) : undefined;
      const categories = q.category?.length ? new Set(q.category) : undefined;
      const lifecycles = q.lifecycle?.length ? new Set<string>(q.lifecycle) : undefined;
      const descending = q.sort.startsWith('-');
      const order = orders[q.sort.replace(/^-/, '') as (typeof sortKeys)[number]];
      const start = (q.page - 1) * q.pageSize;
      const items: ServiceEntry[] = [];
      let total = 0;
      for (let n = 0; n < order.length; n++) {
        const i = order[descending ? order.length - 1 - n : n]!;
        const s = services[i]!;
        if (providers && !providers.has(s.provider)) continue;
        if (categories && !categories.has(s.category)) continue;
        if (lifecycles && !lifecycles.has(s.lifecycle?.status ?? 'active')) continue;
        if (q.freeTier !== undefined && s.hasFreeTier !== q.freeTier) continue;
        if (terms.length) {
          const t = text[i]!;
          if (!terms.every((term) => t.includes(term))) continue;
        }
        if (total >= start && items.length < q.pageSize) items.push(s);
        total++;
      }
      return { items, total, page: q.page, pageSize: q.pageSize, totalPages: Math.max(1, Math.ceil(total / q.pageSize)) };
    },
  };
}
