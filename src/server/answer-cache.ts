/**
 * A small shared cache in front of Astro for on-demand GET answers that say
 * they may be reused (`Cache-Control: public` with a max-age), as a CDN in
 * front of the service would hold them. A saved list of every service is a
 * 14 KB request and a 780 KB answer: without this, each GET of it rebuilt and
 * rewrote the answer through the whole framework, and 64 connections asking
 * for it starved every other request. With it, a repeated GET is a map lookup
 * and one write, like a prerendered file.
 *
 * An answer is kept the second time it is offered, not the first: most
 * searches are asked once, and keeping each would cost a copy held until it
 * is evicted and would push out the answers asked again and again (a scan of
 * distinct queries would empty the cache), as CDNs that "cache on second hit"
 * avoid. Which keys were offered once is remembered in a small LRU of their
 * own, bounded by bytes too.
 *
 * Bounded by bytes (ByteLru). An answer is kept for min(max-age, s-maxage)
 * seconds, never longer than a browser could reuse it (a saved list's
 * max-age is capped at its expiry, so no list outlives it here either); an
 * answer with max-age=0 (status, health) is never kept. A kept answer goes
 * out with its Cache-Control unchanged and an Age header, as from any shared
 * cache, so caches after it never keep it past what the origin allowed.
 *
 * Keyed by Host and the resource (resourceOf: the path decoded as the routes
 * decode it, and the query): answers differ by
 * Host when PUBLIC_URL is unset (the list's url), and by query (search).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import { ByteLru } from '../core/byte-lru.ts';
import type { OfferAnswer } from '../http/api-answer.ts';
import { decodedPath, etagMatches } from '../http/protocol.ts';
import { acceptsGzip } from './static.ts';

interface Variant {
  /** Flat [name, value, ...] headers, built once when stored. */
  headers: string[];
  body: Uint8Array;
  etag: string | undefined;
}

interface CachedAnswer {
  identity: Variant;
  /** The gzipped copy, made in the background after the first hit that accepts gzip. */
  gzip?: Variant;
  /** Whether a gzipped copy may be made: a text answer of 1 KiB or more that says it varies by Accept-Encoding. */
  compressible: boolean;
  compressing?: boolean;
  storedAt: number;
  expiresAt: number;
}

/**
 * The bytes of a body to keep, in memory of their own: Node makes buffers
 * under 32 KB (most answers, and their gzipped copies) as views of a shared
 * 64 KB block, and a kept view keeps the whole block alive, which the byte
 * budget does not count. Copied once, when an answer is kept.
 */
const ownBytes = (body: Uint8Array): Uint8Array =>
  body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : new Uint8Array(body);

/** Smaller answers are sent as they are: gzip saves little on them. */
const MIN_GZIP_BYTES = 1024;
const COMPRESSIBLE = /^(application\/([\w.+-]*\+)?json|application\/xml|text\/)/i;

const without = (headers: string[], names: ReadonlySet<string>) =>
  headers.filter((_, i) => (i % 2 === 1 ? !names.has(headers[i - 1]!) : !names.has(headers[i]!)));
const NOT_IN_304 = new Set(['content-type', 'content-length']);
const ETAG = new Set(['etag']);

/** What the answer rules are handed (src/http/api-answer.ts) to give an answer to the cache. */
export type { OfferAnswer };

const MAX_AGE = /(?:^|,)\s*max-age=(\d+)/i;
const S_MAXAGE = /(?:^|,)\s*s-maxage=(\d+)/i;

/** Seconds an answer may be reused by this cache, or 0. */
export function reusableSeconds(cacheControl: string | null | undefined): number {
  if (!cacheControl || !/(^|,)\s*public\s*(,|$)/i.test(cacheControl)) return 0;
  if (/(^|,)\s*(no-store|no-cache|private)\b/i.test(cacheControl)) return 0;
  const age = (directive: RegExp) => {
    const m = directive.exec(cacheControl);
    return m ? Number(m[1]) : undefined;
  };
  const maxAge = age(MAX_AGE) ?? 0;
  const shared = age(S_MAXAGE) ?? maxAge;
  return Math.min(maxAge, shared);
}

/**
 * The resource a request URL names, as the cache key: the path decoded as the
 * routes decode it (decodedPath: `/v1/%6cists/x` is `/v1/lists/x`; an escaped
 * `/`, `?` or `#` stays escaped), the query as sent (its order can matter:
 * compare keeps the order of ids). Two URLs share a key only when the routes
 * read them as one path, so a kept answer is never served for a spelling the
 * routes answer otherwise (`/v1/lists/x%2F..%2Fservices` and
 * `/v1/x/../services` are 404s, not the search a normalised key had named).
 */
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

export function resourceOf(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  if (!rawPath.includes('%')) return url;
  const path = decodedPath(rawPath);
  // Decoded into a dot segment (`%2e%2e`) or a `%` (`%25`), it would read as another spelling, which the server's own
  // checks answer otherwise than the routes behind them (`/v1/x/../services` is a 404 there): kept apart, as sent.
  if (path === null || path.includes('%') || DOT_SEGMENT.test(path)) return url;
  return q === -1 ? path : `${path}${url.slice(q)}`;
}

