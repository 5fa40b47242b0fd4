/**
 * The MongoDB store (official driver), used when MONGODB_URI is set.
 * Collections: lists, feedback, status_samples (and rate_limits, owned by
 * rate-limiter-flexible's RateLimiterMongo). A TTL index removes a list once
 * `expiresAt` (creation + 90 days) has passed; queries also filter on
 * `expiresAt > now`, because the TTL monitor runs only about once a minute.
 * Indexes are created at start-up; createIndexes is a no-op when they exist.
 * Writes use majority write concern: acknowledged means replicated, within
 * a bounded wait (mongoClientOptions).
 */
import { MongoClient, type Db, type MongoClientOptions } from 'mongodb';
import type { StatusSample } from '../core/status.ts';
import {
  DAY_MS,
  STATUS_HISTORY_DAYS,
  systemClock,
  type Clock,
  type FeedbackRecord,
  type SavedListRecord,
  type Store,
} from './store.ts';

import { COLLECTIONS } from './mongo-collections.ts';

export { COLLECTIONS };

/**
 * Statuses are keyed by service id in the record; BSON field names may not hold
 * NUL and (before MongoDB 5.0) may not start with `$` or hold `.`, while an
 * interchange document's ids are any strings. So they are stored as pairs.
 */
type ListDoc = Omit<SavedListRecord, 'id' | 'statuses'> & {
  _id: string;
  statuses?: [string, 'restricted' | 'disabled'][];
};
type FeedbackDoc = Omit<FeedbackRecord, 'id'> & { _id: string };
type SampleDoc = Omit<StatusSample, 'at'> & { at: Date; seq: number };

/** Drops undefined fields: the driver would store them as null. */
const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const clients = new Map<string, Promise<MongoClient>>();

/**
 * One MongoClient per URI per process, reused by every invocation (a
 * serverless platform keeps the module, and so the pool, between calls).
 * A failed connection is forgotten so that the next call retries.
 */
export function sharedMongoClient(uri: string): Promise<MongoClient> {
  let client = clients.get(uri);
  if (!client) {
    client = MongoClient.connect(uri, mongoClientOptions(uri));
    client.catch(() => clients.delete(uri));
    clients.set(uri, client);
  }
  return client;
}

/** Milliseconds a write waits for a majority of the replica set before it fails (the write concern's wtimeout). */
const MAJORITY_WAIT_MS = 10_000;

/**
 * The client's options: these defaults, less any the URI sets (options passed to the driver would override the
 * URI's). Every request that writes (a save, feedback, the rate limit's counter of every POST) is bounded: a write
 * waits at most 10 s for a majority, where the driver's default waited for ever on a replica set that had lost its
 * majority, and a socket that stops answering fails after 30 s; a server that cannot be reached is given up after
 * 5 s.
 */
export function mongoClientOptions(uri: string): MongoClientOptions {
  const inUri = new Set([...new URLSearchParams(uri.split('?')[1] ?? '').keys()].map((k) => k.toLowerCase()));
  const options: MongoClientOptions = { appName: 'cloud-service-catalogue' };
  if (!inUri.has('serverselectiontimeoutms')) options.serverSelectionTimeoutMS = 5000;
  if (!inUri.has('sockettimeoutms')) options.socketTimeoutMS = 30_000;
  // Acknowledged means replicated: majority write concern, waited for a bounded time, each unless the URI sets its
  // own (the driver merges these with the URI's write concern fields: `?journal=true` keeps the majority).
  const writeConcern = {
    ...(inUri.has('w') ? {} : { w: 'majority' as const }),
    ...(inUri.has('wtimeoutms') ? {} : { wtimeoutMS: MAJORITY_WAIT_MS }),
  };
  if (Object.keys(writeConcern).length) options.writeConcern = writeConcern;
  if (inUri.has('appname')) delete options.appName;
  return options;
}

