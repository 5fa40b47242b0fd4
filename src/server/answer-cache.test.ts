import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createAnswerCache, resourceOf, reusableSeconds } from './answer-cache.ts';

describe('reusableSeconds', () => {
  it.each([
    ['public, max-age=60, s-maxage=300', 60],
    ['public, max-age=54, s-maxage=54', 54],
    ['public, max-age=0, s-maxage=300', 0],
    ['public, max-age=60', 60],
    ['no-store', 0],
    ['private, max-age=60', 0],
    ['public, no-cache, max-age=60', 0],
    ['max-age=60', 0],
    [null, 0],
  ])('%j → %i s', (header, seconds) => {
    expect(reusableSeconds(header)).toBe(seconds);
  });
});

describe('resourceOf', () => {
  it('gives the spellings the routes read as one path one key, and keeps the query as sent', () => {
    const key = resourceOf('/v1/lists/abc');
    for (const spelling of ['/v1/%6cists/abc', '/v1/lists/%61bc', '/%76%31/lists/abc'])
      expect(resourceOf(spelling)).toBe(key);
    expect(resourceOf('/compare?ids=b,a')).not.toBe(resourceOf('/compare?ids=a,b'));
    expect(resourceOf('/%E0%A4%A')).toBe('/%E0%A4%A');
    // An escaped ? or # stays part of the path: decoded, it would name the query of another resource.
    expect(resourceOf('/v1/services%3Fq=cloudfront')).not.toBe(resourceOf('/v1/services?q=cloudfront'));
    expect(resourceOf('/v1/compare%3fids=aws-s3')).not.toBe(resourceOf('/v1/compare?ids=aws-s3'));
    expect(resourceOf('/v1/lists/abc%23x')).not.toBe(resourceOf('/v1/lists/abc#x'));
  });

  it('decodes no escaped slash and resolves no dot segment, which the routes read otherwise or resolve themselves', () => {
    const search = resourceOf('/v1/services?q=t7');
    for (const spelling of [
      '/v1/lists/x%2F..%2F..%2Fservices?q=t7',
      '/v1/x/../services?q=t7',
      '/v1/services/%2e%2e/services?q=t7',
      '//v1/services?q=t7',
      '/./v1/services?q=t7',
      '/v1//services?q=t7',
    ])
      expect(resourceOf(spelling), spelling).not.toBe(search);
    // Nor does a path whose escapes decode into a dot segment or a `%` share a key with the path it then spells.
    expect(resourceOf('/%76%31/x/%2e%2e/services?q=t7')).not.toBe(resourceOf('/v1/x/../services?q=t7'));
    expect(resourceOf('/v1/lists/a%25b')).not.toBe(resourceOf('/v1/lists/a%b'));
  });
});

