/**
 * Saved-list benchmark on the embedded store (node:sqlite, WAL,
 * synchronous=FULL, in a temporary DATA_DIR on this machine's disk):
 * throughput and p50/p99 latency of
 * - the store alone: saveList (one fsynced commit each) and findList;
 * - the server functions without the network: POST /v1/lists (parse,
 *   validate, resolve, save) and GET /v1/lists/{id} (read, resolve, build the
 *   interchange document), as Request -> Response calls.
 * Lists of 20 services from a catalogue sized like the real clouds.
 * Targets: over 1,000 saves/s and 5,000 fetches/s. Called by `npm run bench`,
 * or alone: `node_modules/.bin/node tests/bench/saved-lists.ts`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getList, newListId, saveList } from '../../functions/lists.ts';
import { createStatusRecorder } from '../../functions/lib/status.ts';
import type { FunctionContext } from '../../functions/lib/types.ts';
import { createMemoryLimiter } from '../../src/adapters/rate-limit.ts';
import { openSqliteStore } from '../../src/adapters/sqlite-store.ts';
import { listExpiry, type SavedListRecord } from '../../src/adapters/store.ts';
import { REALISTIC_PROVIDER_SIZES, syntheticCatalogue } from '../helpers/synthetic-catalogue.ts';
import { createServiceIndex } from '../../src/core/query.ts';
import { serviceListSchemaUrl } from '../../src/core/service-list.ts';
import { loadConfig } from '../../functions/lib/config.ts';

const SAVES = 3000;
const FETCHES = 20000;
const TARGET_SAVES = 1000;
const TARGET_FETCHES = 5000;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(
  n: number,
  op: (i: number) => Promise<unknown>,
): Promise<{ perSecond: number; p50: number; p99: number }> {
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await op(i);
    times.push(performance.now() - t);
  }
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: n / seconds, p50: pct(times, 50), p99: pct(times, 99) };
}

export async function bench(): Promise<{ title: string; markdown: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'csc-bench-lists-'));
  const store = openSqliteStore({ dataDir });
  try {
    const catalogue = syntheticCatalogue({ ...REALISTIC_PROVIDER_SIZES, seed: 7 });
    const ids = catalogue.services.map((s) => s.id);
    const pick = (i: number) =>
      Array.from({ length: 20 }, (_, k) => ids[(i * 37 + k * 53) % ids.length]!).filter(
        (v, k, a) => a.indexOf(v) === k,
      );
    const ctx: FunctionContext = {
      catalogue,
      index: createServiceIndex(catalogue),
      config: loadConfig({}).config!,
      limiter: createMemoryLimiter(100_000_000, 60),
      store,
      statusRecorder: createStatusRecorder(store),
      startedAt: new Date(),
      serviceListSchemaUrl: serviceListSchemaUrl('http://localhost:4321'),
      clientIp: '127.0.0.1',
      publicUrl: 'http://localhost:4321',
      now: () => new Date(),
    };

    const stored: string[] = [];
    const storeSave = await measure(SAVES, async (i) => {
      const createdAt = new Date();
      const list: SavedListRecord = {
        id: newListId(),
        createdAt,
        expiresAt: listExpiry(createdAt),
        name: `Bench ${i}`,
        approvedServiceIds: pick(i),
      };
      await store.saveList(list);
      stored.push(list.id);
    });
    const storeFetch = await measure(FETCHES, async (i) => {
      if (!(await store.findList(stored[i % stored.length]!))) throw new Error('saved list not found');
    });

    const saved: string[] = [];
    const fnSave = await measure(SAVES, async (i) => {
      const r = await saveList(
        new Request('http://localhost/v1/lists', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Bench ${i}`, approvedServiceIds: pick(i) }),
        }),
        ctx,
      );
      if (r.status !== 201) throw new Error(`POST /v1/lists -> ${r.status} ${await r.text()}`);
      saved.push(((await r.json()) as { id: string }).id);
    });
    const fnFetch = await measure(FETCHES, async (i) => {
      const r = await getList(new Request(`http://localhost/v1/lists/${saved[i % saved.length]}`), ctx);
      if (r.status !== 200) throw new Error(`GET /v1/lists -> ${r.status}`);
      await r.arrayBuffer();
    });

    // fsync cost depends on the file system: say which one the numbers come from.
    const fs =
      spawnSync('stat', ['-f', '-c', '%T', dataDir], { encoding: 'utf8' }).stdout.trim() || 'unknown file system';
    const verdict = (perSecond: number, target: number) =>
      perSecond > target
        ? `over the ${target.toLocaleString('en')}/s target`
        : `**under the ${target.toLocaleString('en')}/s target**`;
    const row = (what: string, n: number, m: { perSecond: number; p50: number; p99: number }, target: number) =>
      `| ${what} | ${n} | ${m.perSecond.toFixed(0)} | ${m.p50.toFixed(3)} | ${m.p99.toFixed(3)} | ${verdict(m.perSecond, target)} |`;
    return {
      title: 'Saved lists on the embedded store',
      markdown: [
        `node:sqlite, WAL, synchronous=FULL (every save fsynced), DATA_DIR in ${tmpdir()} (${fs}); ` +
          `lists of up to 20 services from a synthetic catalogue of ${ids.length} services; one ` +
          `operation at a time (SQLite serialises writes anyway).`,
        '',
        '| operation | runs | per second | p50 (ms) | p99 (ms) | |',
        '|---|---:|---:|---:|---:|---|',
        row('store: saveList', SAVES, storeSave, TARGET_SAVES),
        row('store: findList', FETCHES, storeFetch, TARGET_FETCHES),
        row('function: POST /v1/lists (no network)', SAVES, fnSave, TARGET_SAVES),
        row('function: GET /v1/lists/{id} (no network)', FETCHES, fnFetch, TARGET_FETCHES),
      ].join('\n'),
    };
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) console.log((await bench()).markdown);
