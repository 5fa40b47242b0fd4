/**
 * What a function answers when its handler throws: 503 (retry) when the store
 * has stopped answering, 500 otherwise. The store outage is injected through a
 * store whose ping fails: a stopped MongoDB cannot be had on this machine.
 */
import { describe, expect, it, vi } from 'vitest';
import { StoreFailure } from '../../src/adapters/store.ts';
import { failureResponse } from './failure.ts';

const request = new Request('http://localhost/v1/lists/abc');
const storeThat = (answers: boolean) =>
  ({ store: { ping: () => (answers ? Promise.resolve() : Promise.reject(new Error('connection refused'))) } }) as never;

describe('failureResponse', () => {
  it('answers 503 with Retry-After when the store does not answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const r = await failureResponse(new Error('read failed'), request, storeThat(false));
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('10');
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await r.json()).toMatchObject({ type: '/problems/unavailable', status: 503 });
  });

  it('answers 500 when the store is fine (a bug, logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const r = await failureResponse(new TypeError('boom'), request, storeThat(true));
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({ type: '/problems/internal', status: 500 });
    expect(log).toHaveBeenCalled();
  });

  it('answers 503 with Retry-After for a store that answers pings but fails the operation (full disk, damaged page), logging one line', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const full = Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR' });
    const r = await failureResponse(new StoreFailure('saveList', full), request, storeThat(true));
    expect(r.status).toBe(503);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('the store failed (saveList): database or disk is full'));
    expect(log.mock.calls.at(-1)).toHaveLength(1);
  });

  it('logs a client that went away in one line, without the error object (no stack)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const r = await failureResponse(
      aborted,
      new Request('http://localhost/v1/lists', { method: 'POST' }),
      storeThat(true),
    );
    expect(r.status).toBe(400);
    // Without a server to name routes, the method alone: never the path.
    expect(log.mock.calls.at(-1)).toEqual(['POST request: client went away (aborted)']);
  });

  it("names the request by the server's route template, never its path or query", async () => {
    const { processHost } = await import('../../src/adapters/process-host.ts');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    processHost().routeOf = (url) => (url.startsWith('/v1/lists/') ? '/v1/lists/{id}' : 'page');
    try {
      const id = 'AAAAAAAAAAAAAAAAAAAAAAAA';
      await failureResponse(new Error('bug'), new Request(`http://localhost/v1/lists/${id}?q=secret`), storeThat(true));
      expect(String(log.mock.calls.at(-1)?.[0])).toBe('GET /v1/lists/{id} failed');
      expect(JSON.stringify(log.mock.calls)).not.toMatch(new RegExp(`${id}|secret`));
    } finally {
      delete processHost().routeOf;
    }
  });
});
