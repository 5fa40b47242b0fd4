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
import { clientIp, publicOrigin } from '../http/protocol.ts';
import { failureResponse } from '../../functions/lib/failure.ts';
import { createStatusRecorder, probeStatus } from '../../functions/lib/status.ts';
import type { FunctionContext, ServerFunction } from '../../functions/lib/types.ts';
import { log, processHost } from '../adapters/process-host.ts';
import { createMemoryLimiter, createMongoLimiter, type MutationLimiter } from '../adapters/rate-limit.ts';
import { openSqliteStore } from '../adapters/sqlite-store.ts';
import { systemClock, watchStore, type Store, type WatchedStore } from '../adapters/store.ts';
import { loadCatalogue } from '../data/catalogue.ts';
import { SERVICE_LIST_SCHEMA_URL } from '../data/schema-url.ts';
import type { Problem } from '../core/schemas.ts';
import { logFailure } from '../http/faults.ts';
import { problem, problemTypeUri } from '../http/problem.ts';
import { loadConfig, type Config } from '../../functions/lib/config.ts';

type Shared = Omit<FunctionContext, 'clientIp' | 'publicUrl'>;
let shared: Promise<Shared> | undefined;
/**
 * The MongoDB adapter, loaded only with MONGODB_URI: loading the driver took
 * some 90 ms of every start, and the embedded store never needs it.
 */
let mongo: typeof import('../adapters/mongo-store.ts') | undefined;

function configOrThrow(): Config {
  const { config, problems } = loadConfig();
  if (!config) throw new Error(`Invalid configuration:\n${problems!.join('\n')}`);
  return config;
}

/**
 * Opens the store, watched and observed by the host's metrics if it has any,
 * and hands the host what it needs to count lists and to close the store at
 * shutdown (src/server/shutdown.ts).
 */
async function openStorage(config: Config): Promise<{ store: WatchedStore; limiter: MutationLimiter }> {
  const { store, limiter } = await openBackends(config);
  const host = processHost();
  const watched = watchStore(store, systemClock, host.observeStore);
  host.storage = {
    store: watched,
    close: async () => {
      await watched.close();
      await mongo?.closeSharedMongoClients();
    },
  };
  return { store: watched, limiter };
}

/** Why the embedded store could not open, in words an operator can act on (the error itself is logged too). */
export function storeOpenAdvice(error: unknown, dataDir: string): string {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: unknown }).code ?? ''}` : String(error);
  if (/not a database|malformed|SQLITE_(NOTADB|CORRUPT)/i.test(text))
    return (
      `The embedded store file under DATA_DIR (${dataDir}) is not a database or is damaged; it was left untouched. ` +
      'Restore it from a backup, or move it away to start with an empty store.'
    );
  if (/readonly|read-only|EACCES|EPERM|EROFS/i.test(text))
    return `The embedded store under DATA_DIR (${dataDir}) is read-only: make the directory and catalogue.sqlite writable by this user.`;
  if (/full|ENOSPC/i.test(text)) return `The disk holding DATA_DIR (${dataDir}) is full.`;
  return `The embedded store could not be opened under DATA_DIR (${dataDir}): check that it is a writable directory.`;
}

async function openBackends(config: Config): Promise<{ store: Store; limiter: MutationLimiter }> {
  const points = config.RATE_LIMIT_POINTS;
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  if (config.MONGODB_URI) {
    mongo ??= await import('../adapters/mongo-store.ts');
    const client = await mongo.sharedMongoClient(config.MONGODB_URI);
    return {
      store: await mongo.openMongoStore({ client, dbName: config.MONGODB_DB, clock: systemClock }),
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
      .catch((e) => log().error({ err: e }, 'Background task failed'))
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
    storeHealth: () => store.health(),
    statusRecorder: createStatusRecorder(store, (message) => log().warn({}, message)),
    startedAt: new Date(),
    serviceListSchemaUrl: SERVICE_LIST_SCHEMA_URL,
    now: () => systemClock.now(),
  };
  await s.statusRecorder.record(await probeStatus(s), 'startup');
  every(config.STATUS_SAMPLE_SECONDS, async () => s.statusRecorder.record(await probeStatus(s), 'interval'));
  await store.purge().catch((e) => log().error({ err: e }, 'Purging expired lists failed'));
  every(config.PURGE_INTERVAL_SECONDS, () => store.purge());
  return s;
}

/** How long after a failed build requests are refused at once, before one of them tries again. */
const RETRY_OPENING_MS = 5000;
let lastFailure: { at: number; error: unknown } | undefined;

/**
 * The shared part, built on first use. A failed build (the store unreachable) is logged once, with its cause, and
 * tried again by the first request 5 s later: the requests meanwhile are refused at once. Each had tried again for
 * itself, waiting out the driver's server selection (5 s, past a probe's usual 1 s timeout) and logging the same
 * stack again.
 */
function sharedContext(): Promise<Shared> {
  if (!shared && lastFailure && Date.now() - lastFailure.at < RETRY_OPENING_MS)
    return Promise.reject(lastFailure.error);
  shared ??= build().catch((e) => {
    shared = undefined;
    lastFailure = { at: Date.now(), error: e };
    logFailure('Opening the store and catalogue', e);
    const config = loadConfig().config;
    if (config && !config.MONGODB_URI) log().error({}, storeOpenAdvice(e, config.DATA_DIR));
    throw e;
  });
  return shared;
}

/**
 * The context for one request. The public origin comes from PUBLIC_URL, else
 * from the Host header, which the server (start.mjs) has already checked with
 * the same isValidHost rule; a request that reaches here with none gets
 * `http://localhost`, never a string a client chose.
 */
export async function functionContext(request: Request, socketAddress: string): Promise<FunctionContext> {
  const s = await sharedContext();
  return {
    ...s,
    clientIp: clientIp(socketAddress, request.headers.get('x-forwarded-for'), s.config.TRUST_PROXY),
    publicUrl: publicOrigin(s.config.PUBLIC_URL, request.headers.get('host')) ?? 'http://localhost',
  };
}

const NOT_READY = 'The service is not ready: its store or catalogue could not be opened. Try again shortly.';

/**
 * The context for a page that calls a server function's typed entry point
 * directly (no HTTP request is made inside the process): the context, or the
 * 503 problem to show when the store could not be opened.
 */
export async function requestContext(
  request: Request,
  socketAddress: string,
): Promise<{ ok: true; context: FunctionContext } | { ok: false; problem: Problem }> {
  try {
    return { ok: true, context: await functionContext(request, socketAddress) };
  } catch {
    // Logged once per attempt to open them (sharedContext), not once per request refused.
    return {
      ok: false,
      problem: { type: problemTypeUri('unavailable'), title: 'Service unavailable', status: 503, detail: NOT_READY },
    };
  }
}

/**
 * Runs a server function for an Astro route. When the context cannot be
 * built (the store does not answer at start-up), answers 503 instead of 500.
 */
export async function runFunction(fn: ServerFunction, request: Request, socketAddress: string): Promise<Response> {
  let ctx: FunctionContext;
  try {
    ctx = await functionContext(request, socketAddress);
  } catch {
    // Logged once per attempt to open them (sharedContext), not once per request refused.
    return problem('unavailable', {
      detail: NOT_READY,
      headers: { 'retry-after': '10' },
    });
  }
  try {
    return await fn(request, ctx);
  } catch (e) {
    return failureResponse(e, request, ctx);
  }
}
