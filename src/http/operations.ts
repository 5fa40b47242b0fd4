/**
 * The catalogue's read operations (served by the routes under src/pages/v1),
 * declared beside their schemas for /v1/openapi.json. Server functions
 * declare their own operations; src/data/openapi.ts puts them all together.
 */
import { z } from 'zod';
import { ServiceQuery } from '../core/query.ts';
import { CapabilityMap } from '../core/map.ts';
import { kebabId, LifecycleTimeline, ServiceDetail } from '../core/schemas.ts';
import { CategoryList, Comparison, ProviderList, ServicePage } from './contract.ts';
import { CATALOGUE_CACHE_CONTROL } from './headers.ts';
import { invalidParameters, notFound, type OperationSpec } from './openapi.ts';

const cached = { description: 'OK. Cacheable at the edge for 5 minutes.' };
/** What a catalogue read says of caching: the same for all, since they change only with a build. */
const catalogueRead = { cacheControl: CATALOGUE_CACHE_CONTROL };

export const CompareQuery = z.strictObject({
  ids: z
    .union([z.string(), z.array(z.string())], {
      // Left out entirely, `ids` says what it needs, as an empty `ids=` does.
      error: (issue) => (issue.input === undefined ? 'give at least one service id' : undefined),
    })
    .transform((v) => [
      ...new Set(
        (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(kebabId).min(1, 'give at least one service id').max(10, 'at most 10 services can be compared'))
    .describe('Service ids or slugs, comma-separated, 1 to 10 (an id given twice counts once)'),
});

export const catalogueOperations: OperationSpec[] = [
  {
    method: 'get',
    ...catalogueRead,
    path: '/v1/providers',
    operationId: 'listProviders',
    summary: 'List cloud providers',
    tags: ['Catalogue'],
    responses: { 200: { ...cached, schema: ProviderList } },
  },
  {
    method: 'get',
    ...catalogueRead,
    path: '/v1/categories',
    operationId: 'listCategories',
    summary: 'List service categories',
    tags: ['Catalogue'],
    responses: { 200: { ...cached, schema: CategoryList } },
  },
  {
    method: 'get',
    ...catalogueRead,
    path: '/v1/map',
    operationId: 'getCapabilityMap',
    summary: 'The cross-cloud map: one row per capability, the services of each cloud side by side',
    tags: ['Catalogue'],
    description:
      "Built from the services' `equivalents`: in a row, every service is a direct equivalent of every " +
      'service of the row on the other clouds; a cloud with several such services lists them main one ' +
      'first (active before preview, deprecated, sunset and retired). A service without equivalents is a ' +
      'row of its own (`singleCloud`). Retired services are included, marked by `lifecycleStatus`. The ' +
      'same map as CSV and markdown: `/map.csv`, `/map.md`.',
    responses: { 200: { ...cached, schema: CapabilityMap } },
  },
  {
    method: 'get',
    ...catalogueRead,
    path: '/v1/services',
    operationId: 'listServices',
    summary: 'Search, filter and page through services',
    tags: ['Catalogue'],
    description:
      'Free-text search (`q`), filters (`provider`, `category`, `lifecycle`, `freeTier`), sorting ' +
      'and pagination. `links` and the `Link` header point at the other pages. A service carries ' +
      '`lifecycle` only when it is not active and generally available.',
    query: ServiceQuery,
    responses: {
      200: {
        ...cached,
        schema: ServicePage,
        headers: { Link: { description: 'RFC 8288 links: first, prev, next, last' } },
      },
      400: invalidParameters(),
    },
  },
  {
    method: 'get',
    ...catalogueRead,
    path: '/v1/services/{slug}',
    operationId: 'getService',
    summary: 'Get one service',
    tags: ['Catalogue'],
    pathParams: z.object({ slug: kebabId.describe('Service slug') }),
    responses: { 200: { ...cached, schema: ServiceDetail }, 404: notFound('Service') },
  },
  {
    method: 'get',
    ...catalogueRead,
    path: '/v1/compare',
    operationId: 'compareServices',
    summary: 'Compare up to 10 services side by side',
    tags: ['Catalogue'],
    description:
      'Each service is returned in full, with its equivalents on the other clouds resolved. Unknown ids answer 404 naming them; more than 10 ids answer 400.',
    query: CompareQuery,
    responses: {
      200: { ...cached, schema: Comparison },
      400: invalidParameters(),
      404: notFound('One or more services'),
    },
  },
  {
    method: 'get',
    ...catalogueRead,
    path: '/v1/lifecycle',
    operationId: 'getLifecycle',
    summary: 'Every lifecycle change, past and upcoming, by date',
    tags: ['Catalogue'],
    description:
      'Each service that is not active and generally available, with provider, id, slug, name, status, ' +
      'dates, successor and the vendor announcement. `upcoming` (dated today or later, soonest first) and ' +
      '`past` (most recent first) are relative to `today`, the day the catalogue was built; `undated` ' +
      'holds previews and deprecations whose vendor gave no date. The same changes are published as an ' +
      'Atom feed at /lifecycle.atom and an iCalendar file at /lifecycle.ics (one all-day event per dated ' +
      'change).',
    responses: { 200: { ...cached, schema: LifecycleTimeline } },
  },
  {
    method: 'get',
    ...catalogueRead,
    path: '/v1/schemas/service-list.schema.json',
    operationId: 'getServiceListSchema',
    summary: 'The service list interchange format, v1 (JSON Schema draft 2020-12)',
    tags: ['Lists'],
    description:
      'The JSON Schema every interchange document is validated against. Its `$id`, and the value a ' +
      "document's `$schema` must have, is this address. v1 never changes incompatibly; an " +
      'incompatible format would be published under /v2/schemas/.',
    responses: {
      200: { ...cached, jsonSchema: { type: 'object', description: 'A JSON Schema (draft 2020-12) document' } },
    },
  },
  {
    method: 'get',
    ...catalogueRead,
    path: '/v1/openapi.json',
    operationId: 'getOpenApi',
    summary: 'This OpenAPI description',
    tags: ['Operations'],
    responses: { 200: { ...cached, jsonSchema: { type: 'object' } } },
  },
];
