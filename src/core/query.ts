/**
 * The query of GET /v1/services (and the /search page): one zod schema that
 * validates the parameters and describes them in the OpenAPI document. The
 * index that answers it is ./service-index.ts.
 */
import { z } from 'zod';
import { kebabId, lifecycleFilterValues, queryInteger } from './schemas.ts';
import { maxPageSize, sortKeys } from './service-index.ts';

export { createServiceIndex, maxPageSize, sortKeys } from './service-index.ts';
export type { ServiceIndex, ServicePage, ServiceExplanation } from './service-index.ts';
export { fold, searchWords } from './search.ts';

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

/** The longest search text taken; the site's search boxes take no more. */
export const MAX_QUERY_LENGTH = 200;

export const ServiceQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .max(MAX_QUERY_LENGTH)
    .optional()
    .describe(
      "Free-text search over the service's name, short name, acronyms, former names, policy identifiers, " +
        'keywords, sub-services, category and description (case- and accent-insensitive). Each word matches ' +
        'exactly (a plural counts as the word itself), as the start of a word, through a reviewed synonym (k8s, vm, pg…) or with a typo (one edit ' +
        'from 4 letters, two from 8); every word must match except provider names (aws, azure, google…) and ' +
        'filler words (managed, service…), which only add to the score. An IAM action (`s3:GetObject`) or an ARN ' +
        '(`arn:aws:s3:::my-bucket`) pasted whole searches for the service its prefix names.',
    ),
  provider: csv(kebabId)
    .optional()
    .describe('Provider ids, comma-separated (any of, at most 50); an id no provider has is refused (400)'),
  category: csv(kebabId)
    .optional()
    .describe('Category ids, comma-separated (any of, at most 50); an id no category has is refused (400)'),
  lifecycle: csv(z.enum(lifecycleFilterValues))
    .optional()
    .describe('Lifecycle statuses, comma-separated (at most 50); `active` means no lifecycle block'),
  freeTier: boolParam.optional().describe('Only services with (true) or without (false) a free tier'),
  sort: z
    .enum(['relevance', ...sortKeys, ...sortKeys.map((k) => `-${k}` as const)])
    .optional()
    .describe(
      "Order: `relevance` (the default when `q` is given: best match first, each cloud's best match among " +
        'the first results) or a sort key, prefixed with - for descending (default `name` without `q`). Ties ' +
        'break on the name, then the id, in that order whichever way the key runs (`-provider`: Google Cloud ' +
        'first, its services A to Z). `relevance` without `q` is the name order.',
    ),
  explain: boolParam
    .optional()
    .describe(
      "With `q`: add each result's relevance `score` and the `matches` that earned it (for debugging relevance)",
    ),
  page: queryInteger(1, 100_000, 1).describe('1-based page number'),
  pageSize: queryInteger(1, maxPageSize, 50).describe(`Services per page (1 to ${maxPageSize})`),
});
export type ServiceQuery = z.output<typeof ServiceQuery>;

/** The ids a catalogue's filters can name: its providers' and its categories'. */
export interface FilterIds {
  providers: readonly { id: string }[];
  categories: readonly { id: string }[];
}

/**
 * ServiceQuery held to one catalogue: a provider or category id it does not
 * have is refused, as an unknown lifecycle is, rather than matching nothing
 * (`provider=amazon` answered an empty page, as if no service matched). The
 * ids come from the content, so they are checked here rather than listed in
 * the schema; the message lists the providers (three) but not the categories
 * (GET /v1/categories has them), and never repeats what was sent.
 */
export function serviceQueryOf(catalogue: FilterIds) {
  let query = queries.get(catalogue);
  if (!query) queries.set(catalogue, (query = makeServiceQuery(catalogue)));
  return query;
}

const makeServiceQuery = ({ providers, categories }: FilterIds) => {
  const providerIds = new Set(providers.map((p) => p.id));
  const categoryIds = new Set(categories.map((c) => c.id));
  return ServiceQuery.superRefine((query, ctx) => {
    if (query.provider?.some((id) => !providerIds.has(id)))
      ctx.addIssue({
        code: 'custom',
        path: ['provider'],
        message: `no provider has this id; the ids are ${[...providerIds].join(', ')}`,
      });
    if (query.category?.some((id) => !categoryIds.has(id)))
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'no category of the catalogue has this id' });
  });
};

/** Each catalogue's schema, made once: a server has one catalogue, a test a few. */
const queries = new WeakMap<FilterIds, ReturnType<typeof makeServiceQuery>>();
