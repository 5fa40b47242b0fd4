/**
 * watchStore: every store failure becomes a StoreFailure, and health() tells
 * what a ping cannot see (a full disk fails writes, a damaged page fails the
 * reads of the lists on it).
 */
import { describe, expect, it } from 'vitest';
import { StoreFailure, watchStore, type Store } from './store.ts';

function fakeStore(fail: Set<string>): Store {
  const maybe = async <T>(op: string, value: T): Promise<T> => {
    if (fail.has(op))
      throw new Error(op === 'findList' ? 'database disk image is malformed' : 'database or disk is full');
    return value;
  };
  return {
    kind: 'embedded',
    saveList: () => maybe('saveList', undefined),
    findList: () => maybe('findList', null),
    countLists: () => maybe('countLists', 0),
    saveFeedback: () => maybe('saveFeedback', undefined),
    findFeedback: () => maybe('findFeedback', null),
    addStatusSample: () => maybe('addStatusSample', undefined),
    statusSamples: () => maybe('statusSamples', { samples: [], total: 0 }),
    purge: () => maybe('purge', { lists: 0, statusSamples: 0 }),
    ping: () => maybe('ping', undefined),
    close: async () => {},
  };
}

const list = { id: 'x', createdAt: new Date(), expiresAt: new Date(), name: 'n', approvedServiceIds: [] };

describe('watchStore', () => {
  it('is healthy while operations succeed', async () => {
    const store = watchStore(fakeStore(new Set()));
    await store.saveList(list);
    expect(store.health()).toEqual({ writable: true, recentFailures: 0 });
  });

  it('a failed write makes it not writable until a list or feedback is saved again; a status sample does not prove it', async () => {
    const fail = new Set(['saveList', 'addStatusSample']);
    let now = 0;
    const store = watchStore(fakeStore(fail), { now: () => new Date(now) });
    await expect(store.saveList(list)).rejects.toBeInstanceOf(StoreFailure);
    expect(store.health()).toMatchObject({
      writable: false,
      recentFailures: 1,
      lastFailure: { operation: 'saveList', message: 'database or disk is full' },
    });
    fail.delete('addStatusSample');
    await store.addStatusSample({} as never);
    expect(store.health().writable).toBe(false);
    fail.delete('saveList');
    await store.saveList(list);
    expect(store.health().writable).toBe(true);
    // The failure stays counted for a minute, then no longer.
    expect(store.health().recentFailures).toBe(1);
    now += 61_000;
    expect(store.health()).toEqual({ writable: true, recentFailures: 0 });
  });

  it('failed reads (a damaged page) count as recent failures while pings still answer', async () => {
    const store = watchStore(fakeStore(new Set(['findList'])));
    await store.ping();
    const e = await store.findList('x').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StoreFailure);
    expect((e as StoreFailure).operation).toBe('findList');
    expect(store.health()).toMatchObject({ writable: true, recentFailures: 1 });
  });

  it('tells the observer of each operation as it settles, with its duration and whether it failed', async () => {
    const seen: [string, number, boolean][] = [];
    const store = watchStore(fakeStore(new Set(['saveList'])), undefined, (op, seconds, failed) =>
      seen.push([op, seconds, failed]),
    );
    await store.findList('x');
    await expect(store.saveList(list)).rejects.toBeInstanceOf(StoreFailure);
    expect(seen.map(([op, , failed]) => [op, failed])).toEqual([
      ['findList', false],
      ['saveList', true],
    ]);
    for (const [, seconds] of seen) expect(seconds).toBeGreaterThanOrEqual(0);
  });
});
