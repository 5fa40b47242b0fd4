/** The status recorder against a real embedded store: what is recorded, when, and why. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/adapters/sqlite-store.ts';
import type { Store } from '../../src/adapters/store.ts';
import { overallState, type ComponentState, type Status } from '../../src/core/status.ts';
import { API_VERSION } from '../../src/http/openapi.ts';
import { createStatusRecorder, probeStatus } from './status.ts';

let dir: string;
let store: Store;
afterEach(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});
const open = () => {
  dir = mkdtempSync(join(tmpdir(), 'csc-recorder-'));
  store = openSqliteStore({ dataDir: dir });
  return store;
};

let t = Date.parse('2026-05-01T00:00:00Z');
function status(storeState: ComponentState = 'operational', catalogueVersion = 'v1'): Status {
  const components: Status['components'] = {
    api: { status: 'operational', version: API_VERSION, startedAt: new Date(t).toISOString() },
    catalogue: { status: 'operational', version: catalogueVersion, builtOn: '2026-05-01', serviceCount: 15 },
    store:
      storeState === 'down'
        ? { status: 'down', kind: 'embedded', reachable: false, latencyMs: null }
        : { status: storeState, kind: 'embedded', reachable: true, latencyMs: 1 },
    rateLimiter: { status: 'operational', kind: 'memory', limit: 10, windowSeconds: 60 },
  };
  t += 1000;
  return { status: overallState(components), checkedAt: new Date(t).toISOString(), components };
}

const reasons = async () =>
  (await store.statusSamples(0, 100)).samples.map((s) => `${s.reason}:${s.components.store}`).reverse();

describe('status recorder', () => {
  it('records start-up and interval samples, and an interval that differs as a change', async () => {
    const recorder = createStatusRecorder(open());
    await recorder.record(status(), 'startup');
    await recorder.record(status(), 'interval');
    await recorder.record(status('degraded'), 'interval');
    await recorder.record(status('degraded'), 'interval');
    expect(await reasons()).toEqual([
      'startup:operational',
      'interval:operational',
      'change:degraded',
      'interval:degraded',
    ]);
  });

  it('observes probes and records only changes of state or catalogue version', async () => {
    const recorder = createStatusRecorder(open());
    await recorder.record(status(), 'startup');
    await recorder.observe(status());
    await recorder.observe(status('degraded'));
    await recorder.observe(status('degraded'));
    await recorder.observe(status());
    await recorder.observe(status('operational', 'v2'));
    expect(await reasons()).toEqual([
      'startup:operational',
      'change:degraded',
      'change:operational',
      'change:operational',
    ]);
  });

  it('compares with the history in the store after a restart', async () => {
    const s = open();
    await createStatusRecorder(s).record(status('degraded'), 'startup');
    const restarted = createStatusRecorder(s);
    await restarted.observe(status('degraded'));
    await restarted.observe(status());
    expect(await reasons()).toEqual(['startup:degraded', 'change:operational']);
  });

  it('records one change sample for concurrent probes that see the same change', async () => {
    const recorder = createStatusRecorder(open());
    await recorder.record(status(), 'startup');
    await Promise.all([
      recorder.observe(status('degraded')),
      recorder.observe(status('degraded')),
      recorder.observe(status('degraded')),
    ]);
    expect(await reasons()).toEqual(['startup:operational', 'change:degraded']);
  });

  it('remembers a change whose write failed, so later probes of the same state do not write again', async () => {
    const s = open();
    const recorder = createStatusRecorder(s, () => {});
    await recorder.record(status(), 'startup');
    let writes = 0;
    const add = s.addStatusSample.bind(s);
    s.addStatusSample = async (sample) => {
      writes++;
      if (sample.components.store === 'down') throw new Error('store down');
      return add(sample);
    };
    await recorder.observe(status('down'));
    await recorder.observe(status('down'));
    await recorder.observe(status('down'));
    expect(writes).toBe(1);
    await recorder.observe(status());
    expect(await reasons()).toEqual(['startup:operational', 'change:operational']);
  });

  it('logs, rather than throws, when the store cannot take a sample', async () => {
    const s = open();
    await s.close();
    const logged: string[] = [];
    await createStatusRecorder(s, (m) => logged.push(m)).record(status(), 'startup');
    expect(logged).toEqual([expect.stringContaining('Could not record a status sample (startup)')]);
  });
});

describe('probeStatus', () => {
  const limiter = { kind: 'memory', limit: 10, windowSeconds: 60, check: async () => {} } as never;
  const catalogue = { services: [{}], version: 'v1', builtOn: '2026-05-01' } as never;
  const base = { catalogue, limiter, startedAt: new Date(0), now: () => new Date(0) };

  it('reports the store degraded when its latest write failed, though it answers a ping', async () => {
    const s = await probeStatus({
      ...base,
      store: open(),
      storeHealth: () => ({ writable: false, recentFailures: 1 }),
    });
    expect(s.components.store).toMatchObject({ status: 'degraded', reachable: true, writable: false });
    expect(s.status).toBe('degraded');
  });
  it('reports it operational when nothing failed', async () => {
    const s = await probeStatus({ ...base, store: open(), storeHealth: () => ({ writable: true, recentFailures: 0 }) });
    expect(s.components.store.status).toBe('operational');
    expect(s.status).toBe('operational');
  });
});
