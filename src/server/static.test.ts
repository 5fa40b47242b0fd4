import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsGzip, createStaticHandler, listFiles, resolveFile } from './static.ts';

const files = new Set([
  '/index.html',
  '/services.html',
  '/map/index.html',
  '/v1/categories',
  '/v1/services/aws-s3',
  '/a.b.html',
]);

describe('resolveFile', () => {
  it.each([
    ['/', '/index.html'],
    ['/services', '/services.html'],
    ['/services.html', '/services.html'],
    ['/map', '/map/index.html'],
    ['/map/', '/map/index.html'],
    ['/a.b', '/a.b.html'],
    ['/v1/categories', '/v1/categories'],
    ['/v1/services/aws-s3', '/v1/services/aws-s3'],
    // Spellings that need decoding or normalising reach the same files.
    ['//services', '/services.html'],
    ['/./services', '/services.html'],
    ['/%73ervices', '/services.html'],
    ['/v1//categories', '/v1/categories'],
    ['/x/../services', null],
    ['/v1/categories.html', null],
    ['/v1/categories/', null],
    ['/nothing', null],
    ['/%E0%A4%A', null],
    ['/services%00', null],
    ['/..%2fservices', null],
    ['/services\\', null],
  ])('%s → %s', (path, file) => {
    expect(resolveFile(path, files)).toBe(file);
  });
});

describe('acceptsGzip', () => {
  it('answers each value on its own, whatever was asked before', () => {
    const values: [string | undefined, boolean][] = [
      ['gzip', true],
      ['gzip;q=0', false],
      ['gzip', true],
      [undefined, false],
      ['br, gzip;q=0.5', true],
      ['identity', false],
      ['*', true],
      ['*, gzip;q=0', false],
    ];
    for (const [value, expected] of [...values, ...values]) expect(acceptsGzip(value), String(value)).toBe(expected);
  });
});

describe('listFiles', () => {
  it('lists every file under the root as a URL path, nested ones included, whether the root ends in a slash or not', () => {
    const root = mkdtempSync(join(tmpdir(), 'csc-list-'));
    try {
      mkdirSync(join(root, 'v1/services'), { recursive: true });
      mkdirSync(join(root, 'empty'));
      for (const f of ['index.html', 'index.html.gz', 'v1/categories', 'v1/services/aws-s3'])
        writeFileSync(join(root, f), 'x');
      const expected = ['/index.html', '/index.html.gz', '/v1/categories', '/v1/services/aws-s3'];
      expect([...listFiles(root)].sort()).toEqual(expected);
      expect([...listFiles(`${root}/`)].sort()).toEqual(expected);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

/** The static handler for `root` on a free port, 404 for what it does not serve. */
async function serving(root: string) {
  const serveStatic = createStaticHandler(root);
  const server = createServer((req, res) => {
    const served = serveStatic(req, res);
    if (served === false) res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return { serveStatic, port, close: () => new Promise((r) => server.close(r)) };
}

describe('createStaticHandler', () => {
  it('answers a path holding a `%` as it decodes, even when a file spelled like it is already in memory', async () => {
    const root = mkdtempSync(join(tmpdir(), 'csc-static-'));
    writeFileSync(join(root, 'x%41.txt'), 'the file named with a percent sign');
    const { port, close } = await serving(root);
    try {
      // `%25` decodes to `%`: this names the file, which is then kept in memory under its name.
      const named = await fetch(`http://127.0.0.1:${port}/x%2541.txt`);
      expect(named.status).toBe(200);
      expect(await named.text()).toBe('the file named with a percent sign');
      // This decodes to `/xA.txt`, which the build does not hold, whatever the memory holds under the same spelling.
      expect((await fetch(`http://127.0.0.1:${port}/x%41.txt`)).status).toBe(404);
    } finally {
      await close();
      rmSync(root, { recursive: true, force: true });
    }
  });
  it('reads a file once for a burst of requests that find it not yet in memory (pipelined on one connection)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'csc-static-'));
    const body = 'x'.repeat(256 * 1024);
    writeFileSync(join(root, 'big.json'), body);
    const { serveStatic, port, close } = await serving(root);
    try {
      const requests = 200;
      const answered = await new Promise<number>((resolve, reject) => {
        let received = 0;
        const request = 'GET /big.json HTTP/1.1\r\nHost: x\r\n';
        const socket = connect(port, '127.0.0.1', () =>
          // The last asks the server to close the connection once it has answered them all.
          socket.write(`${request}\r\n`.repeat(requests - 1) + `${request}Connection: close\r\n\r\n`),
        );
        socket.on('data', (d: Buffer) => (received += d.length));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
      });
      expect(answered).toBeGreaterThan(requests * body.length);
      expect(serveStatic.cacheStats()).toMatchObject({ entries: 1, reads: 1 });
    } finally {
      await close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
