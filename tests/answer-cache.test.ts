/**
 * The answer cache of the built server in front of the on-demand API: a kept
 * answer is served again without rendering, in the representation the client
 * accepts (a gzipped copy beside the identity one, each with its own ETag),
 * and If-None-Match is compared with the ETag of that representation.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, so the content coding is seen as sent (fetch would decode it). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Asks until the answer is gzipped: the copy is made in the background after the first hit that accepts gzip. */
async function gzippedAnswer(path: string): Promise<Raw> {
  for (let i = 0; i < 50; i++) {
    const a = await get(path, { 'accept-encoding': 'gzip' });
    if (a.headers['content-encoding'] === 'gzip') return a;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${path} was never answered gzipped`);
}

describe('the answer cache', () => {
  it('keeps a search answer and serves a gzipped copy with its own ETag to clients that accept gzip', async () => {
    const path = '/v1/services?q=storage&pageSize=20';
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = plain.headers['etag'] as string;
    expect(etag).toMatch(/^W\/"/);

    const zipped = await gzippedAnswer(path);
    expect(zipped.headers['age']).toBeDefined();
    expect(zipped.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
    const zippedEtag = zipped.headers['etag'] as string;
    expect(zippedEtag).not.toBe(etag);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);

    // Each ETag matches only its own representation.
    expect((await get(path, { 'accept-encoding': 'gzip', 'if-none-match': zippedEtag })).status).toBe(304);
    expect((await get(path, { 'if-none-match': etag })).status).toBe(304);
    const identityForGzipEtag = await get(path, { 'if-none-match': zippedEtag });
    expect(identityForGzipEtag.status).toBe(200);
    expect(identityForGzipEtag.body.equals(plain.body)).toBe(true);
    const gzipForIdentityEtag = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzipForIdentityEtag.status).toBe(200);
    expect(gzipForIdentityEtag.headers['content-encoding']).toBe('gzip');
    // gzip;q=0 refuses it.
    expect((await get(path, { 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  });

  it('answers every spelling of a path as the server would, never another resource’s kept answer', async () => {
    // Kept (asked twice), then asked with its ? escaped: a path no endpoint has, as when nothing is kept.
    for (let i = 0; i < 2; i++) expect((await get('/v1/services?q=cloudfront')).status).toBe(200);
    expect((await get('/v1/services%3Fq=cloudfront')).status).toBe(404);
    for (let i = 0; i < 2; i++) expect((await get('/v1/compare?ids=aws-ec2')).status).toBe(200);
    expect((await get('/v1/compare%3Fids=aws-ec2')).status).toBe(404);
    // Kept under one spelling of the path, served to another: its links name the endpoint, not the first spelling.
    for (let i = 0; i < 2; i++) expect((await get('/v1/%73ervices?q=athena')).status).toBe(200);
    const plain = await get('/v1/services?q=athena');
    expect(plain.headers['link']).toContain('</v1/services?q=athena&page=1>; rel="first"');
    expect(JSON.parse(plain.body.toString()).links.self).toBe('/v1/services?q=athena&page=1');
    // Other spellings are answered as the routes answer them, whether the search is kept or not: an escaped slash is
    // part of a segment (a 404 here), dot segments are resolved as the URL parser resolves them.
    const odd = [
      '/v1/lists/x%2F..%2F..%2Fservices?q=t7',
      '/v1/x/../services?q=t7',
      '/v1/services/%2e%2e/services?q=t7',
    ];
    const before = await Promise.all(odd.map(async (path) => (await get(path)).status));
    expect(before[0]).toBe(404);
    for (let i = 0; i < 2; i++) expect((await get('/v1/services?q=t7')).status).toBe(200);
    for (const [i, path] of odd.entries()) expect((await get(path)).status, `${path}, the search kept`).toBe(before[i]);
  });

  it('gives another answer another ETag', async () => {
    const a = await get('/v1/services?q=storage&pageSize=20&page=2');
    const b = await get('/v1/services?q=storage&pageSize=20&page=3');
    expect(a.headers['etag']).not.toBe(b.headers['etag']);
    expect(
      (await get('/v1/services?q=storage&pageSize=20&page=2', { 'if-none-match': b.headers['etag'] as string })).status,
    ).toBe(200);
  });

  it('never compresses what is not worth it or not kept: small answers, errors, health', async () => {
    for (const path of ['/v1/compare?ids=aws-s3', '/v1/services?pageSize=abc', '/v1/health']) {
      await get(path, { 'accept-encoding': 'gzip' });
      await new Promise((r) => setTimeout(r, 50));
      const again = await get(path, { 'accept-encoding': 'gzip' });
      expect(again.headers['content-encoding'], path).toBeUndefined();
    }
  });
});
