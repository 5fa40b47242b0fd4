/**
 * GET /v1/health, /v1/status and /v1/status/history through the built
 * server: shapes from the zod schemas, caching, a history recorded in the
 * store that survives restarts, and 503 when the store does not answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Health, Status, StatusHistoryPage } from '../src/core/status.ts';
import { API_VERSION } from '../src/http/openapi.ts';
import { expectProblem, postJson, send } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('GET /v1/health', () => {
  it('is ready: catalogue loaded, store reachable; never cached', async () => {
    const r = await send(`${server.url}/v1/health`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const health = Health.parse(r.json);
    expect(health.checks.store.kind).toBe('embedded');
    expect(health.checks.catalogue.serviceCount).toBeGreaterThan(0);
  });
});

describe('GET /v1/status', () => {
  it('reports every component and the overall state', async () => {
    const r = await send(`${server.url}/v1/status`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    const status = Status.parse(r.json);
    expect(status.status).toBe('operational');
    const { api, catalogue, store, rateLimiter } = status.components;
    expect(api.version).toBe(API_VERSION);
    const services = (await send(`${server.url}/v1/services?pageSize=1`)).json.total;
    expect(catalogue).toMatchObject({ status: 'operational', serviceCount: services });
    expect(catalogue.builtOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(store).toMatchObject({ status: 'operational', kind: 'embedded', reachable: true });
    expect(store.latencyMs).toBeGreaterThanOrEqual(0);
    expect(rateLimiter).toMatchObject({ status: 'operational', kind: 'memory', limit: 10, windowSeconds: 60 });
  });
});

describe('GET /v1/status/history', () => {
  it('starts with the start-up sample', async () => {
    const r = await send(`${server.url}/v1/status/history`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    const page = StatusHistoryPage.parse(r.json);
    expect(page.data[0]).toMatchObject({
      reason: 'startup',
      status: 'operational',
      components: { store: 'operational' },
    });
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
  });

  it.each([
    ['page=0', 'page'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    ['page=1e1', 'page'],
    ['since=yesterday', 'since'],
  ])('answers 400 for %s', async (query, parameter) => {
    const p = expectProblem(await send(`${server.url}/v1/status/history?${query}`), 400);
    expect(p.errors.map((e: any) => e.parameter)).toContain(parameter);
  });

  it('keeps its history across restarts, newest first, paged', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'csc-history-'));
    try {
      const starts: string[] = [];
      for (let i = 0; i < 3; i++) {
        const s = await startServer({}, { dataDir });
        starts.push(Status.parse((await send(`${s.url}/v1/status`)).json).components.api.startedAt);
        await (i === 1 ? s.kill() : s.stop());
      }
      const s = await startServer({}, { dataDir });
      try {
        const all = StatusHistoryPage.parse((await send(`${s.url}/v1/status/history?pageSize=100`)).json);
        const startups = all.data.filter((x) => x.reason === 'startup');
        expect(startups).toHaveLength(4);
        // Each start-up sample belongs to its own process: taken after that process started and before the next one did
        // (an order, not a duration, so a loaded machine cannot fail it). Newest first.
        const startedAt = [...starts].reverse().map(Date.parse);
        startups.slice(1).forEach((x, i) => {
          expect(Date.parse(x.at)).toBeGreaterThanOrEqual(startedAt[i]!);
          if (i > 0) expect(Date.parse(x.at)).toBeLessThan(startedAt[i - 1]!);
        });
        const times = all.data.map((x) => Date.parse(x.at));
        expect(times).toEqual([...times].sort((a, b) => b - a));

        const first = await send(`${s.url}/v1/status/history?pageSize=2`);
        const page1 = StatusHistoryPage.parse(first.json);
        expect(page1).toMatchObject({ page: 1, pageSize: 2, total: all.total, totalPages: Math.ceil(all.total / 2) });
        expect(page1.data).toEqual(all.data.slice(0, 2));
        expect(first.headers.get('link')).toContain('rel="next"');
        const page2 = StatusHistoryPage.parse((await send(`${s.url}${page1.links.next}`)).json);
        expect(page2.data).toEqual(all.data.slice(2, 4));
        expect(page2.links.prev).toBe(page1.links.self);
      } finally {
        await s.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the sampler', () => {
  it('records a sample every STATUS_SAMPLE_SECONDS', async () => {
    const s = await startServer({ STATUS_SAMPLE_SECONDS: '5' });
    try {
      let samples: { reason: string; at: string }[] = [];
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
        samples = StatusHistoryPage.parse((await send(`${s.url}/v1/status/history`)).json).data;
        if (samples.some((x) => x.reason === 'interval')) break;
      }
      expect(samples.map((x) => x.reason)).toEqual(['interval', 'startup']);
      const gap = Date.parse(samples[0]!.at) - Date.parse(samples[1]!.at);
      // Timers never fire early: the interval sample cannot come sooner than the interval (less the start-up's own delay).
      expect(gap).toBeGreaterThanOrEqual(4500);
    } finally {
      await s.stop();
    }
  }, 30_000);
});

describe('with a MongoDB that does not answer', () => {
  let down: RunningServer;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, the driver gives up after 300 ms.
    down = await startServer({
      MONGODB_URI: 'mongodb://127.0.0.1:9/?serverSelectionTimeoutMS=300&connectTimeoutMS=300',
    });
  });
  afterAll(() => down?.stop());

  it('is not ready: health answers 503 problem with Retry-After', async () => {
    const r = await send(`${down.url}/v1/health`);
    expectProblem(r, 503);
    expect(r.headers.get('retry-after')).toBe('10');
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('answers mutations with 503, never 500', async () => {
    for (const [path, body] of [
      ['/v1/lists', { name: 'x', approvedServiceIds: ['aws-s3'] }],
      ['/v1/feedback', { message: 'x' }],
    ] as const) {
      expectProblem(await postJson(`${down.url}${path}`, body), 503);
    }
  });

  it('keeps serving the catalogue', async () => {
    expect((await send(`${down.url}/v1/providers`)).status).toBe(200);
  });

  it('tries to open the store again at most every 5 s, logging each try once, not each request refused', async () => {
    const tries = () =>
      down
        .output()
        .split('\n')
        .filter((l) => l.includes('Opening the store and catalogue failed'));
    const before = tries().length;
    const started = Date.now();
    for (let i = 0; i < 12; i++) expectProblem(await send(`${down.url}/v1/health`), 503);
    const seconds = (Date.now() - started) / 1000;
    // Each had tried (and logged a stack) for itself: 12 requests made 12 tries.
    expect(tries().length - before).toBeLessThanOrEqual(Math.ceil(seconds / 5) + 1);
  });
});
