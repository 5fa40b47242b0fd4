/**
 * Response header rules shared by every layer that answers a GET: the Astro
 * middleware (on-demand routes), the static-file layer in server/start.mjs
 * (prerendered files) and the `_headers` file emitted for CDNs. Plain
 * TypeScript with no Astro imports so Node can load it directly.
 */

/** Edge caches keep catalogue responses for 5 minutes; browsers revalidate after 1. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300';
/** Responses to mutations and probes must never be stored by a shared cache. */
export const NO_STORE = 'no-store';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const corsHeaders: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'ETag, Link, Location, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, ' +
    'Content-Disposition, Warning, X-Policy-Omitted, X-Policy-Also-Allows, X-Unknown-Services',
};

export const preflightHeaders: Record<string, string> = {
  ...corsHeaders,
  'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Accept, If-None-Match, X-API-Key',
  'access-control-max-age': '86400',
};

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': JSON_CONTENT_TYPE,
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8; header=present',
  '.xml': 'application/xml; charset=utf-8',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/**
 * Content type of a built file by its URL path. Prerendered API endpoints have
 * no extension (`/v1/providers`): everything under /v1/ is JSON.
 */
export function contentTypeFor(path: string): string {
  const m = /\.[a-z0-9]+$/i.exec(path);
  if (m) return types[m[0].toLowerCase()] ?? 'application/octet-stream';
  if (path.startsWith('/v1/')) return JSON_CONTENT_TYPE;
  return 'text/html; charset=utf-8';
}

/** Cache-Control of a built file by its URL path. */
export function cacheControlFor(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  return CATALOGUE_CACHE_CONTROL;
}

/** True when an If-None-Match header value matches the entity tag (weak comparison, RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}
