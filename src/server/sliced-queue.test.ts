import { describe, expect, it } from 'vitest';
import { createSlicedQueue } from './sliced-queue.ts';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

/** Resolves once the queue has run everything given to it. */
const drained = (queue: { waiting: number }) =>
  new Promise<void>((resolve) => {
    const check = () => (queue.waiting === 0 ? resolve() : setTimeout(check, 1));
    setTimeout(check, 1);
  });

/**
 * Runs `count` jobs through a queue and returns the index of each job grouped by the slice that ran it: a
 * setImmediate chain started before the jobs were queued counts the loop's turns (one per check phase).
 */
async function slicesOf(
  count: number,
  limits: { sliceMs: number; maxJobs: number; now?: () => number },
  job: (i: number) => void = () => {},
): Promise<number[][]> {
  const queue = createSlicedQueue(limits);
  const slices: number[][] = [];
  let turn = 0;
  const markTurns = () => {
    turn++;
    if (queue.waiting) setImmediate(markTurns);
  };
  setImmediate(markTurns);
  for (let i = 0; i < count; i++)
    queue.defer(() => {
      (slices[turn] ??= []).push(i);
      job(i);
    });
  await drained(queue);
  return slices.filter(Boolean);
}

describe('createSlicedQueue', () => {
  it('runs jobs after the code that queued them, in the order they were queued', async () => {
    const queue = createSlicedQueue({ sliceMs: 5, maxJobs: 100 });
    const order: string[] = [];
    queue.defer(() => order.push('a'));
    queue.defer(() => {
      order.push('b');
      queue.defer(() => order.push('d'));
      order.push(`waiting ${queue.waiting}`);
    });
    queue.defer(() => order.push('c'));
    order.push('caller');
    expect(queue.waiting).toBe(3);
    await drained(queue);
    expect(order).toEqual(['caller', 'a', 'b', 'waiting 2', 'c', 'd']);
  });

  it('gives the event loop a turn once a slice is spent, so a timer due meanwhile runs before the rest', async () => {
    // Each job takes 2 ms, over the 1 ms slice: one job per slice. Without slices the four later jobs would
    // run in the same phase as the first, and the timer after all of them.
    const queue = createSlicedQueue({ sliceMs: 1, maxJobs: 100 });
    const order: string[] = [];
    queue.defer(() => {
      setTimeout(() => order.push('timer'), 0);
      busyFor(2);
      order.push('job 0');
    });
    for (let i = 1; i < 5; i++)
      queue.defer(() => {
        busyFor(2);
        order.push(`job ${i}`);
      });
    await drained(queue);
    expect(order).toEqual(['job 0', 'timer', 'job 1', 'job 2', 'job 3', 'job 4']);
  });

  it('ends a slice when its time is spent, and runs one job in a slice that starts already spent', async () => {
    let clock = 0;
    // The clock moves only when a job says so: 0.4 ms per job against a 1 ms slice is three jobs a slice.
    const byTime = await slicesOf(7, { sliceMs: 1, maxJobs: 100, now: () => clock }, () => (clock += 0.4));
    expect(byTime).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    const spent = await slicesOf(3, { sliceMs: 1, maxJobs: 100, now: () => (clock += 10) });
    expect(spent).toEqual([[0], [1], [2]]);
  });

  it('ends a slice after maxJobs jobs, however quick', async () => {
    const byCount = await slicesOf(7, { sliceMs: 1000, maxJobs: 3 });
    expect(byCount).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('keeps the rest queued and scheduled when a job throws', async () => {
    const queue = createSlicedQueue({ sliceMs: 1000, maxJobs: 100 });
    const ran: number[] = [];
    const thrown: unknown[] = [];
    // The error escapes the slice's callback, as an uncaught exception would; caught here around it.
    const realSetImmediate = globalThis.setImmediate;
    const guarded = ((fn: () => void) =>
      realSetImmediate(() => {
        try {
          fn();
        } catch (e) {
          thrown.push(e);
        }
      })) as typeof setImmediate;
    globalThis.setImmediate = guarded;
    try {
      queue.defer(() => ran.push(0));
      queue.defer(() => {
        throw new Error('job 1 failed');
      });
      queue.defer(() => ran.push(2));
      await drained(queue);
    } finally {
      globalThis.setImmediate = realSetImmediate;
    }
    expect(ran).toEqual([0, 2]);
    expect(thrown).toEqual([new Error('job 1 failed')]);
    expect(queue.waiting).toBe(0);
  });
});