/** Closes every client sharedMongoClient opened (at shutdown, once requests have drained). */
export async function closeSharedMongoClients(): Promise<void> {
  const open = [...clients.values()];
  clients.clear();
  await Promise.allSettled(open.map(async (c) => (await c).close()));
}

/** Creates the indexes the store relies on; safe to run on every start. */
export async function ensureMongoIndexes(db: Db): Promise<void> {
  await Promise.all([
    db
      .collection(COLLECTIONS.lists)
      .createIndexes([{ key: { expiresAt: 1 }, name: 'expiresAt_ttl', expireAfterSeconds: 0 }]),
    db.collection(COLLECTIONS.feedback).createIndexes([{ key: { receivedAt: 1 }, name: 'receivedAt' }]),
    db.collection(COLLECTIONS.statusSamples).createIndexes([
      { key: { at: 1 }, name: 'at_ttl', expireAfterSeconds: STATUS_HISTORY_DAYS * 86_400 },
      { key: { at: -1, seq: -1 }, name: 'newest_first' },
    ]),
  ]);
}

export interface MongoStoreOptions {
  client: MongoClient;
  dbName: string;
  clock?: Clock;
}

export async function openMongoStore({ client, dbName, clock = systemClock }: MongoStoreOptions): Promise<Store> {
  const db = client.db(dbName);
  await ensureMongoIndexes(db);
  const lists = db.collection<ListDoc>(COLLECTIONS.lists);
  const feedback = db.collection<FeedbackDoc>(COLLECTIONS.feedback);
  const samples = db.collection<SampleDoc>(COLLECTIONS.statusSamples);
  // Orders samples recorded in the same millisecond by one process; across processes `at` decides.
  let seq = 0;

  return {
    kind: 'mongodb',
    async saveList({ id, statuses, ...rest }) {
      await lists.insertOne({ _id: id, ...defined(rest), ...(statuses ? { statuses: Object.entries(statuses) } : {}) });
    },
    async findList(id) {
      // typeof check: the filter must only ever compare strings (no operator injection).
      if (typeof id !== 'string') return null;
      const doc = await lists.findOne({ _id: id, expiresAt: { $gt: clock.now() } });
      if (!doc) return null;
      const { _id, statuses, ...rest } = doc;
      return { id: _id, ...rest, ...(statuses ? { statuses: Object.fromEntries(statuses) } : {}) };
    },
    async countLists() {
      // Counted on the TTL index (expiresAt), so the cost grows with the index, not the documents.
      return lists.countDocuments({ expiresAt: { $gt: clock.now() } });
    },
    async saveFeedback({ id, ...rest }) {
      await feedback.insertOne(defined({ _id: id, ...rest }));
    },
    async findFeedback(id) {
      if (typeof id !== 'string') return null;
      const doc = await feedback.findOne({ _id: id });
      if (!doc) return null;
      const { _id, ...rest } = doc;
      return { id: _id, ...rest };
    },
    async addStatusSample(sample) {
      await samples.insertOne({ ...sample, at: new Date(sample.at), seq: seq++ });
    },
    async statusSamples(offset, limit) {
      const [docs, total] = await Promise.all([
        samples
          .find({}, { projection: { _id: 0, seq: 0 } })
          .sort({ at: -1, seq: -1 })
          .skip(offset)
          .limit(limit)
          .toArray(),
        samples.countDocuments(),
      ]);
      return { samples: docs.map(({ at, ...rest }) => ({ ...rest, at: at.toISOString() }) as StatusSample), total };
    },
    async purge() {
      const now = clock.now();
      const [l, s] = await Promise.all([
        lists.deleteMany({ expiresAt: { $lte: now } }),
        samples.deleteMany({ at: { $lt: new Date(now.getTime() - STATUS_HISTORY_DAYS * DAY_MS) } }),
      ]);
      return { lists: l.deletedCount, statusSamples: s.deletedCount };
    },
    async ping() {
      await db.command({ ping: 1 });
    },
    async close() {
      // The client is shared by the process; its owner closes it.
    },
  };
}
