/**
 * The MongoDB client's options, as the official driver resolves them (no server needed: a client resolves its
 * options when made, and connects only when asked to).
 */
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { mongoClientOptions } from './mongo-store.ts';

const resolved = (uri: string) => new MongoClient(uri, mongoClientOptions(uri)).options;

describe('the MongoDB client options', () => {
  it('bound every write and socket: majority within 10 s, a silent socket given up after 30 s', () => {
    const o = resolved('mongodb://db.example:27017/catalogue');
    expect(o.writeConcern).toMatchObject({ w: 'majority', wtimeoutMS: 10_000 });
    expect(o.socketTimeoutMS).toBe(30_000);
    expect(o.serverSelectionTimeoutMS).toBe(5000);
    expect(o.appName).toBe('cloud-service-catalogue');
  });

  it('keep the majority when the URI sets another field of the write concern', () => {
    expect(resolved('mongodb://db.example/catalogue?journal=true').writeConcern).toMatchObject({
      w: 'majority',
      journal: true,
      wtimeoutMS: 10_000,
    });
    expect(resolved('mongodb://db.example/catalogue?wtimeoutMS=3000').writeConcern).toMatchObject({
      w: 'majority',
      wtimeoutMS: 3000,
    });
  });

  it('leave to the URI what it sets', () => {
    const o = resolved(
      'mongodb://db.example:27017/catalogue?w=1&socketTimeoutMS=5000&serverSelectionTimeoutMS=2000&appName=mine',
    );
    expect(o.writeConcern?.w).toBe(1);
    expect(o.socketTimeoutMS).toBe(5000);
    expect(o.serverSelectionTimeoutMS).toBe(2000);
    expect(o.appName).toBe('mine');
  });
});
