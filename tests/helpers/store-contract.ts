/**
 * The one contract every Store adapter passes. `storeContract(name, open)`
 * registers the suite; `open(clock)` returns a fresh, empty store whose time
 * is the given clock. Time moves only through the clock: no test waits.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatusSample } from '../../src/core/status.ts';
import {
  DAY_MS,
  LIST_LIFETIME_DAYS,
  listExpiry,
  STATUS_HISTORY_DAYS,
  type Clock,
  type SavedListRecord,
  type Store,
} from '../../src/adapters/store.ts';

export class TestClock implements Clock {
  private t: number;
  constructor(start = Date.parse('2026-03-01T12:00:00.000Z')) {
    this.t = start;
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(date: Date): void {
    this.t = date.getTime();
  }
}

export type OpenStore = (clock: Clock) => Promise<Store>;

const newId = () => randomBytes(18).toString('base64url');

function list(clock: Clock, extra: Partial<SavedListRecord> = {}): SavedListRecord {
  const createdAt = clock.now();
  return {
    id: newId(),
    createdAt,
    expiresAt: listExpiry(createdAt),
    name: 'Approved for production',
    approvedServiceIds: ['aws-s3', 'gcp-bigquery'],
    ...extra,
  };
}

function sample(
  at: Date,
  reason: StatusSample['reason'] = 'interval',
  store: StatusSample['components']['store'] = 'operational',
): StatusSample {
  return {
    at: at.toISOString(),
    reason,
    status: store,
    components: { api: 'operational', catalogue: 'operational', store, rateLimiter: 'operational' },
    catalogueVersion: 'abc123',
    storeLatencyMs: store === 'down' ? null : 0.4,
  };
}

export function storeContract(name: string, open: OpenStore, options: { skip?: boolean } = {}): void {
  describe.skipIf(!!options.skip)(name, () => {
    let store: Store | undefined;
    let clock: TestClock;
    const fresh = async () => {
      clock = new TestClock();
      store = await open(clock);
      return store;
    };
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });

    describe('saved lists', () => {
      it('returns a saved list with every field as saved', async () => {
        const s = await fresh();
        const saved = list(clock, {
          description: 'Reviewed <b>quarterly</b> & "signed off"',
          organisation: 'Platform team',
          owner: 'cloud@example.org',
          approvedServiceIds: ['b-2', 'a-1', 'retired-thing'],
          statuses: { 'a-1': 'restricted', 'retired-thing': 'disabled' },
        });
        await s.saveList(saved);
        expect(await s.findList(saved.id)).toEqual(saved);
      });

      it('keeps statuses of services whose ids are any strings (NUL, $, dots, __proto__)', async () => {
        const s = await fresh();
        const odd = ['nul\u0000id', '$where', 'a.b.c', '__proto__'];
        const statuses = Object.fromEntries(odd.map((id) => [id, 'restricted' as const]));
        const saved = list(clock, { approvedServiceIds: odd, statuses });
        await s.saveList(saved);
        const found = await s.findList(saved.id);
        expect(found).toEqual(saved);
        expect(Object.keys(found!.statuses!).sort()).toEqual([...odd].sort());
      });

      it('omits optional fields that were not given', async () => {
        const s = await fresh();
        const saved = list(clock);
        await s.saveList(saved);
        const found = await s.findList(saved.id);
        expect(found).toEqual(saved);
        expect(Object.keys(found!).sort()).toEqual(['approvedServiceIds', 'createdAt', 'expiresAt', 'id', 'name']);
      });

      it('answers null for unknown and hostile ids without throwing', async () => {
        const s = await fresh();
        await s.saveList(list(clock));
        for (const id of [
          newId(),
          '',
          'x'.repeat(600),
          '../../v1/health',
          '{"$ne":null}',
          "' OR 1=1 --",
          'ñ🙂\u0000',
          '__proto__',
        ]) {
          expect(await s.findList(id)).toBeNull();
        }
      });

      it(`keeps a list for ${LIST_LIFETIME_DAYS} days and never returns it after, purge or not`, async () => {
        const s = await fresh();
        const saved = list(clock);
        await s.saveList(saved);
        clock.set(new Date(saved.expiresAt.getTime() - 1));
        expect((await s.findList(saved.id))?.id).toBe(saved.id);
        clock.set(saved.expiresAt);
        expect(await s.findList(saved.id)).toBeNull();
        clock.advance(DAY_MS);
        expect(await s.findList(saved.id)).toBeNull();
      });

      it('purges expired lists only, so they stay gone even if the clock goes back', async () => {
        const s = await fresh();
        const old = list(clock);
        await s.saveList(old);
        clock.advance(10 * DAY_MS);
        const recent = list(clock);
        await s.saveList(recent);
        clock.set(old.expiresAt);
        expect(await s.purge()).toMatchObject({ lists: 1 });
        expect((await s.findList(recent.id))?.id).toBe(recent.id);
        clock.set(old.createdAt);
        expect(await s.findList(old.id)).toBeNull();
        expect((await s.findList(recent.id))?.id).toBe(recent.id);
      });

      it('counts the lists that have not expired', async () => {
        const s = await fresh();
        expect(await s.countLists()).toBe(0);
        const old = list(clock);
        await s.saveList(old);
        clock.advance(DAY_MS);
        await s.saveList(list(clock));
        await s.saveList(list(clock));
        expect(await s.countLists()).toBe(3);
        clock.set(old.expiresAt);
        expect(await s.countLists()).toBe(2);
      });

      it('keeps many lists apart', async () => {
        const s = await fresh();
        const saved = Array.from({ length: 50 }, (_, i) =>
          list(clock, { name: `List ${i}`, approvedServiceIds: [`svc-${i}`] }),
        );
        await Promise.all(saved.map((l) => s.saveList(l)));
        for (const l of saved) expect(await s.findList(l.id)).toEqual(l);
      });
    });

    describe('feedback', () => {
      it('stores the raw text exactly as given', async () => {
        const s = await fresh();
        const f = {
          id: newId(),
          receivedAt: clock.now(),
          message: '<script>alert(1)</script>\n# heading ]] 🙂',
          category: 'bug',
          rating: 4,
          page: '/services/aws-s3',
          contact: 'me@example.org',
        };
        await s.saveFeedback(f);
        expect(await s.findFeedback(f.id)).toEqual(f);
        const minimal = { id: newId(), receivedAt: clock.now(), message: 'Thanks' };
        await s.saveFeedback(minimal);
        expect(await s.findFeedback(minimal.id)).toEqual(minimal);
        expect(await s.findFeedback(newId())).toBeNull();
      });
    });

    describe('status history', () => {
      it('answers newest first with a total, paged by offset and limit', async () => {
        const s = await fresh();
        const start = clock.now().getTime();
        const recorded = Array.from({ length: 7 }, (_, i) =>
          sample(new Date(start + i * 60_000), i === 0 ? 'startup' : 'interval'),
        );
        // Inserted out of order: the store orders by time, not by insertion.
        for (const x of [...recorded.slice(3), ...recorded.slice(0, 3)]) await s.addStatusSample(x);
        const newestFirst = [...recorded].reverse();
        expect(await s.statusSamples(0, 3)).toEqual({ samples: newestFirst.slice(0, 3), total: 7 });
        expect(await s.statusSamples(3, 3)).toEqual({ samples: newestFirst.slice(3, 6), total: 7 });
        expect(await s.statusSamples(6, 3)).toEqual({ samples: newestFirst.slice(6), total: 7 });
        expect(await s.statusSamples(9, 3)).toEqual({ samples: [], total: 7 });
      });

      it('puts the later of two samples taken in the same millisecond first', async () => {
        const s = await fresh();
        const at = clock.now();
        await s.addStatusSample(sample(at, 'startup'));
        await s.addStatusSample(sample(at, 'change', 'down'));
        const { samples } = await s.statusSamples(0, 10);
        expect(samples.map((x) => x.reason)).toEqual(['change', 'startup']);
      });

      it(`purges samples older than ${STATUS_HISTORY_DAYS} days`, async () => {
        const s = await fresh();
        const old = sample(clock.now());
        await s.addStatusSample(old);
        clock.advance(STATUS_HISTORY_DAYS * DAY_MS + 1);
        const recent = sample(clock.now());
        await s.addStatusSample(recent);
        expect(await s.purge()).toMatchObject({ statusSamples: 1 });
        expect(await s.statusSamples(0, 10)).toEqual({ samples: [recent], total: 1 });
      });
    });

    it('answers a ping', async () => {
      const s = await fresh();
      await expect(s.ping()).resolves.toBeUndefined();
    });
  });
}