/** A GET as the cache reads it, and a response that records what was written. */
const get = (url: string) => ({ method: 'GET', url, headers: { host: 'example.test' } }) as unknown as IncomingMessage;
function recorder() {
  const written: { status?: number; headers?: string[]; body?: Uint8Array | undefined } = {};
  const res = {
    writeHead(status: number, headers: string[]) {
      written.status = status;
      written.headers = headers;
    },
    end(body?: Uint8Array) {
      written.body = body;
    },
  } as unknown as ServerResponse;
  return { res, written };
}
const answer = (text: string) => new TextEncoder().encode(text);
const REUSABLE = { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' };

/** Renders `url` as the server does on a miss: asks the cache first, offers the answer when it had none. */
function ask(
  cache: ReturnType<typeof createAnswerCache>,
  url: string,
  body: string | Uint8Array = `answer of ${url}`,
  headers = REUSABLE,
) {
  const { res, written } = recorder();
  if (cache.serve(get(url), res)) return { fromCache: true, written };
  cache.offerFor(get(url))!(200, headers, typeof body === 'string' ? answer(body) : body);
  return { fromCache: false, written };
}

describe('the answer cache keeps an answer the second time it is offered', () => {
  it('renders the first two requests of a query and answers the third', () => {
    const cache = createAnswerCache();
    expect(ask(cache, '/v1/services?q=queue').fromCache).toBe(false);
    expect(ask(cache, '/v1/services?q=queue').fromCache).toBe(false);
    const third = ask(cache, '/v1/services?q=queue');
    expect(third.fromCache).toBe(true);
    expect(new TextDecoder().decode(third.written.body)).toBe('answer of /v1/services?q=queue');
    expect(third.written.headers).toContain('age');
  });

  it('keeps bytes of its own, never a view that holds a larger buffer alive', () => {
    const cache = createAnswerCache();
    // Buffer.from makes a small buffer as a view of a shared 64 KB block.
    const pooled = Buffer.from('{"data":[]}');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    ask(cache, '/v1/services?q=pool', pooled);
    ask(cache, '/v1/services?q=pool', pooled);
    const { fromCache, written } = ask(cache, '/v1/services?q=pool');
    expect(fromCache).toBe(true);
    expect(new TextDecoder().decode(written.body)).toBe('{"data":[]}');
    expect(written.body!.buffer.byteLength).toBe(written.body!.byteLength);
    expect(cache.stats().bytes).toBeLessThan(1024);
  });

  it('is not emptied by a scan of queries each asked once', () => {
    const cache = createAnswerCache({ maxBytes: 64 * 1024 });
    const body = 'x'.repeat(4000);
    ask(cache, '/v1/lists/popular', body);
    ask(cache, '/v1/lists/popular', body);
    for (let i = 0; i < 1000; i++) ask(cache, `/v1/services?q=scan${i}`, body);
    expect(ask(cache, '/v1/lists/popular').fromCache).toBe(true);
    expect(cache.stats().entries).toBe(1);
  });

  it('keeps the answer rendered after a kept one expired at once', () => {
    let clock = 0;
    const cache = createAnswerCache({ now: () => clock });
    ask(cache, '/v1/lists/popular');
    ask(cache, '/v1/lists/popular');
    expect(ask(cache, '/v1/lists/popular').fromCache).toBe(true);
    clock += 61_000; // past max-age=60
    expect(ask(cache, '/v1/lists/popular').fromCache).toBe(false);
    expect(ask(cache, '/v1/lists/popular').fromCache).toBe(true);
  });

  it('keeps each answer as its own Cache-Control says, whatever the answer before it said', () => {
    const cache = createAnswerCache();
    const headersOf = (cacheControl: string) => ({ ...REUSABLE, 'cache-control': cacheControl });
    const kept = (url: string, cacheControl: string) => {
      ask(cache, url, undefined, headersOf(cacheControl));
      ask(cache, url, undefined, headersOf(cacheControl));
      return ask(cache, url, undefined, headersOf(cacheControl)).fromCache;
    };
    expect(kept('/v1/services?q=a', 'public, max-age=60')).toBe(true);
    expect(kept('/v1/status', 'no-store')).toBe(false);
    expect(kept('/v1/services?q=b', 'public, max-age=60')).toBe(true);
    expect(kept('/v1/health', 'public, max-age=0')).toBe(false);
    expect(kept('/v1/lists/x', 'private, max-age=60')).toBe(false);
    expect(kept('/v1/services?q=c', 'public, max-age=60')).toBe(true);
  });

  it('forgets the queries it saw once within its own byte budget', () => {
    const cache = createAnswerCache({ seenBytes: 4096 });
    ask(cache, '/v1/services?q=first');
    for (let i = 0; i < 200; i++) ask(cache, `/v1/services?q=scan${i}`);
    // Seen once too long ago: offered again, it counts as a first time.
    ask(cache, '/v1/services?q=first');
    expect(ask(cache, '/v1/services?q=first').fromCache).toBe(false);
    expect(ask(cache, '/v1/services?q=first').fromCache).toBe(true);
  });
});
