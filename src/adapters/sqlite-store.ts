/**
 * The embedded store: one SQLite file (Node's built-in node:sqlite, no native
 * build, no server) under DATA_DIR. WAL with synchronous=FULL: a write is on
 * disk (the WAL is fsynced at each commit) before its promise resolves, so an
 * acknowledged list survives kill -9 and power loss. The database is used by
 * one server process; more instances need MongoDB.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
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

export const SQLITE_FILE = 'catalogue.sqlite';

const schema = `
CREATE TABLE IF NOT EXISTS lists (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  body TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS lists_expires_at ON lists (expires_at);
CREATE TABLE IF NOT EXISTS feedback (
  id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL,
  body TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS status_samples (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  body TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS status_samples_at ON status_samples (at, seq);
`;

export interface SqliteStoreOptions {
  dataDir: string;
  clock?: Clock;
}

type ListBody = Omit<SavedListRecord, 'id' | 'createdAt' | 'expiresAt'>;
type FeedbackBody = Omit<FeedbackRecord, 'id' | 'receivedAt'>;

export function openSqliteStore({ dataDir, clock = systemClock }: SqliteStoreOptions): Store {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, SQLITE_FILE));
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
  );
  db.exec(schema);

  const insertList = db.prepare('INSERT INTO lists (id, created_at, expires_at, body) VALUES (?, ?, ?, ?)');
  const selectList = db.prepare('SELECT id, created_at, expires_at, body FROM lists WHERE id = ? AND expires_at > ?');
  const countLists = db.prepare('SELECT COUNT(*) AS n FROM lists WHERE expires_at > ?');
  const deleteExpiredLists = db.prepare('DELETE FROM lists WHERE expires_at <= ?');
  const insertFeedback = db.prepare('INSERT INTO feedback (id, received_at, body) VALUES (?, ?, ?)');
  const selectFeedback = db.prepare('SELECT id, received_at, body FROM feedback WHERE id = ?');
  const insertSample = db.prepare('INSERT INTO status_samples (at, body) VALUES (?, ?)');
  const selectSamples = db.prepare('SELECT body FROM status_samples ORDER BY at DESC, seq DESC LIMIT ? OFFSET ?');
  const countSamples = db.prepare('SELECT COUNT(*) AS n FROM status_samples');
  const deleteOldSamples = db.prepare('DELETE FROM status_samples WHERE at < ?');
  const ping = db.prepare('SELECT 1 AS ok');

  /**
   * Group commit: the saves that arrive while the event loop is busy are
   * written in one transaction, with one fsync, at the end of the loop's turn
   * (setImmediate). Each save's promise settles only after that COMMIT, so a
   * save acknowledged to a client is on disk exactly as before; under load,
   * N saves cost one fsync instead of N (node:sqlite is synchronous, so each
   * fsync also stalls every other request). A failure rolls back the whole
   * batch and fails every save in it: nothing of it was written.
   */
  let batch: { write: () => void; resolve: () => void; reject: (e: unknown) => void }[] = [];
  const flush = () => {
    const writes = batch;
    batch = [];
    try {
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const w of writes) w.write();
        db.exec('COMMIT');
      } catch (e) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw e;
      }
    } catch (e) {
      for (const w of writes) w.reject(e);
      return;
    }
    for (const w of writes) w.resolve();
  };
  const grouped = (write: () => void): Promise<void> =>
    new Promise((resolve, reject) => {
      batch.push({ write, resolve, reject });
      if (batch.length === 1) setImmediate(flush);
    });

  // node:sqlite is synchronous; the port is async so both adapters share one shape.
  return {
    kind: 'embedded',
    saveList({ id, createdAt, expiresAt, ...body }) {
      const json = JSON.stringify(body satisfies ListBody);
      return grouped(() => insertList.run(id, createdAt.getTime(), expiresAt.getTime(), json));
    },
    async findList(id) {
      const row = selectList.get(id, clock.now().getTime()) as
        { id: string; created_at: number; expires_at: number; body: string } | undefined;
      if (!row) return null;
      return {
        id: row.id,
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
        ...(JSON.parse(row.body) as ListBody),
      };
    },
    async countLists() {
      return Number((countLists.get(clock.now().getTime()) as { n: number | bigint }).n);
    },
    saveFeedback({ id, receivedAt, ...body }) {
      const json = JSON.stringify(body satisfies FeedbackBody);
      return grouped(() => insertFeedback.run(id, receivedAt.getTime(), json));
    },
    async findFeedback(id) {
      const row = selectFeedback.get(id) as { id: string; received_at: number; body: string } | undefined;
      return row
        ? { id: row.id, receivedAt: new Date(row.received_at), ...(JSON.parse(row.body) as FeedbackBody) }
        : null;
    },
    async addStatusSample(sample) {
      insertSample.run(Date.parse(sample.at), JSON.stringify(sample));
    },
    async statusSamples(offset, limit) {
      const rows = selectSamples.all(limit, offset) as { body: string }[];
      const { n } = countSamples.get() as { n: number };
      return { samples: rows.map((r) => JSON.parse(r.body) as StatusSample), total: n };
    },
    async purge() {
      const now = clock.now().getTime();
      const lists = Number(deleteExpiredLists.run(now).changes);
      const statusSamples = Number(deleteOldSamples.run(now - STATUS_HISTORY_DAYS * DAY_MS).changes);
      return { lists, statusSamples };
    },
    async ping() {
      ping.get();
    },
    async close() {
      if (batch.length) flush();
      if (db.isOpen) db.close();
    },
  };
}
