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
