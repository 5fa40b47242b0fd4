/**
 * Mutation rate limiting with rate-limiter-flexible: a fixed window of
 * RATE_LIMIT_POINTS requests per RATE_LIMIT_WINDOW_SECONDS per client key,
 * shared by every POST endpoint.
 *
 * - With MongoDB: RateLimiterMongo on the `rate_limits` collection, so every
 *   server instance counts against the same window (atomic upserts).
 * - With the embedded store: RateLimiterMemory. The embedded store already
 *   means one server process (a SQLite file on one disk), and an in-process
 *   counter is exact under concurrency and costs no disk write per request;
 *   a restart forgets the current window, which at worst lets one client a
 *   second burst of 10 in that minute.
 */
import type { MongoClient } from 'mongodb';
import { RateLimiterMemory, RateLimiterMongo, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { COLLECTIONS } from './mongo-collections.ts';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends. */
  resetAt: Date;
}

/** Counts mutation requests per client key (rate-limiter-flexible behind it). */
export interface MutationLimiter {
  readonly kind: 'memory' | 'mongodb';
  readonly limit: number;
  readonly windowSeconds: number;
  consume(key: string): Promise<RateLimitResult>;
  /** Resolves when the limiter's backend answers (no client's points are spent). */
  check(): Promise<void>;
}

const KEY_PREFIX = 'mutations';
/** A key no client address can take: probing it checks the limiter's backend without spending a client's points. */
const PROBE_KEY = '#status-probe';

export function limiterFrom(
  limiter: RateLimiterAbstract,
  kind: MutationLimiter['kind'],
  windowSeconds: number,
  now: () => Date = () => new Date(),
): MutationLimiter {
  const points = limiter.points;
  const result = (res: RateLimiterRes, allowed: boolean): RateLimitResult => ({
    allowed,
    limit: points,
    remaining: allowed ? res.remainingPoints : 0,
    resetAt: new Date(now().getTime() + res.msBeforeNext),
  });
  return {
    kind,
    limit: points,
    windowSeconds,
    async consume(key) {
      try {
        return result(await limiter.consume(key, 1), true);
      } catch (e) {
        if (e instanceof RateLimiterRes) return result(e, false);
        throw e;
      }
    },
    async check() {
      await limiter.get(PROBE_KEY);
    },
  };
}

export function createMemoryLimiter(points: number, windowSeconds: number): MutationLimiter {
  return limiterFrom(
    new RateLimiterMemory({ points, duration: windowSeconds, keyPrefix: KEY_PREFIX }),
    'memory',
    windowSeconds,
  );
}

/**
 * The unique index on `key` is what keeps concurrent first requests of a window
 * from each inserting a counter of their own, so it is created (by the
 * library's own createIndexes) and awaited before the limiter is used, rather
 * than fire-and-forget in the constructor, whose failure would only be logged.
 */
export async function createMongoLimiter(
  client: MongoClient,
  dbName: string,
  points: number,
  windowSeconds: number,
): Promise<MutationLimiter> {
  const limiter = new RateLimiterMongo({
    storeClient: client,
    dbName,
    tableName: COLLECTIONS.rateLimits,
    points,
    duration: windowSeconds,
    keyPrefix: KEY_PREFIX,
    disableIndexesCreation: true,
  });
  await limiter.createIndexes();
  return limiterFrom(limiter, 'mongodb', windowSeconds);
}
