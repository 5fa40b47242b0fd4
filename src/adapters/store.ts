/**
 * The store port: what the server functions need persisted (saved lists,
 * feedback, status history), implemented by the embedded node:sqlite store
 * (src/adapters/sqlite-store.ts) and the MongoDB store
 * (src/adapters/mongo-store.ts). Both pass the one contract suite in
 * tests/helpers/store-contract.ts.
 *
 * Time comes from an injected clock: a list past `expiresAt` by the store's
 * clock is never returned, whether or not a purge (or Mongo's TTL monitor)
 * has removed it yet.
 */
import type { ListDescription } from '../core/list-description.ts';
import type { StatusSample } from '../core/status.ts';
import type { StoreObserver } from './process-host.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * Saved lists live this long after creation: long enough to share a list
 * through a review cycle, short enough that nothing is kept indefinitely for
 * an anonymous, unauthenticated save.
 */
export const LIST_LIFETIME_DAYS = 90;
/** Status samples are kept this long. */
export const STATUS_HISTORY_DAYS = 90;
export const DAY_MS = 86_400_000;

export interface SavedListRecord extends ListDescription {
  /** At least 128 random bits, base64url. */
  id: string;
  createdAt: Date;
  expiresAt: Date;
  /** As saved, in the order given, including ids the catalogue did not know. */
  approvedServiceIds: string[];
  /** Governance status of services that are not `enabled` (from interchange documents). */
  statuses?: Record<string, 'restricted' | 'disabled'>;
}

export interface FeedbackRecord {
  id: string;
  receivedAt: Date;
  /** Raw text as sent (trimmed); never rendered as HTML by this service. */
  message: string;
  category?: string;
  rating?: number;
  page?: string;
  contact?: string;
}

export interface StatusSamplePage {
  samples: StatusSample[];
  total: number;
}

export interface PurgeResult {
  lists: number;
  statusSamples: number;
}

export interface Store {
  readonly kind: 'embedded' | 'mongodb';
  /** Stores a new list; the write is durable when the promise resolves. */
  saveList(list: SavedListRecord): Promise<void>;
  /** The list, or null when unknown or expired by the store's clock. */
  findList(id: string): Promise<SavedListRecord | null>;
  /** How many lists have not expired by the store's clock (expired ones not yet purged are not counted). */
  countLists(): Promise<number>;
  saveFeedback(feedback: FeedbackRecord): Promise<void>;
  /** For operators and tests only: the API has no way to read feedback. */
  findFeedback(id: string): Promise<FeedbackRecord | null>;
  addStatusSample(sample: StatusSample): Promise<void>;
  /** Newest first (ties: the later insert first). */
  statusSamples(offset: number, limit: number): Promise<StatusSamplePage>;
  /** Deletes expired lists and status samples older than STATUS_HISTORY_DAYS. */
  purge(): Promise<PurgeResult>;
  /** Resolves when the store answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A new list's expiry: LIST_LIFETIME_DAYS after creation. */
export const listExpiry = (createdAt: Date): Date => new Date(createdAt.getTime() + LIST_LIFETIME_DAYS * DAY_MS);

/** A store operation that failed; `message` is the store's own (e.g. "database or disk is full"). */
export class StoreFailure extends Error {
  readonly operation: string;
  constructor(operation: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'StoreFailure';
    this.operation = operation;
  }
}

/** What the store's recent operations say about it. */
export interface StoreHealth {
  /** False while the latest write failed (a full disk, a read-only file): saves would fail too. */
  writable: boolean;
  /** Operations that failed in the last FAILURE_WINDOW_MS (reads of damaged pages included). */
  recentFailures: number;
  /** The latest failure's store message and time, when one happened in the window. */
  lastFailure?: { operation: string; message: string; at: string };
}

export interface WatchedStore extends Store {
  health(): StoreHealth;
}

/** Failures older than this no longer make the store degraded. */
export const FAILURE_WINDOW_MS = 60_000;

const WRITES = new Set(['saveList', 'saveFeedback', 'addStatusSample', 'purge']);
/** Only a saved list or feedback proves the store takes writes again: a status sample is a few bytes and can still fit. */
const PROVING_WRITES = new Set(['saveList', 'saveFeedback']);

/**
 * Wraps a store so that every failure is a StoreFailure (the server answers
 * 503 with Retry-After for it, never 500) and is remembered: health() tells
 * whether the latest write succeeded and how many operations failed in the
 * last minute. A ping (`SELECT 1`) cannot see a full disk or a damaged page;
 * the writes and reads the service really does can.
 *
 * `observe`, when given, is told of every operation as it settles (its
 * duration and whether it failed): the server's metrics hang there, so this
 * layer needs no metrics library.
 */
export function watchStore(store: Store, clock: Clock = systemClock, observe?: StoreObserver): WatchedStore {
  let writable = true;
  const failures: { operation: string; message: string; at: number }[] = [];
  const run = async <T>(operation: string, call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const settled = (failed: boolean) => observe?.(operation, (performance.now() - started) / 1000, failed);
    try {
      const result = await call();
      if (PROVING_WRITES.has(operation)) writable = true;
      settled(false);
      return result;
    } catch (e) {
      settled(true);
      const failure = e instanceof StoreFailure ? e : new StoreFailure(operation, e);
      if (WRITES.has(operation)) writable = false;
      failures.push({ operation, message: failure.message, at: clock.now().getTime() });
      if (failures.length > 100) failures.shift();
      throw failure;
    }
  };
  return {
    kind: store.kind,
    saveList: (list) => run('saveList', () => store.saveList(list)),
    findList: (id) => run('findList', () => store.findList(id)),
    countLists: () => run('countLists', () => store.countLists()),
    saveFeedback: (f) => run('saveFeedback', () => store.saveFeedback(f)),
    findFeedback: (id) => run('findFeedback', () => store.findFeedback(id)),
    addStatusSample: (s) => run('addStatusSample', () => store.addStatusSample(s)),
    statusSamples: (offset, limit) => run('statusSamples', () => store.statusSamples(offset, limit)),
    purge: () => run('purge', () => store.purge()),
    ping: () => run('ping', () => store.ping()),
    close: () => store.close(),
    health() {
      const since = clock.now().getTime() - FAILURE_WINDOW_MS;
      while (failures.length && failures[0]!.at < since) failures.shift();
      const last = failures.at(-1);
      return {
        writable,
        recentFailures: failures.length,
        ...(last
          ? { lastFailure: { operation: last.operation, message: last.message, at: new Date(last.at).toISOString() } }
          : {}),
      };
    },
  };
}
