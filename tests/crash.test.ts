/**
 * Durability of the embedded store: save lists concurrently, kill -9 the
 * server while saves are still in flight, restart it on the same DATA_DIR:
 * every list whose 201 reached the client is there, unchanged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { postJson, send } from './helpers/http.ts';
import { startServer } from './helpers/server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'csc-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('keeps every acknowledged list across kill -9', async () => {
  const env = { RATE_LIMIT_POINTS: '100000' };
  const first = await startServer(env, { dataDir });
  const ids = (await send(`${first.url}/v1/services?pageSize=100`)).json.data.map(
    (s: { id: string }) => s.id,
  ) as string[];
  const acknowledged = new Map<string, { name: string; approvedServiceIds: string[] }>();
  let killed = false;
  const KILL_AFTER = 150;

  // 16 clients saving as fast as they can; the server is killed once 150 saves are acknowledged.
  const client = async (c: number) => {
    for (let i = 0; !killed; i++) {
      const body = {
        name: `Crash ${c}-${i}`,
        approvedServiceIds: [ids[(c + i) % ids.length]!, ids[(c * 7 + i + 1) % ids.length]!].filter(
          (v, k, a) => a.indexOf(v) === k,
        ),
      };
      try {
        const r = await postJson(`${first.url}/v1/lists`, body);
        if (r.status === 201) acknowledged.set(r.json.id, body);
        if (acknowledged.size >= KILL_AFTER && !killed) {
          killed = true;
          await first.kill();
        }
      } catch {
        // The connection died with the server: this save was never acknowledged.
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, c) => client(c)));
  expect(first.process.signalCode).toBe('SIGKILL');
  expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);

  const second = await startServer(env, { dataDir });
  try {
    const missing: string[] = [];
    for (const [id, body] of acknowledged) {
      const r = await send(`${second.url}/v1/lists/${id}`);
      if (r.status !== 200) missing.push(`${id}: ${r.status}`);
      else expect({ name: r.json.name, approvedServiceIds: r.json.approvedServiceIds }).toEqual(body);
    }
    expect(missing).toEqual([]);
  } finally {
    await second.stop();
  }
}, 120_000);
