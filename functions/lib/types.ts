/**
 * The contract between server functions and whatever hosts them (the Astro
 * routes here; a serverless platform unchanged). A function is a plain
 * `(Request, FunctionContext) => Promise<Response>`.
 */
import type { MutationLimiter } from '../../src/adapters/rate-limit.ts';
import type { Store, StoreHealth } from '../../src/adapters/store.ts';
import type { Catalogue } from '../../src/core/catalogue.ts';
import type { ServiceIndex } from '../../src/core/query.ts';
import type { Status } from '../../src/core/status.ts';
import type { Config } from './config.ts';

/** Records status samples in the store (see functions/lib/status.ts). */
export interface StatusRecorder {
  /** Records a sample: `startup` or `interval`; an interval sample that differs from the last one is recorded as `change`. */
  record(status: Status, reason: 'startup' | 'interval'): Promise<void>;
  /** Records a `change` sample when a component's state differs from the last sample. */
  observe(status: Status): Promise<void>;
}

export interface FunctionContext {
  catalogue: Catalogue;
  index: ServiceIndex;
  config: Config;
  limiter: MutationLimiter;
  store: Store;
  /** What the store's recent operations say (watchStore); absent, the store counts as healthy when it answers a ping. */
  storeHealth?: () => StoreHealth;
  statusRecorder: StatusRecorder;
  /** When this process started serving. */
  startedAt: Date;
  /** Client address after TRUST_PROXY handling: the rate-limit key. */
  clientIp: string;
  /** Base URL of shareable links: PUBLIC_URL, or the origin the request came to when it is not set. */
  publicUrl: string;
  /** This build's service list schema address, which interchange documents' `$schema` must equal. */
  serviceListSchemaUrl: string;
  now(): Date;
}

export type ServerFunction<C extends FunctionContext = FunctionContext> = (
  request: Request,
  ctx: C,
) => Promise<Response>;
