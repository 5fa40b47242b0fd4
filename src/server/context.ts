/**
 * Builds, once per process, what server functions need (catalogue, config,
 * store, rate limiter, status recorder), and the per-request FunctionContext
 * handed to them. With MONGODB_URI the store and the rate-limit counters live
 * in MongoDB (one client per process); otherwise in the embedded node:sqlite
 * store under DATA_DIR and in memory.
 *
 * Building also starts the background work of a long-running server: a
 * status sample at start-up and every STATUS_SAMPLE_SECONDS, and a purge of
 * expired lists every PURGE_INTERVAL_SECONDS. Its timers are unref'd, so they
 * never keep the process alive.
 */
import { clientIp } from '../../functions/lib/client-ip.ts';
import { failureResponse } from '../../functions/lib/failure.ts';
import { createStatusRecorder, probeStatus } from '../../functions/lib/status.ts';
import type { FunctionContext, ServerFunction } from '../../functions/lib/types.ts';
import { openMongoStore, sharedMongoClient } from '../adapters/mongo-store.ts';
import { createMemoryLimiter, createMongoLimiter, type MutationLimiter } from '../adapters/rate-limit.ts';
import { openSqliteStore } from '../adapters/sqlite-store.ts';
import { systemClock, type Store } from '../adapters/store.ts';
import { loadCatalogue } from '../data/catalogue.ts';
import { SERVICE_LIST_SCHEMA_URL } from '../data/schema-url.ts';
import { problem } from '../http/problem.ts';
import { loadConfig, type Config } from '../../functions/lib/config.ts';

type Shared = Omit<FunctionContext, 'clientIp' | 'publicUrl'>;
let shared: Promise<Shared> | undefined;

function configOrThrow(): Config {
  const { config, problems } = loadConfig();
  if (!config) throw new Error(`Invalid configuration:\n${problems!.join('\n')}`);
  return config;
}

async function openStorage(config: Config): Promise<{ store: Store; limiter: MutationLimiter }> {
  const points = config.RATE_LIMIT_POINTS;
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  if (config.MONGODB_URI) {
    const client = await sharedMongoClient(config.MONGODB_URI);
    return {
      store: await openMongoStore({ client, dbName: config.MONGODB_DB, clock: systemClock }),
      limiter: await createMongoLimiter(client, config.MONGODB_DB, points, window),
    };
  }
  return {
    store: openSqliteStore({ dataDir: config.DATA_DIR, clock: systemClock }),
    limiter: createMemoryLimiter(points, window),
  };
}

function every(seconds: number, task: () => Promise<unknown>): void {
  let running = false;
  setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((e) => console.error('Background task failed:', e))
      .finally(() => (running = false));
  }, seconds * 1000).unref();
}

async function build(): Promise<Shared> {
  const config = configOrThrow();
  const { catalogue, index } = await loadCatalogue();
  const { store, limiter } = await openStorage(config);
  const s: Shared = {
    catalogue,
    index,
    config,
    limiter,
    store,
    statusRecorder: createStatusRecorder(store),
    startedAt: new Date(),
    serviceListSchemaUrl: SERVICE_LIST_SCHEMA_URL,
    now: () => systemClock.now(),
  };
  await s.statusRecorder.record(await probeStatus(s), 'startup');
  every(config.STATUS_SAMPLE_SECONDS, async () => s.statusRecorder.record(await probeStatus(s), 'interval'));
  await store.purge().catch((e) => console.error('Purging expired lists failed:', e));
  every(config.PURGE_INTERVAL_SECONDS, () => store.purge());
  return s;
}

/** The shared part, built on first use; a failed build (store unreachable) is retried by the next request. */
function sharedContext(): Promise<Shared> {
  shared ??= build().catch((e) => {
    shared = undefined;
    throw e;
  });
  return shared;
}

export async function functionContext(request: Request, socketAddress: string): Promise<FunctionContext> {
  const s = await sharedContext();
  return {
    ...s,
    clientIp: clientIp(socketAddress, request.headers.get('x-forwarded-for'), s.config.TRUST_PROXY),
    publicUrl: s.config.PUBLIC_URL ?? new URL(request.url).origin,
  };
}

/**
 * Runs a server function for an Astro route. When the context cannot be
 * built (the store does not answer at start-up), answers 503 instead of 500.
 */
export async function runFunction(fn: ServerFunction, request: Request, socketAddress: string): Promise<Response> {
  let ctx: FunctionContext;
  try {
    ctx = await functionContext(request, socketAddress);
  } catch (e) {
    console.error('The service is not ready:', e);
    return problem('unavailable', {
      detail: 'The service is not ready: its store or catalogue could not be opened. Try again shortly.',
      headers: { 'retry-after': '10' },
    });
  }
  try {
    return await fn(request, ctx);
  } catch (e) {
    return failureResponse(e, request, ctx);
  }
}
