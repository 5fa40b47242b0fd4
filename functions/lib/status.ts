/**
 * Probing the running service (status of each component) and recording
 * status samples in the store. Shared by the status functions and the
 * server's sampler (src/server/context.ts).
 */
import type { Store } from '../../src/adapters/store.ts';
import {
  componentsChanged,
  overallState,
  sampleOf,
  type Status,
  type StatusComponents,
  type StatusSample,
} from '../../src/core/status.ts';
import { API_VERSION } from '../../src/http/openapi.ts';
import type { FunctionContext, StatusRecorder } from './types.ts';

/** A probe that takes longer than this counts as unreachable. */
export const PROBE_TIMEOUT_MS = 2000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Why a probe failed, without the error message: it can name internal hosts, and /v1/status is public. */
const reason = (e: unknown) =>
  e instanceof Error ? (e.message.startsWith('no answer within') ? e.message : e.name) : 'unknown error';

export async function probeStatus(
  ctx: Pick<FunctionContext, 'catalogue' | 'store' | 'limiter' | 'startedAt' | 'now' | 'storeHealth'>,
): Promise<Status> {
  const { catalogue, store, limiter } = ctx;
  const started = performance.now();
  const [storeProbe, limiterProbe] = await Promise.allSettled([
    withTimeout(store.ping(), PROBE_TIMEOUT_MS).then(() => performance.now() - started),
    withTimeout(limiter.check(), PROBE_TIMEOUT_MS),
  ]);
  const health = ctx.storeHealth?.() ?? { writable: true, recentFailures: 0 };
  const components: StatusComponents = {
    api: { status: 'operational', version: API_VERSION, startedAt: ctx.startedAt.toISOString() },
    catalogue: {
      status: catalogue.services.length ? 'operational' : 'degraded',
      version: catalogue.version,
      builtOn: catalogue.builtOn,
      serviceCount: catalogue.services.length,
    },
    store:
      storeProbe.status === 'fulfilled'
        ? {
            // A ping cannot see a full disk or a damaged page: the store's recent failures can.
            status: health.writable && health.recentFailures === 0 ? 'operational' : 'degraded',
            kind: store.kind,
            reachable: true,
            latencyMs: Math.round(storeProbe.value * 1000) / 1000,
            writable: health.writable,
            recentFailures: health.recentFailures,
            ...(health.lastFailure ? { error: `${health.lastFailure.operation} failed` } : {}),
          }
        : { status: 'down', kind: store.kind, reachable: false, latencyMs: null, error: reason(storeProbe.reason) },
    rateLimiter: {
      status: limiterProbe.status === 'fulfilled' ? 'operational' : 'down',
      kind: limiter.kind,
      limit: limiter.limit,
      windowSeconds: limiter.windowSeconds,
      ...(limiterProbe.status === 'rejected' ? { error: reason(limiterProbe.reason) } : {}),
    },
  };
  return { status: overallState(components), checkedAt: ctx.now().toISOString(), components };
}

/**
 * Remembers the last state seen (read from the store at first use, so a
 * restart compares against history) and writes samples to the store. A store
 * that cannot take the write is logged, not fatal: the status endpoints still
 * answer from the probe. The state is remembered whether or not its write
 * succeeded, and a write waits at most PROBE_TIMEOUT_MS, so a store outage
 * does not make every probe retry a slow write.
 */
export function createStatusRecorder(store: Store, log: (message: string) => void = console.error): StatusRecorder {
  let last: Promise<StatusSample | null> | undefined;
  let observing: Promise<void> | undefined;
  const lastSample = () =>
    (last ??= store.statusSamples(0, 1).then(
      (p) => p.samples[0] ?? null,
      () => null,
    ));
  const write = async (sample: StatusSample) => {
    last = Promise.resolve(sample);
    try {
      await withTimeout(store.addStatusSample(sample), PROBE_TIMEOUT_MS);
    } catch (e) {
      // The log is the operator's, not public like /v1/status: the store's own message says what went wrong.
      log(`Could not record a status sample (${sample.reason}): ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return {
    async record(status, why) {
      const sample = sampleOf(status, why);
      if (why === 'interval' && componentsChanged(await lastSample(), sample)) sample.reason = 'change';
      await write(sample);
    },
    observe(status) {
      // One change write at a time: concurrent probes of the same change must not record it twice.
      observing ??= (async () => {
        const sample = sampleOf(status, 'change');
        if (componentsChanged(await lastSample(), sample)) await write(sample);
      })().finally(() => {
        observing = undefined;
      });
      return observing;
    },
  };
}
