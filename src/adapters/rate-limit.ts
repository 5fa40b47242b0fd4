/**
 * Mutation rate limiting with rate-limiter-flexible: a fixed window of
 * RATE_LIMIT_POINTS requests per RATE_LIMIT_WINDOW_SECONDS per client key.
 */
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { MutationLimiter, RateLimitResult } from '../../functions/lib/types.ts';

export function limiterFrom(limiter: RateLimiterAbstract, now: () => Date = () => new Date()): MutationLimiter {
  const points = limiter.points;
  const result = (res: RateLimiterRes, allowed: boolean): RateLimitResult => ({
    allowed,
    limit: points,
    remaining: allowed ? res.remainingPoints : 0,
    resetAt: new Date(now().getTime() + res.msBeforeNext),
  });
  return {
    async consume(key) {
      try {
        return result(await limiter.consume(key, 1), true);
      } catch (e) {
        if (e instanceof RateLimiterRes) return result(e, false);
        throw e;
      }
    },
  };
}

export function createMemoryLimiter(points: number, windowSeconds: number): MutationLimiter {
  return limiterFrom(new RateLimiterMemory({ points, duration: windowSeconds, keyPrefix: 'mutations' }));
}
