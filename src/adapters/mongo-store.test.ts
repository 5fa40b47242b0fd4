/**
 * The store contract against a real MongoDB. Runs only when MONGODB_URI is
 * set (each run uses, then drops, its own database); otherwise reported as
 * skipped, never as passed.
 */
import { randomBytes } from 'node:crypto';
import type { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, ensureMongoIndexes, openMongoStore, sharedMongoClient } from './mongo-store.ts';
import { storeContract } from './store-contract.ts';

const uri = process.env.MONGODB_URI;
const skip = !uri;
const label = skip ? ' (skipped: MONGODB_URI is not set)' : '';
const dbNames: string[] = [];
let client: MongoClient | undefined;
const connect = async () => (client ??= await sharedMongoClient(uri!));

storeContract(`MongoDB store contract${label}`, async (clock) => {
  const dbName = `csc_test_${randomBytes(6).toString('hex')}`;
  dbNames.push(dbName);
  return openMongoStore({ client: await connect(), dbName, clock });
}, { skip });

describe.skipIf(skip)(`MongoDB indexes${label}`, () => {
  it('creates the list TTL index idempotently', async () => {
    const dbName = `csc_test_${randomBytes(6).toString('hex')}`;
    dbNames.push(dbName);
    const db = (await connect()).db(dbName);
    await ensureMongoIndexes(db);
    await ensureMongoIndexes(db);
    const indexes = await db.collection(COLLECTIONS.lists).indexes();
    expect(indexes.find((i) => i.name === 'expiresAt_ttl')).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
  });
});

afterAll(async () => {
  if (!client) return;
  for (const name of dbNames) await client.db(name).dropDatabase();
  await client.close();
});
