import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsGzip, listFiles, resolveFile } from './static.ts';

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
