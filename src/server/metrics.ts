/**
 * Prometheus metrics (prom-client), served on their own port (METRICS_PORT,
 * off unless set) so they never share the public API's address:
 *
 * - the Node process (prom-client's default metrics: CPU, memory, event-loop
 *   lag, garbage collection, handles);
 * - requests per route template, method and status, their latency per route,
 *   requests in flight, and rate-limit rejections (the 429s) per route;
 * - store operations: latency per operation and outcome, failures per
 *   operation (reported by watchStore through the process host's observer);
 * - the number of saved lists that have not expired, counted when scraped at
 *   most once per LIST_COUNT_CACHE_MS and given up after a second, so a
 *   scrape costs the store one indexed count now and then.
 */
import { createServer, type Server } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { processHost, type StoreObserver } from '../adapters/process-host.ts';

export const LIST_COUNT_CACHE_MS = 10_000;
const LIST_COUNT_TIMEOUT_MS = 1000;

export interface Metrics {
  registry: Registry;
  requestStarted(): void;
  /** `status` is the answer's code, or `aborted` when the client left before it was sent. */
  requestEnded(method: string, route: string, status: string, seconds: number): void;
  /**
   * A request refused before Node gave it to a listener (headers too large or too slow, not HTTP, CONNECT): counted
   * as method `OTHER`, route `(unread)`, with its status, and no latency (no request had started).
   */
  requestRefused(status: string): void;
  observeStore: StoreObserver;
}

/** The route label of requests refused before they were read: no path was taken from them. */
export const UNREAD_ROUTE = '(unread)';

/** Creates the metrics and hooks the store observer into the process host (the store reports to it once open). */
export function createMetrics({ now = () => Date.now() } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'csc_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status (aborted: the client left first)',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'csc_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const inFlight = new Gauge({
    name: 'csc_http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers,
  });
  const rejections = new Counter({
    name: 'csc_rate_limit_rejections_total',
    help: 'POSTs refused by the rate limit (429), by route template',
    labelNames: ['route'] as const,
    registers,
  });
  const storeLatency = new Histogram({
    name: 'csc_store_operation_duration_seconds',
    help: 'Store operations by operation and outcome (ok, error)',
    labelNames: ['operation', 'outcome'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  const storeErrors = new Counter({
    name: 'csc_store_errors_total',
    help: 'Store operations that failed, by operation',
    labelNames: ['operation'] as const,
    registers,
  });

  let counted: { value: number; at: number } | undefined;
  new Gauge({
    name: 'csc_saved_lists',
    help: `Saved lists that have not expired (counted at most every ${LIST_COUNT_CACHE_MS / 1000} s)`,
    registers,
    async collect() {
      const store = processHost().storage?.store;
      if (!store) return;
      if (!counted || now() - counted.at >= LIST_COUNT_CACHE_MS) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), LIST_COUNT_TIMEOUT_MS);
        });
        const value = await Promise.race([store.countLists().catch(() => undefined), timeout]).finally(() =>
          clearTimeout(timer),
        );
        // A count that failed or took too long leaves the last one (or none) in place; the next scrape tries again.
        if (value !== undefined) counted = { value, at: now() };
      }
      if (counted) this.set(counted.value);
    },
  });

  const observeStore: StoreObserver = (operation, seconds, failed) => {
    storeLatency.observe({ operation, outcome: failed ? 'error' : 'ok' }, seconds);
    if (failed) storeErrors.inc({ operation });
  };
  processHost().observeStore = observeStore;

  return {
    registry,
    requestStarted: () => inFlight.inc(),
    requestEnded(method, route, status, seconds) {
      inFlight.dec();
      requests.inc({ method, route, status });
      latency.observe({ method, route }, seconds);
      if (status === '429') rejections.inc({ route });
    },
    requestRefused: (status) => requests.inc({ method: 'OTHER', route: UNREAD_ROUTE, status }),
    observeStore,
  };
}

/** Serves GET /metrics (Prometheus text format) on its own port; anything else is 404. */
export function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Not found: metrics are at GET /metrics\n');
      return;
    }
    try {
      const body = await metrics.registry.metrics();
      res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      processHost().log.error({ err: e }, 'Collecting metrics failed');
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Collecting metrics failed\n');
    }
  });
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
