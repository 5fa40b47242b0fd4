/**
 * The store contract against a real MongoDB. Runs only when MONGODB_URI is
 * set (each run uses, then drops, its own database); otherwise reported as
 * skipped, never as passed.
 */
import { randomBytes } from 'node:crypto';
import type { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, ensureMongoIndexes, openMongoStore, sharedMongoClient } from './mongo-store.ts';
import { createMongoLimiter } from './rate-limit.ts';
import { storeContract } from '../../tests/helpers/store-contract.ts';

const uri = process.env.MONGODB_URI;
const skip = !uri;
const label = skip ? ' (skipped: MONGODB_URI is not set)' : '';
const dbNames: string[] = [];
let client: MongoClient | undefined;
const connect = async () => (client ??= await sharedMongoClient(uri!));

storeContract(
  `MongoDB store contract${label}`,
  async (clock) => {
    const dbName = `csc_test_${randomBytes(6).toString('hex')}`;
    dbNames.push(dbName);
    return openMongoStore({ client: await connect(), dbName, clock });
  },
  { skip },
);

describe.skipIf(skip)(`MongoDB indexes${label}`, () => {
  it('creates the list TTL index idempotently', async () => {
    const dbName = `csc_test_${randomBytes(6).toString('hex')}`;
    dbNames.push(dbName);
    const db = (await connect()).db(dbName);
    await ensureMongoIndexes(db);
    await ensureMongoIndexes(db);
    const indexes = await db.collection(COLLECTIONS.lists).indexes();
    expect(indexes.find((i) => i.name === 'expiresAt_ttl')).toMatchObject({
      key: { expiresAt: 1 },
      expireAfterSeconds: 0,
    });
  });
});

describe.skipIf(skip)(`MongoDB rate limiter${label}`, () => {
  it('lets exactly the limit through when two server instances share the counters under a burst', async () => {
    const dbName = `csc_test_${randomBytes(6).toString('hex')}`;
    dbNames.push(dbName);
    const [a, b] = await Promise.all([
      createMongoLimiter(await connect(), dbName, 10, 60),
      createMongoLimiter(await connect(), dbName, 10, 60),
    ]);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).consume('203.0.113.7')));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect((await a.consume('198.51.100.1')).allowed).toBe(true);
  });
});

afterAll(async () => {
  if (!client) return;
  for (const name of dbNames) await client.db(name).dropDatabase();
  await client.close();
});
