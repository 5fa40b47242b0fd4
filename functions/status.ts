/**
 * GET /v1/health, /v1/status and /v1/status/history: operational endpoints,
 * answered on demand from a live probe and the status history in the store.
 *
 * Caching: /v1/health is for load balancers and uptime probes and is
 * `no-store`. /v1/status and /v1/status/history are cached at the edge like
 * every other GET (`s-maxage=300`), so a burst of status views costs the store
 * nothing, but with `max-age=0`: a CDN may serve a status up to five minutes
 * old, while a person looking at it gets a fresh one (browsers ask again
 * on every view; a status's ETag changes with its checkedAt, so that is not
 * a 304, as the history's pages are).
 */
import { log } from '../src/adapters/process-host.ts';
import { linkHeader, pageLinks } from '../src/core/page.ts';
import {
  Health,
  Liveness,
  Status,
  StatusHistoryPage,
  StatusHistoryQuery,
  type Status as StatusType,
} from '../src/core/status.ts';
import { NO_STORE } from '../src/http/headers.ts';
import { problemResponse, type OperationSpec } from '../src/http/openapi.ts';
import { parseQuery, problem, zodErrors } from '../src/http/problem.ts';
import { jsonGet, QUERY_NOT_UTF8, queryIsUtf8, searchParamsObject } from '../src/http/protocol.ts';
import { probeStatus } from './lib/status.ts';
import type { FunctionContext } from './lib/types.ts';

/** Status and history: edge-cached like the catalogue, revalidated by browsers every time. */
export const OPERATIONAL_CACHE_CONTROL = 'public, max-age=0, s-maxage=300';

/** The live status; a change it shows is written to the history in the background (the answer never waits for the store). */
async function probeAndObserve(ctx: FunctionContext): Promise<StatusType> {
  const status = await probeStatus(ctx);
  void ctx.statusRecorder.observe(status);
  return status;
}

export async function getHealth(_request: Request, ctx: FunctionContext): Promise<Response> {
  const status = await probeAndObserve(ctx);
  const { catalogue, store } = status.components;
  if (catalogue.serviceCount === 0 || !store.reachable || store.latencyMs === null) {
    return problem('unavailable', {
      detail: !store.reachable
        ? `The ${store.kind} store does not answer: ${store.error ?? 'unknown error'}.`
        : 'The catalogue has no services.',
      headers: { 'retry-after': '10' },
      checks: {
        catalogue: { loaded: catalogue.serviceCount > 0, serviceCount: catalogue.serviceCount },
        store: { kind: store.kind, reachable: store.reachable, latencyMs: store.latencyMs },
      },
    });
  }
  const body: Health = {
    status: store.status === 'operational' ? 'ok' : 'degraded',
    checks: {
      catalogue: { loaded: true, serviceCount: catalogue.serviceCount },
      store: {
        kind: store.kind,
        reachable: true,
        latencyMs: store.latencyMs,
        writable: store.writable ?? true,
        recentFailures: store.recentFailures ?? 0,
      },
    },
  };
  return jsonGet(body, { cacheControl: NO_STORE });
}

/**
 * Liveness: answers while the process can serve a request, whatever the store
 * does, so an orchestrator restarts a wedged process but never one that is
 * only waiting for its database. Needs no context (and so opens no store).
 */
export function getLiveness(): Response {
  const body: Liveness = { status: 'alive', uptimeSeconds: Math.floor(process.uptime()) };
  return jsonGet(body, { cacheControl: NO_STORE });
}

export async function getStatus(_request: Request, ctx: FunctionContext): Promise<Response> {
  const body: StatusType = await probeAndObserve(ctx);
  return jsonGet(body, { cacheControl: OPERATIONAL_CACHE_CONTROL });
}

