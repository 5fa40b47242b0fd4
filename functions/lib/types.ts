/**
 * The contract between server functions and whatever hosts them (the Astro
 * routes here; a serverless platform unchanged). A function is a plain
 * `(Request, FunctionContext) => Promise<Response>`.
 */
import type { Catalogue } from '../../src/core/catalogue.ts';
import type { ServiceIndex } from '../../src/core/query.ts';
import type { Config } from '../../src/server/config.ts';

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends. */
  resetAt: Date;
}

/** Counts mutation requests per client key (rate-limiter-flexible behind it). */
export interface MutationLimiter {
  consume(key: string): Promise<RateLimitResult>;
}

export interface FunctionContext {
  catalogue: Catalogue;
  index: ServiceIndex;
  config: Config;
  limiter: MutationLimiter;
  /** Client address after TRUST_PROXY handling: the rate-limit key. */
  clientIp: string;
  /** This build's service list schema address, which interchange documents' `$schema` must equal. */
  serviceListSchemaUrl: string;
  now(): Date;
}

export type ServerFunction<C extends FunctionContext = FunctionContext> = (request: Request, ctx: C) => Promise<Response>;