export function createAnswerCache({
  maxBytes = 32 * 1024 * 1024,
  seenBytes = 1024 * 1024,
  now = () => Date.now(),
} = {}) {
  const cache = new ByteLru<string, CachedAnswer>(
    maxBytes,
    (a) => a.identity.body.byteLength + (a.gzip?.body.byteLength ?? 0) + 512,
  );
  /** Keys offered once and not kept yet, each counted as its length plus the map's own cost. */
  const offeredOnce = new ByteLru<string, number>(seenBytes, (bytes) => bytes);
  /** Remembers a key as asked for once (its length and about what the map spends on an entry). */
  const askedOnce = (key: string) => offeredOnce.set(key, 2 * key.length + 64);
  /**
   * Whether an answer offered for this key is kept: the second time it is
   * offered, or when it replaces a kept one (an expired answer counts: it was
   * asked for again and again).
   */
  const admits = (key: string): boolean => {
    if (cache.get(key) !== undefined || offeredOnce.get(key) !== undefined) {
      offeredOnce.delete(key);
      return true;
    }
    askedOnce(key);
    return false;
  };
  /**
   * reusableSeconds of the Cache-Control last read: a route sends one header text for all its answers, and reading
   * it again with the directives' patterns took about a sixth of the cache's work for a search asked once (by hand).
   */
  let lastCacheControl: string | undefined;
  let lastSeconds = 0;
  const secondsOf = (cacheControl: string | undefined): number => {
    if (cacheControl !== lastCacheControl) {
      lastSeconds = reusableSeconds(cacheControl);
      lastCacheControl = cacheControl;
    }
    return lastSeconds;
  };
  const keyOf = (req: IncomingMessage) => `${(req.headers.host ?? '').toLowerCase()}\n${resourceOf(req.url ?? '/')}`;

  /**
   * Gzips a kept answer off the request path (zlib's thread pool): the answer
   * that asked for it goes out as it is, later ones get the copy. The copy has
   * its own ETag, as another representation must (RFC 9110 8.8.3).
   */
  function compressLater(key: string, entry: CachedAnswer): void {
    entry.compressing = true;
    gzip(entry.identity.body, (error, zipped) => {
      // Gone, replaced or expired meanwhile: nothing to add to.
      if (error || cache.get(key) !== entry || entry.expiresAt <= now()) return;
      const { identity } = entry;
      if (zipped.byteLength >= identity.body.byteLength) return;
      const etag = identity.etag?.replace(/"$/, '-gz"');
      entry.gzip = {
        body: ownBytes(zipped),
        etag,
        headers: [...without(identity.headers, ETAG), 'content-encoding', 'gzip', ...(etag ? ['etag', etag] : [])],
      };
      cache.set(key, entry); // counts the copy's bytes
    });
  }

  return {
    /** Answers a GET or HEAD from the cache; false when there is nothing fresh. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const key = keyOf(req);
      const hit = cache.get(key);
      if (!hit) return false;
      if (hit.expiresAt <= now()) {
        // Kept before, so asked for more than once: the answer rendered now is kept again.
        cache.delete(key);
        askedOnce(key);
        return false;
      }
      const gzipped = hit.compressible && acceptsGzip(req.headers['accept-encoding']);
      if (gzipped && !hit.gzip && !hit.compressing) compressLater(key, hit);
      // The representation first, then the validator: an ETag of the identity answer does not match the gzipped one.
      const v = (gzipped && hit.gzip) || hit.identity;
      // As a shared cache does (RFC 9111 5.1): the stored Cache-Control unchanged, and Age since it was stored.
      const age = String(Math.floor((now() - hit.storedAt) / 1000));
      if (v.etag && etagMatches(req.headers['if-none-match'], v.etag)) {
        res.writeHead(304, [...without(v.headers, NOT_IN_304), 'age', age]);
        res.end();
        return true;
      }
      res.writeHead(200, [...v.headers, 'age', age, 'content-length', String(v.body.byteLength)]);
      res.end(req.method === 'HEAD' ? undefined : v.body);
      return true;
    },

    /** The offer function for one request, handed to Astro's middleware in `locals`. */
    offerFor(req: IncomingMessage): OfferAnswer | undefined {
      if (req.method !== 'GET') return undefined;
      return (status, headers, body) => {
        const seconds = status === 200 ? secondsOf(headers['cache-control']) : 0;
        if (seconds <= 0 || headers['set-cookie'] !== undefined) return;
        const key = keyOf(req);
        if (!admits(key)) return;
        const kept: string[] = [];
        for (const name in headers)
          if (name !== 'content-length' && name !== 'transfer-encoding') kept.push(name, headers[name]!);
        const at = now();
        cache.set(key, {
          identity: { headers: kept, body: ownBytes(body), etag: headers['etag'] },
          compressible:
            body.byteLength >= MIN_GZIP_BYTES &&
            headers['content-encoding'] === undefined &&
            COMPRESSIBLE.test(headers['content-type'] ?? '') &&
            /(^|,)\s*accept-encoding\s*(,|$)/i.test(headers['vary'] ?? ''),
          storedAt: at,
          expiresAt: at + seconds * 1000,
        });
      };
    },

    stats: () => ({ entries: cache.size, bytes: cache.bytes }),
  };
}