export async function getStatusHistory(request: Request, ctx: FunctionContext): Promise<Response> {
  const url = new URL(request.url);
  if (!queryIsUtf8(url.search)) return problem('invalid-parameters', { detail: QUERY_NOT_UTF8 });
  const parsed = parseQuery(StatusHistoryQuery, searchParamsObject(url.searchParams));
  if (!parsed.success)
    return problem('invalid-parameters', {
      detail: 'See errors for each parameter.',
      errors: zodErrors(parsed.error, 'query'),
    });
  const { page, pageSize } = parsed.data;
  let result;
  try {
    result = await ctx.store.statusSamples((page - 1) * pageSize, pageSize);
  } catch (e) {
    log().error({ err: e }, 'Reading the status history failed');
    return problem('unavailable', {
      detail: `The ${ctx.store.kind} store does not answer; the status history is unavailable.`,
      headers: { 'retry-after': '10' },
    });
  }
  const totalPages = Math.max(1, Math.ceil(result.total / pageSize));
  const links = pageLinks(url, page, totalPages, { pageSize: String(pageSize) });
  const body: StatusHistoryPage = { data: result.samples, page, pageSize, total: result.total, totalPages, links };
  return jsonGet(body, { cacheControl: OPERATIONAL_CACHE_CONTROL, headers: { link: linkHeader(links) } });
}

const unavailable = problemResponse(
  'Not ready: the store does not answer or the catalogue is not loaded (`checks` says which), or the server ' +
    'is shutting down. Carries Retry-After.',
);

export const operations: OperationSpec[] = [
  {
    method: 'get',
    path: '/v1/health',
    cacheControl: NO_STORE,
    measuredEachRequest: true,
    operationId: 'getHealth',
    summary: 'Readiness',
    tags: ['Operations'],
    description:
      'Answers 200 when the catalogue is loaded and the store answers a ping, 503 otherwise, and 503 from ' +
      'the moment the server is told to stop (while it finishes the requests in flight), so a load balancer ' +
      'stops sending it new ones. `status` is `degraded` (still 200: reads work) while the latest store write ' +
      'failed or a store operation failed in the last minute; saves then answer 503 with Retry-After. Never ' +
      'cached (`Cache-Control: no-store`): meant for load balancers and uptime probes. Liveness is ' +
      '/v1/health/live.',
    responses: { 200: { description: 'Ready', schema: Health }, 503: unavailable },
  },
  {
    method: 'get',
    path: '/v1/health/live',
    cacheControl: NO_STORE,
    operationId: 'getLiveness',
    summary: 'Liveness',
    tags: ['Operations'],
    description:
      'Answers 200 while the process serves requests, including while its store is unreachable and while ' +
      'it drains at shutdown: restart the process only when this fails. Touches no store. Never cached.',
    responses: { 200: { description: 'Alive', schema: Liveness } },
  },
  {
    method: 'get',
    path: '/v1/status',
    cacheControl: OPERATIONAL_CACHE_CONTROL,
    measuredEachRequest: true,
    operationId: 'getStatus',
    summary: 'Current status per component',
    tags: ['Operations'],
    description:
      'Probes every component when asked: the API, the catalogue build (version, date, service ' +
      'count), the store (kind, reachability, ping latency) and the rate limiter. `status` is the ' +
      'worst component state. A component that changed state since the last recorded sample adds a ' +
      '`change` entry to the history. Edge-cacheable for 5 minutes like every GET (`s-maxage=300`); ' +
      'use /v1/health for live probes.',
    responses: {
      200: { description: 'Current status (200 even when a component is down: read `status`)', schema: Status },
    },
  },
  {
    method: 'get',
    path: '/v1/status/history',
    cacheControl: OPERATIONAL_CACHE_CONTROL,
    operationId: 'getStatusHistory',
    summary: 'Status history, newest first',
    tags: ['Operations'],
    description:
      'Samples recorded in the store: one at each server start-up, one every STATUS_SAMPLE_SECONDS ' +
      '(300 by default) and one whenever a component changes state; kept for 90 days and across ' +
      'restarts. Paged with `page` and `pageSize`; `links` and the `Link` header point at the other ' +
      'pages.',
    query: StatusHistoryQuery,
    responses: {
      200: {
        description: 'A page of samples, newest first',
        schema: StatusHistoryPage,
        headers: { Link: { description: 'RFC 8288 links: first, prev, next, last' } },
      },
      400: problemResponse('Invalid or unknown query parameters'),
      503: problemResponse('The store does not answer'),
    },
  },
];
