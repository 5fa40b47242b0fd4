/**
 * Every operation of the API, for /v1/openapi.json. Read endpoints are
 * declared here beside their schemas; server functions declare their own.
 */
import { z } from 'zod';
import { ServiceQuery } from '../core/query.ts';
import { kebabId, LifecycleTimeline, ServiceDetail } from '../core/schemas.ts';
import { operations as feedbackOperations } from '../../functions/feedback.ts';
import { operations as listOperations } from '../../functions/lists.ts';
import { operations as markdownOperations } from '../../functions/export-markdown.ts';
import { operations as policyOperations } from '../../functions/policies.ts';
import { operations as statusOperations } from '../../functions/status.ts';
import { CategoryList, Comparison, ProviderList, ServicePage } from './contract.ts';
import { invalidParameters, notFound, type OperationSpec } from './openapi.ts';

const cached = {
  description: 'OK. Cacheable at the edge for 5 minutes; carries an ETag (send If-None-Match for a 304).',
};

export const CompareQuery = z.strictObject({
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => [
      ...new Set(
        (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(kebabId).min(1, 'give at least one service id').max(10, 'at most 10 services can be compared'))
    .describe('Service ids or slugs, comma-separated, 1 to 10'),
});

export const catalogueOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/v1/providers',
    operationId: 'listProviders',
    summary: 'List cloud providers',
    tags: ['Catalogue'],
    prerendered: true,
    responses: { 200: { ...cached, schema: ProviderList } },
  },
  {
    method: 'get',
    path: '/v1/categories',
    operationId: 'listCategories',
    summary: 'List service categories',
    tags: ['Catalogue'],
    prerendered: true,
    responses: { 200: { ...cached, schema: CategoryList } },
  },
  {
    method: 'get',
    path: '/v1/services',
    operationId: 'listServices',
    summary: 'Search, filter and page through services',
    tags: ['Catalogue'],
    description:
      'Free-text search (`q`), filters (`provider`, `category`, `lifecycle`, `freeTier`), sorting and pagination. `links` and the `Link` header point at the other pages. A service carries `lifecycle` only when it is not active and generally available.',
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
    path: '/v1/services/{slug}',
    operationId: 'getService',
    summary: 'Get one service',
    tags: ['Catalogue'],
    prerendered: true,
    pathParams: z.object({ slug: kebabId.describe('Service slug') }),
    responses: { 200: { ...cached, schema: ServiceDetail }, 404: notFound('Service') },
  },
  {
    method: 'get',
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
    path: '/v1/lifecycle',
    operationId: 'getLifecycle',
    summary: 'Every lifecycle change, past and upcoming, by date',
    tags: ['Catalogue'],
    prerendered: true,
    description:
      'Each service that is not active and generally available, with provider, id, slug, name, status, dates, successor and the vendor announcement. `upcoming` (dated today or later, soonest first) and `past` (most recent first) are relative to `today`, the day the catalogue was built; `undated` holds previews and deprecations whose vendor gave no date. The same changes are published as an Atom feed at /lifecycle.atom and an iCalendar file at /lifecycle.ics (one all-day event per dated change).',
    responses: { 200: { ...cached, schema: LifecycleTimeline } },
  },
  {
    method: 'get',
    path: '/v1/schemas/service-list.schema.json',
    operationId: 'getServiceListSchema',
    summary: 'The service list interchange format, v1 (JSON Schema draft 2020-12)',
    tags: ['Lists'],
    prerendered: true,
    description:
      "The JSON Schema every interchange document is validated against. Its `$id`, and the value a document's `$schema` must have, is this address. v1 never changes incompatibly; an incompatible format would be published under /v2/schemas/.",
    responses: {
      200: { ...cached, jsonSchema: { type: 'object', description: 'A JSON Schema (draft 2020-12) document' } },
    },
  },
  {
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApi',
    summary: 'This OpenAPI description',
    tags: ['Operations'],
    prerendered: true,
    responses: { 200: { ...cached, jsonSchema: { type: 'object' } } },
  },
];

export const allOperations: OperationSpec[] = [
  ...catalogueOperations,
  ...policyOperations,
  ...markdownOperations,
  ...listOperations,
  ...feedbackOperations,
  ...statusOperations,
];
