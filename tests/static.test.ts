/**
 * The static layer of `npm start` (src/server/static.ts): prerendered pages
 * and API files go out gzipped to clients that accept it, each representation
 * with its own ETag, and unchanged to clients that do not.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from '../src/server/static.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/** A raw GET: fetch would add Accept-Encoding and decompress by itself. */
function rawGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(server.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('compression of prerendered files', () => {
  for (const path of ['/services', '/v1/categories', '/v1/openapi.json']) {
    it(`${path}: gzip for clients that accept it, the same bytes once decompressed, its own ETag and 304`, async () => {
      const plain = await rawGet(path);
      const zipped = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.status).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('Accept-Encoding');
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(zipped.body.length).toBeLessThan(plain.body.length);
      expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
      expect(zipped.headers['content-type']).toBe(plain.headers['content-type']);
      expect(zipped.headers.etag).not.toBe(plain.headers.etag);

      const again = await rawGet(path, { 'accept-encoding': 'gzip', 'if-none-match': String(zipped.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(zipped.headers.etag);
      // The gzip ETag does not validate the uncompressed representation.
      expect((await rawGet(path, { 'if-none-match': String(zipped.headers.etag) })).status).toBe(200);
    });
  }

  it('leaves small files and clients that refuse gzip alone', async () => {
    const refused = await rawGet('/services', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const icon = await rawGet('/icons/services/aws-s3.svg', { 'accept-encoding': 'gzip' });
    expect(icon.status).toBe(200);
    expect(icon.body.length).toBeLessThan(1024);
    expect(icon.headers['content-encoding']).toBeUndefined();
  });
});

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['deflate, gzip;q=0.5', true],
    ['GZIP', true],
    ['gzip;q=0', false],
    ['gzip; q=0.0', false],
    ['br', false],
    ['*', true],
    ['*;q=0, gzip', true],
    ['gzip;q=0, *', false],
    ['identity', false],
  ])('%j -> %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('near misses of a page address', () => {
  it.each([
    ['/services/aws-eks/', '/services/aws-eks'],
    ['/services/AWS-EKS', '/services/aws-eks'],
    ['/Map/', '/map'],
    ['/lifecycle//', '/lifecycle'],
    ['/services/aws-eks/?from=mail', '/services/aws-eks?from=mail'],
  ])('%s redirects (308) to %s', async (path, to) => {
    const r = await rawGet(path);
    expect(r.status).toBe(308);
    expect(r.headers.location).toBe(to);
    expect((await rawGet(to)).status).toBe(200);
  });

  it.each([
    '/services/no-such-service/',
    '/v1/categories/',
    '/V1/categories',
    '/services/aws-eks/extra',
    '/404/',
    // Never a Location a browser would take to another site.
    '//evil.example/../services/aws-eks/',
    '//evil.example/%2e%2e/services/AWS-EKS',
    '/%2F%2Fevil.example/',
    '/services/aws-eks%5C',
  ])('%s names no page: 404, no redirect', async (path) => {
    const r = await rawGet(path);
    expect(r.status).toBe(404);
    expect(r.headers.location).toBeUndefined();
  });
});

describe('files of the build that are not the site', () => {
  it.each(['/_headers', '/index.html.gz', '/v1/categories.gz'])(
    '%s answers 404: the CDN headers file and the gzipped copies are never files of their own',
    async (path) => {
      const r = await rawGet(path);
      expect(r.status).toBe(404);
    },
  );
});

describe('links within a page', () => {
  it('every #fragment a built page links to names an element of that page', () => {
    const root = fileURLToPath(new URL('../dist/client/', import.meta.url));
    const pages = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(100);
    const broken: string[] = [];
    for (const page of pages) {
      const html = readFileSync(join(root, page), 'utf8');
      const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
      for (const [, fragment] of html.matchAll(/\shref="#([^"]+)"/g))
        if (!ids.has(decodeURIComponent(fragment!))) broken.push(`${page}: #${fragment}`);
    }
    expect(broken).toEqual([]);
  });

  it('headings never skip a level on the way down, on every built page and the search page', async () => {
    const root = fileURLToPath(new URL('../dist/client/', import.meta.url));
    const pages = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.html'));
    const texts = pages.map((page) => [page, readFileSync(join(root, page), 'utf8')] as const);
    texts.push(['/search?q=lambda', await (await fetch(`${server.url}/search?q=lambda`)).text()]);
    const skipped: string[] = [];
    for (const [page, html] of texts) {
      let level = 0;
      for (const [, n] of html.matchAll(/<h([1-6])[\s>]/g)) {
        if (Number(n) > level + 1) skipped.push(`${page}: h${level} to h${n}`);
        level = Number(n);
      }
    }
    expect(skipped.slice(0, 10)).toEqual([]);
  });
});
