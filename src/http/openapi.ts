/**
 * Builds /v1/openapi.json (OpenAPI 3.1) from the zod schemas: components from
 * every schema registered with `.meta({ id })`, and one entry per operation
 * declared by the route and function modules (`operations` exports). Nothing
 * here restates a shape by hand.
 */
import { z } from 'zod';
import { Problem } from '../core/schemas.ts';
import { serviceListSchema } from '../core/service-list.ts';
import { KEPT_REQUEST_ID } from './headers.ts';

export const API_VERSION = '1.5.0';

type JsonSchema = Record<string, unknown>;

export interface ResponseSpec {
  description: string;
  /** zod schema of the JSON body, or a ready JSON Schema for non-JSON bodies. */
  schema?: z.ZodType;
  contentType?: string;
  /** Plain JSON Schema for bodies no zod schema describes (markdown text, provider policy documents). */
  jsonSchema?: JsonSchema;
  headers?: Record<string, { description: string; schema?: JsonSchema }>;
  /** Further media types the same status can answer with (content negotiation). */
  alsoAs?: { contentType: string; schema?: z.ZodType; jsonSchema?: JsonSchema }[];
}

export interface OperationSpec {
  method: 'get' | 'post';
  /** OpenAPI path template, e.g. /v1/services/{slug}. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  query?: z.ZodObject;
  pathParams?: z.ZodObject;
  /**
   * `alternatives`: further accepted body shapes given as ready JSON Schemas
   * (such as a $ref to the published interchange schema); the body is then
   * documented as oneOf [schema, ...alternatives].
   */
  requestBody?: { schema: z.ZodType; description?: string; alternatives?: JsonSchema[] };
  responses: Record<string, ResponseSpec>;
  /** POST endpoints: rate-limit headers, 413/415/429/503 answers, no-store. */
  mutation?: boolean;
  /**
   * GET endpoints: the Cache-Control their 200 carries, when every answer carries the same (a saved list's depends
   * on its expiry, and its 200 describes the header itself). Every GET's 200 is documented with its ETag and a 304.
   */
  cacheControl?: string;
  /**
   * GET endpoints that measure at each request (health, status): their answer holds the store's latency or the time
   * of that measurement, so its ETag changes with it and a revalidation is almost never a 304.
   */
  measuredEachRequest?: true;
}

const REF = '#/components/schemas/';

/**
 * The interchange schema (schemas/v1/service-list.schema.json) as an OpenAPI
 * component, so request bodies can reference it instead of restating it:
 * its $defs become components prefixed `ServiceListV1_`.
 */
export const SERVICE_LIST_COMPONENT = 'ServiceListV1';
export const serviceListRef: JsonSchema = { $ref: `${REF}${SERVICE_LIST_COMPONENT}` };

function serviceListComponents(schemaUrl: string): Record<string, JsonSchema> {
  const {
    $schema: _s,
    $id,
    $defs,
    ...root
  } = serviceListSchema(schemaUrl) as JsonSchema & { $defs: Record<string, JsonSchema> };
  const rewrite = (s: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(s).replaceAll('"#/$defs/', `"${REF}${SERVICE_LIST_COMPONENT}_`)) as JsonSchema;
  return {
    [SERVICE_LIST_COMPONENT]: {
      ...rewrite(root),
      description: `${root.description as string} Published at ${$id as string}.`,
    },
    ...Object.fromEntries(
      Object.entries($defs).map(([name, def]) => [`${SERVICE_LIST_COMPONENT}_${name}`, rewrite(def)]),
    ),
  };
}

function hoist(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _s, $defs, ...rest } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  for (const [id, def] of Object.entries($defs ?? {})) components[id] ??= def;
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', `"${REF}`)) as JsonSchema;
}

function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  return hoist(
    z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema,
    components,
  );
}

function requestSchema(
  body: NonNullable<OperationSpec['requestBody']>,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const schema = toSchema(body.schema, 'input', components);
  return body.alternatives?.length ? { oneOf: [schema, ...body.alternatives] } : schema;
}

const problemResponse = (description: string): ResponseSpec => ({
  description,
  schema: Problem,
  contentType: 'application/problem+json',
});

/** What every GET's 200 carries and answers, whichever host serves it: the server's rules and the static files'. */
const etagHeader = { description: 'Validator of this answer: send it back in If-None-Match for a 304.' };
const measuredEtagHeader = {
  description:
    "Validator of this answer, which holds a measurement made for this request (the store's latency; for status, " +
    'the time of the check): it changes with the measurement, so asking again with it gets the new one, and a 304 ' +
    'only when two measurements came out the same.',
};
const notModifiedResponse: ResponseSpec = {
  description: 'Not Modified: If-None-Match names the ETag of the answer as it is now (no body)',
};

const rateHeaders = {
  'X-RateLimit-Limit': {
    description: 'Mutation requests allowed per client IP per minute (10).',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'When the window resets, in Unix epoch seconds.', schema: { type: 'integer' } },
};

/** Every answer's id, as a header component each response refers to. */
const REQUEST_ID_HEADER = 'RequestId';
const requestIdHeader = {
  description:
    "The request's id, sent by the bundled server (`npm start`) with every answer to a request it read: the `X-Request-Id` the " +
    'client or a proxy sent when it matches the pattern, else a new random one (32 hex digits). The log line ' +
    'for the request carries it: quote it when reporting a problem. An answer a CDN serves from its cache ' +
    'carries the id of the request that filled the cache.',
  schema: { type: 'string', pattern: KEPT_REQUEST_ID.source },
};

