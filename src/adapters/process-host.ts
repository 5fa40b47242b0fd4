/**
 * What the process hosting the service plugs into the layers below it: the
 * log every layer writes to, an observer of store operations (for metrics),
 * and, once the store is open, a handle on it (for the list-count metric and
 * for closing it at shutdown).
 *
 * Kept on globalThis under a registered symbol rather than in module state:
 * the server (src/server/start.mjs) runs on the build's copy of the server
 * layer (dist/server/host.mjs) but loads its optional modules (metrics) from
 * src/ directly, so two copies of this module can share a process: they share
 * globalThis but not module variables. Without a host (unit tests, a serverless platform) the log is
 * the console and nothing observes.
 */
import type { WatchedStore } from './store.ts';

/** pino's calling convention (fields first, then the message), so a pino logger is a Log as it is. */
export interface Log {
  error(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

/** Told of every store operation when it settles: how long it took and whether it failed. */
export type StoreObserver = (operation: string, seconds: number, failed: boolean) => void;

export interface OpenedStorage {
  store: WatchedStore;
  /** Closes the store and whatever client it holds (the MongoDB connection pool). */
  close(): Promise<void>;
}

export interface ProcessHost {
  log: Log;
  /** The route template of a URL (`/v1/lists/{id}`), set by the server: how a failing request is named in the log. */
  routeOf?: (url: string) => string;
  observeStore?: StoreObserver;
  storage?: OpenedStorage;
}

/** Fields as the console shows them: an error with its stack, anything else as an object. */
const consoleLine =
  (write: (...args: unknown[]) => void) =>
  (fields: Record<string, unknown>, message: string): void => {
    const { err, ...rest } = fields;
    const args: unknown[] = [message];
    if (Object.keys(rest).length) args.push(rest);
    if (err !== undefined) args.push(err);
    write(...args);
  };

export const consoleLog: Log = {
  error: consoleLine((...a) => console.error(...a)),
  warn: consoleLine((...a) => console.error(...a)),
  info: consoleLine((...a) => console.log(...a)),
};

const KEY = Symbol.for('cloud-service-catalogue.process-host');

/** The host's hooks, shared by every copy of this module in the process. */
export function processHost(): ProcessHost {
  const g = globalThis as { [KEY]?: ProcessHost };
  return (g[KEY] ??= { log: consoleLog });
}

/** The process's log (the console until a host sets one). */
export const log = (): Log => processHost().log;
