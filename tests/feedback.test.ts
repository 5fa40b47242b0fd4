/**
 * POST /v1/feedback through the built server. What was stored is read back
 * from the embedded store's file (the API has no way to read feedback).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/adapters/sqlite-store.ts';
import type { Store } from '../src/adapters/store.ts';
import { FeedbackAcknowledgement } from '../src/core/feedback.ts';
import { expectProblem, postJson, send } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let store: Store;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_POINTS: '10000' });
  store = openSqliteStore({ dataDir: server.dataDir });
});
afterAll(async () => {
  await store?.close();
  await server?.stop();
});

const post = (body: unknown, headers?: Record<string, string>) => postJson(`${server.url}/v1/feedback`, body, headers);

describe('POST /v1/feedback', () => {
  it('stores every field as raw text and acknowledges with an id, echoing nothing', async () => {
    const message = '  <img src=x onerror=alert(1)> **bold** [link](javascript:alert(1)) 🙂\n second line  ';
    const r = await post({
      message,
      category: 'catalogue-error',
      rating: 2,
      page: '/services/aws-s3',
      contact: 'me@example.org',
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const ack = FeedbackAcknowledgement.parse(r.json);
    expect(Object.keys(r.json).sort()).toEqual(['id', 'receivedAt']);
    expect(r.text).not.toContain('<img');
    const stored = await store.findFeedback(ack.id);
    expect(stored).toEqual({
      id: ack.id,
      receivedAt: new Date(ack.receivedAt),
      message: message.trim(),
      category: 'catalogue-error',
      rating: 2,
      page: '/services/aws-s3',
      contact: 'me@example.org',
    });
  });

  it('ignores fields it does not know, stores none of them and names them', async () => {
    const r = await post({
      message: 'Hello',
      email: 'a@example.org',
      name: 'A',
      category: 'general',
      type: 'general',
      rating: 5,
    });
    expect(r.status).toBe(201);
    expect(r.json.ignoredFields).toEqual(['email', 'name', 'type']);
    expect(await store.findFeedback(r.json.id)).toEqual({
      id: r.json.id,
      receivedAt: new Date(r.json.receivedAt),
      message: 'Hello',
      category: 'general',
      rating: 5,
    });
  });

  it('accepts a message of exactly 5,000 characters', async () => {
    expect((await post({ message: 'é'.repeat(5000) })).status).toBe(201);
  });

  it.each([
    ['an empty object', {}, '/message'],
    ['a non-string message', { message: 12345 }, '/message'],
    ['a blank message', { message: '   \n ' }, '/message'],
    ['a message over 5,000 characters', { message: 'x'.repeat(5001) }, '/message'],
    ['an unknown category', { message: 'x', category: 'praise' }, '/category'],
    ['a rating of 6', { message: 'x', rating: 6 }, '/rating'],
    ['a fractional rating', { message: 'x', rating: 4.5 }, '/rating'],
    ['a page that is neither a path nor a URL', { message: 'x', page: 'javascript:alert(1)' }, '/page'],
    ['an over-long contact', { message: 'x', contact: 'c'.repeat(321) }, '/contact'],
    // The whole document is the empty pointer (RFC 6901), not "/" (which names the key "").
    ['an array instead of an object', [], ''],
  ])('answers 400 with a pointer for %s', async (_label, body, pointer) => {
    const p = expectProblem(await post(body), 400);
    expect(p.errors.map((e: any) => e.pointer)).toContain(pointer);
  });

  it('has no way to read feedback back', async () => {
    expectProblem(await send(`${server.url}/v1/feedback`), 405);
    expectProblem(await send(`${server.url}/v1/feedback/anything`), 404);
  });

  it('ignores an X-API-Key header', async () => {
    expect((await post({ message: 'with a key' }, { 'x-api-key': 'anything' })).status).toBe(201);
  });
});
