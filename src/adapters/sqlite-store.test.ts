import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore, SQLITE_FILE } from './sqlite-store.ts';
import { storeContract, TestClock } from '../../tests/helpers/store-contract.ts';
import { listExpiry } from './store.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'csc-sqlite-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

storeContract('embedded store (node:sqlite) contract', async (clock) => openSqliteStore({ dataDir: tempDir(), clock }));

describe('group commit', () => {
  const list = (clock: TestClock, i: number) => ({
    id: `group-commit-${String(i).padStart(12, '0')}`,
    createdAt: clock.now(),
    expiresAt: listExpiry(clock.now()),
    name: `List ${i}`,
    approvedServiceIds: ['aws-s3'],
  });

  it('writes saves that arrive together in one transaction, each acknowledged after it is on disk', async () => {
    const dataDir = tempDir();
    const clock = new TestClock();
    const store = openSqliteStore({ dataDir, clock });
    const lists = Array.from({ length: 50 }, (_, i) => list(clock, i));
    const file = new DatabaseSync(join(dataDir, SQLITE_FILE));
    const versionBefore = (file.prepare('PRAGMA data_version').get() as { data_version: number }).data_version;
    await Promise.all([
      ...lists.map((l) => store.saveList(l)),
      store.saveFeedback({ id: 'fb-1', receivedAt: clock.now(), message: 'x' }),
    ]);
    // Another connection sees one change of the file for the 51 writes: one commit.
    const versionAfter = (file.prepare('PRAGMA data_version').get() as { data_version: number }).data_version;
    expect(versionAfter - versionBefore).toBe(1);
    expect(Number((file.prepare('SELECT COUNT(*) AS n FROM lists').get() as { n: number }).n)).toBe(50);
    file.close();
    for (const l of lists) expect(await store.findList(l.id)).toEqual(l);
    await store.close();
  });

  it('fails every save of a batch that cannot be written, and writes none of it', async () => {
    const clock = new TestClock();
    const store = openSqliteStore({ dataDir: tempDir(), clock });
    const a = list(clock, 1);
    const results = await Promise.allSettled([store.saveList(a), store.saveList(list(clock, 2)), store.saveList(a)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await store.findList(a.id)).toBeNull();
    expect(await store.findList(list(clock, 2).id)).toBeNull();
    // The next batch is written as usual.
    await store.saveList(list(clock, 3));
    expect(await store.findList(list(clock, 3).id)).not.toBeNull();
    await store.close();
  });
});

describe('embedded store on disk', () => {
  it('creates DATA_DIR and keeps data across a reopen', async () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const clock = new TestClock();
    const first = openSqliteStore({ dataDir, clock });
    const saved = {
      id: 'reopen-test-id-0123456789',
      createdAt: clock.now(),
      expiresAt: listExpiry(clock.now()),
      name: 'Kept',
      approvedServiceIds: ['aws-s3'],
    };
    await first.saveList(saved);
    await first.close();
    const second = openSqliteStore({ dataDir, clock });
    expect(await second.findList(saved.id)).toEqual(saved);
    await second.close();
  });

  it('runs in WAL mode with synchronous=FULL, so acknowledged writes are fsynced', async () => {
    const dataDir = tempDir();
    const store = openSqliteStore({ dataDir });
    const db = new DatabaseSync(join(dataDir, SQLITE_FILE));
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
    await store.close();
  });
});
