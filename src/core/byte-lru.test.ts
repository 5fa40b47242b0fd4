import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru.ts';

describe('ByteLru', () => {
  const sized = (max: number) => new ByteLru<string, string>(max, (v) => v.length);

  it('keeps entries within the byte budget, least recently used out first', () => {
    const c = sized(100);
    c.set('a', 'x'.repeat(20));
    c.set('b', 'x'.repeat(20));
    c.set('c', 'x'.repeat(20));
    c.get('a'); // a is now the most recent
    c.set('d', 'x'.repeat(20));
    c.set('e', 'x'.repeat(20));
    expect(c.bytes).toBe(100);
    c.set('f', 'x'.repeat(20));
    expect(c.bytes).toBeLessThanOrEqual(100);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBeDefined();
  });
  it('keeps the order right through runs of hits on the newest entry, and after it is deleted and set again', () => {
    const c = sized(75); // room for four entries of 18
    const v = 'x'.repeat(18);
    c.set('a', v);
    c.set('b', v);
    c.get('b');
    c.get('b'); // hits on the newest entry change nothing
    c.get('a'); // a is the newest now, b the oldest
    c.get('a');
    c.set('c', v);
    c.set('d', v);
    c.set('e', v);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')).toBeDefined();
    c.delete('a');
    c.set('a', 'x'.repeat(10)); // back as the newest: c is the oldest
    c.set('f', v);
    expect(c.get('c')).toBeUndefined();
    expect(['a', 'd', 'e', 'f'].map((k) => c.get(k) !== undefined)).toEqual([true, true, true, true]);
  });
  it('answers a run of hits on the newest entry with its current value, and nothing once it is gone', () => {
    const c = sized(100);
    c.set('a', 'first');
    expect([c.get('a'), c.get('a')]).toEqual(['first', 'first']);
    c.set('a', 'second'); // replaced while the newest
    expect(c.get('a')).toBe('second');
    c.delete('a');
    expect(c.get('a')).toBeUndefined();
    c.set('b', 'b');
    c.set('a', 'third');
    c.get('b'); // b the newest, then a again
    expect(c.get('a')).toBe('third');
    // A key read, then evicted once newer ones fill the budget, is gone.
    const small = sized(40);
    small.set('x', 'x'.repeat(10));
    small.get('x');
    for (const k of ['p', 'q', 'r', 's']) small.set(k, 'y'.repeat(10));
    expect(small.get('x')).toBeUndefined();
  });
  it('never keeps an entry larger than a quarter of the budget', () => {
    const c = sized(100);
    expect(c.set('big', 'x'.repeat(26))).toBe(false);
    expect(c.size).toBe(0);
  });
  it('counts a replaced entry once', () => {
    const c = sized(100);
    c.set('a', 'x'.repeat(10));
    c.set('a', 'x'.repeat(15));
    expect(c.bytes).toBe(15);
    c.delete('a');
    expect(c.bytes).toBe(0);
  });
  it('holds what a plain model of an LRU holds, in its order, over random runs of gets, sets and deletes', () => {
    // xorshift32: the same runs every time.
    let state = 0x9e3779b9;
    const random = (n: number) => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) % n;
    };
    for (let run = 0; run < 200; run++) {
      const max = 20 + random(80);
      const c = sized(max);
      /** The model: keys oldest first, with their values. */
      let model: [string, string][] = [];
      const modelBytes = () => model.reduce((sum, [, v]) => sum + v.length, 0);
      for (let step = 0; step < 300; step++) {
        const key = `k${random(12)}`;
        const op = random(10);
        if (op < 4) {
          const hit = model.find(([k]) => k === key);
          expect(c.get(key)).toBe(hit?.[1]);
          if (hit) model = [...model.filter(([k]) => k !== key), hit];
        } else if (op < 9) {
          const value = `${step}:`.padEnd(1 + random(Math.floor(max / 3)), 'x');
          model = model.filter(([k]) => k !== key);
          const kept = value.length <= max / 4;
          expect(c.set(key, value)).toBe(kept);
          if (kept) model.push([key, value]);
          while (modelBytes() > max) model.shift();
        } else {
          c.delete(key);
          model = model.filter(([k]) => k !== key);
        }
        expect(c.size).toBe(model.length);
        expect(c.bytes).toBe(modelBytes());
      }
      // Which entries are kept follows from the order they left in: each is checked at the end of the run.
      for (const [k, v] of model) expect(c.get(k)).toBe(v);
    }
  });

  it('lets go of what it no longer holds: values replaced, deleted or evicted can be collected', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const c = new ByteLru<string, Uint8Array>(4 * 1024 * 1024, (v) => v.byteLength);
    const gone: WeakRef<Uint8Array>[] = [];
    const put = (key: string) => {
      const value = new Uint8Array(256 * 1024);
      c.set(key, value);
      return new WeakRef(value);
    };
    // Full, and past it: the oldest have been evicted.
    for (let i = 0; i < 20; i++) gone.push(put(`k${i}`));
    // Then a long run of replacements, hits and deletions within the budget.
    for (let round = 0; round < 200; round++)
      for (let i = 0; i < 10; i++) {
        gone.push(put(`k${i}`));
        c.get(`k${(i + 3) % 10}`);
        if (round % 7 === 0) c.delete(`k${i}`);
      }
    const kept = new Set(Array.from({ length: 20 }, (_, i) => c.get(`k${i}`)).filter((v) => v !== undefined));
    // WeakRefs hold their target until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    const alive = gone.map((r) => r.deref()).filter((v) => v !== undefined && !kept.has(v));
    expect(alive.length).toBe(0);
    expect(c.bytes).toBeLessThanOrEqual(4 * 1024 * 1024);
  });

  it('stays bounded under 100,000 distinct keys', () => {
    const c = sized(10_000);
    for (let i = 0; i < 100_000; i++) c.set(`k${i}`, 'x'.repeat(100));
    expect(c.bytes).toBeLessThanOrEqual(10_000);
    expect(c.size).toBe(100);
  });
});
