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
