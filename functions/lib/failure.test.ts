/**
 * What a function answers when its handler throws: 503 (retry) when the store
 * has stopped answering, 500 otherwise. The store outage is injected through a
 * store whose ping fails: a stopped MongoDB cannot be had on this machine.
 */
import { describe, expect, it, vi } from 'vitest';
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
});
