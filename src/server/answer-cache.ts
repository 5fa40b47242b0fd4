/**
 * A small shared cache in front of Astro for on-demand GET answers that say
 * they may be reused (`Cache-Control: public` with a max-age), as a CDN in
 * front of the service would hold them. A saved list of every service is a
 * 14 KB request and a 780 KB answer: without this, each GET of it rebuilt and
 * rewrote the answer through the whole framework, and 64 connections asking
 * for it starved every other request. With it, a repeated GET is a map lookup
 * and one write, like a prerendered file.
 *
 * Bounded by bytes (ByteLru). An answer is kept for min(max-age, s-maxage)
 * seconds, never longer than a browser could reuse it (a saved list's
 * max-age is capped at its expiry, so no list outlives it here either); an
 * answer with max-age=0 (status, health) is never kept. A kept answer goes
 * out with its Cache-Control unchanged and an Age header, as from any shared
 * cache, so caches after it never keep it past what the origin allowed.
 *
 * Keyed by Host and the resource (resourceOf: the path decoded and
 * normalised, never the URL's spelling, and the query): answers differ by
 * Host when PUBLIC_URL is unset (the list's url), and by query (search).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { posix } from 'node:path';
import { ByteLru } from '../core/byte-lru.ts';
import type { OfferAnswer } from '../http/api-answer.ts';
import { etagMatches } from '../http/protocol.ts';

interface CachedAnswer {
  headers: [string, string][];
  body: Uint8Array;
  etag: string | undefined;
  storedAt: number;
  expiresAt: number;
}

/** What the answer rules are handed (src/http/api-answer.ts) to give an answer to the cache. */
export type { OfferAnswer };

/** Seconds an answer may be reused by this cache, or 0. */
export function reusableSeconds(cacheControl: string | null): number {
  if (!cacheControl || !/(^|,)\s*public\s*(,|$)/i.test(cacheControl)) return 0;
  if (/(^|,)\s*(no-store|no-cache|private)\b/i.test(cacheControl)) return 0;
  const age = (name: string) => {
    const m = new RegExp(`(?:^|,)\\s*${name}=(\\d+)`, 'i').exec(cacheControl);
    return m ? Number(m[1]) : undefined;
  };
  const maxAge = age('max-age') ?? 0;
  const shared = age('s-maxage') ?? maxAge;
  return Math.min(maxAge, shared);
}

/**
 * The resource a request URL names, as the cache key: the path decoded and
 * normalised (`//lists/x`, `/./lists/x` and `/%6cists/x` are one resource),
 * the query as sent (its order can matter: compare keeps the order of ids).
 */
export function resourceOf(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  let path: string;
  try {
    path = posix.normalize(decodeURIComponent(rawPath));
  } catch {
    path = rawPath;
  }
  return q === -1 ? path : `${path}${url.slice(q)}`;
}

export function createAnswerCache({ maxBytes = 32 * 1024 * 1024, now = () => Date.now() } = {}) {
  const cache = new ByteLru<string, CachedAnswer>(maxBytes, (a) => a.body.byteLength + 512);
  const keyOf = (req: IncomingMessage) => `${(req.headers.host ?? '').toLowerCase()}\n${resourceOf(req.url ?? '/')}`;

  return {
    /** Answers a GET or HEAD from the cache; false when there is nothing fresh. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const key = keyOf(req);
      const hit = cache.get(key);
      if (!hit) return false;
      if (hit.expiresAt <= now()) {
        cache.delete(key);
        return false;
      }
      // As a shared cache does (RFC 9111 5.1): the stored Cache-Control unchanged, and Age since it was stored.
      const headers: [string, string][] = [...hit.headers, ['age', String(Math.floor((now() - hit.storedAt) / 1000))]];
      if (hit.etag && etagMatches(req.headers['if-none-match'], hit.etag)) {
        res.writeHead(304, headers.filter(([k]) => k !== 'content-type' && k !== 'content-length').flat());
        res.end();
        return true;
      }
      res.writeHead(200, [...headers, ['content-length', String(hit.body.byteLength)]].flat());
      res.end(req.method === 'HEAD' ? undefined : hit.body);
      return true;
    },

    /** The offer function for one request, handed to Astro's middleware in `locals`. */
    offerFor(req: IncomingMessage): OfferAnswer | undefined {
      if (req.method !== 'GET') return undefined;
      const key = keyOf(req);
      return (status, headers, body) => {
        const seconds = status === 200 ? reusableSeconds(headers.get('cache-control')) : 0;
        if (seconds <= 0 || headers.has('set-cookie')) return;
        const kept = [...headers].filter(([k]) => k !== 'content-length' && k !== 'transfer-encoding');
        const at = now();
        cache.set(key, {
          headers: kept,
          body,
          etag: headers.get('etag') ?? undefined,
          storedAt: at,
          expiresAt: at + seconds * 1000,
        });
      };
    },

    stats: () => ({ entries: cache.size, bytes: cache.bytes }),
  };
}
