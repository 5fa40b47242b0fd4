import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight.ts';

const response = () => new ServerResponse(new IncomingMessage(new Socket()));

describe('InFlight', () => {
  it('holds each response once, whatever order they finish in', () => {
    const inFlight = new InFlight();
    const responses = Array.from({ length: 6 }, response);
    for (const res of responses) inFlight.add(res);
    inFlight.add(responses[0]!);
    expect(inFlight.size).toBe(6);
    // First, last, middle: each removal moves another response into the gap it leaves.
    for (const at of [0, 5, 2]) expect(inFlight.delete(responses[at]!)).toBe(true);
    expect(new Set(inFlight.list())).toEqual(new Set([responses[1], responses[3], responses[4]]));
    expect(inFlight.delete(responses[0]!)).toBe(false);
    for (const at of [4, 1, 3]) expect(inFlight.delete(responses[at]!)).toBe(true);
    expect(inFlight.size).toBe(0);
    expect(inFlight.list()).toEqual([]);
  });

  it('keeps its own places: two registries holding one response do not disturb each other', () => {
    const a = new InFlight();
    const b = new InFlight();
    const [x, y] = [response(), response()];
    a.add(x);
    a.add(y);
    b.add(y);
    expect(b.delete(x)).toBe(false);
    expect(b.delete(y)).toBe(true);
    expect(a.list()).toEqual([x, y]);
    expect(a.delete(y)).toBe(true);
    expect(a.list()).toEqual([x]);
  });

  it('agrees with a Set over a long random run of adds and removes', () => {
    const inFlight = new InFlight();
    const reference = new Set<ServerResponse>();
    const pool = Array.from({ length: 40 }, response);
    let seed = 7;
    const next = () => (seed = Number((BigInt(seed) * 1103515245n + 12345n) % 2n ** 31n)) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const res = pool[Math.floor(next() * pool.length)]!;
      if (next() < 0.5) {
        inFlight.add(res);
        reference.add(res);
      } else expect(inFlight.delete(res)).toBe(reference.delete(res));
      expect(inFlight.size).toBe(reference.size);
    }
    expect(new Set(inFlight.list())).toEqual(reference);
  });
});