export function buildOpenApi(
  operations: OperationSpec[],
  options: { serverUrl?: string; serviceListSchemaUrl: string },
): JsonSchema {
  const serverUrl = options.serverUrl ?? '/';
  const registry = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `${REF}${id}`,
  });
  const components: Record<string, JsonSchema> = serviceListComponents(options.serviceListSchemaUrl);
  for (const [id, s] of Object.entries(registry.schemas)) {
    const { $schema: _s, $id: _i, ...rest } = s as JsonSchema;
    components[id] = rest;
  }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of [...operations].sort((a, b) => a.path.localeCompare(b.path))) {
    const parameters = [
      ...Object.entries(op.pathParams?.shape ?? {}).map(([name, s]) => ({
        name,
        in: 'path',
        required: true,
        schema: toSchema(s as z.ZodType, 'input', components),
        description: (s as z.ZodType).description,
      })),
      ...Object.entries(op.query?.shape ?? {}).map(([name, s]) => ({
        name,
        in: 'query',
        required: !(s as z.ZodType).safeParse(undefined).success,
        schema: toSchema(s as z.ZodType, 'input', components),
        description: (s as z.ZodType).description,
        ...(name === 'ids' || ['provider', 'category', 'lifecycle'].includes(name)
          ? { style: 'form', explode: false }
          : {}),
      })),
    ];
    const responses: Record<string, ResponseSpec> = { ...op.responses };
    const ok = responses['200'];
    if (op.method === 'get' && ok) {
      responses['200'] = {
        ...ok,
        headers: {
          ETag: op.measuredEachRequest ? measuredEtagHeader : etagHeader,
          ...(op.cacheControl ? { 'Cache-Control': { description: `\`${op.cacheControl}\`` } } : {}),
          ...ok.headers,
        },
      };
      responses['304'] ??= notModifiedResponse;
    }
    if (op.mutation) {
      responses['400'] ??= problemResponse(
        'Malformed JSON, a body that does not match the schema, or a query parameter the endpoint does not take',
      );
      responses['413'] ??= problemResponse('Body larger than the limit');
      responses['415'] ??= problemResponse(
        'Content-Type is not JSON, names a charset other than UTF-8, or the body is sent in a content coding (gzip, br)',
      );
      responses['501'] ??= problemResponse(
        'The body is sent in a transfer coding other than chunked (`Transfer-Encoding: gzip, chunked`)',
      );
      const retryAfter = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };
      responses['429'] ??= {
        ...problemResponse('More than 10 mutation requests in a minute from this address'),
        headers: retryAfter,
      };
      // Every mutation charges the rate limiter first: one that does not answer makes any of them a 503.
      const unavailable =
        responses['503'] ??
        problemResponse('The rate limiter or the store does not answer, or the store failed; nothing was done');
      responses['503'] = { ...unavailable, headers: { ...retryAfter, ...unavailable.headers } };
    }
    const operation: Record<string, unknown> = {
      operationId: op.operationId,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: op.tags,
      ...(parameters.length ? { parameters } : {}),
      ...(op.requestBody
        ? {
            requestBody: {
              required: true,
              description: op.requestBody.description,
              content: { 'application/json': { schema: requestSchema(op.requestBody, components) } },
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(responses).map(([status, r]) => {
          const headers = { ...(op.mutation ? rateHeaders : {}), ...r.headers };
          const schema = r.schema ? toSchema(r.schema, 'output', components) : r.jsonSchema;
          return [
            status,
            {
              description: r.description,
              headers: {
                ...Object.fromEntries(
                  Object.entries(headers).map(([k, h]) => [
                    k,
                    { description: h.description, schema: h.schema ?? { type: 'string' } },
                  ]),
                ),
                'X-Request-Id': { $ref: `#/components/headers/${REQUEST_ID_HEADER}` },
              },
              ...(schema
                ? {
                    content: {
                      [r.contentType ?? 'application/json']: { schema },
                      ...Object.fromEntries(
                        (r.alsoAs ?? []).map((a) => [
                          a.contentType,
                          { schema: a.schema ? toSchema(a.schema, 'output', components) : a.jsonSchema },
                        ]),
                      ),
                    },
                  }
                : {}),
            },
          ];
        }),
      ),
    };
    (paths[op.path] ??= {})[op.method] = operation;
  }
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Cloud Service Catalogue API',
      version: API_VERSION,
      summary:
        'Browse and compare AWS, Azure and Google Cloud services; generate guardrail policies from an approved list.',
      description:
        'Open access: no key and no sign-in (an `X-API-Key` header is ignored). GET responses are ' +
        'cacheable at the edge for 5 minutes (`s-maxage=300`) and carry ETags. POST endpoints are ' +
        'limited to 10 requests per minute per client IP. Every error is RFC 9457 problem details ' +
        '(`application/problem+json`). A path asked with a method it does not list answers 405 with ' +
        'the methods it takes in `Allow`; a path not listed here answers 404. A CORS preflight (`OPTIONS`) ' +
        'answers 204 on every /v1/ path, listed or not: the browser learns whether the path exists from the ' +
        'request itself.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'Catalogue', description: 'Providers, categories and services' },
      { name: 'Policies', description: 'Guardrail policies generated from an approved list' },
      { name: 'Lists', description: 'Saved, shareable approved lists and exports' },
      { name: 'Feedback', description: 'Feedback from users' },
      { name: 'Operations', description: 'Health, status and the API description' },
    ],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      headers: { [REQUEST_ID_HEADER]: requestIdHeader },
    },
  };
}

export const notFound = (what: string): ResponseSpec => problemResponse(`${what} not found`);
export const invalidParameters = (): ResponseSpec => problemResponse('Invalid or unknown query parameters');
export { problemResponse };
