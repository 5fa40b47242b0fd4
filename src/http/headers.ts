/**
 * Response header rules shared by every layer that answers: the Astro
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
    'Content-Disposition, Warning, X-Policy-Omitted, X-Policy-Also-Allows, X-Unknown-Services, X-Request-Id',
};

/**
 * An incoming X-Request-Id the server keeps as the request's own id, so a
 * proxy's or client's id joins the logs up: printable, no spaces or quotes,
 * and short. Anything else gets a new id. The OpenAPI document publishes it.
 */
export const KEPT_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

export const preflightHeaders: Record<string, string> = {
  ...corsHeaders,
  'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Accept, If-None-Match, X-API-Key, X-Request-Id',
  'access-control-max-age': '86400',
};

/** Cache-Control of a built file by its URL path. */
export function cacheControlFor(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  return CATALOGUE_CACHE_CONTROL;
}

/**
 * The browser security headers of every answer, prerendered or on demand,
 * page or API, and of the CDN's `_headers` file: one set, defined here. On
 * JSON they keep a browser from reading an answer as another type (nosniff)
 * and, should one be opened as a document, from running or framing anything.
 *
 * The site's scripts are Astro's bundled modules under /_astro/ and its styles
 * one stylesheet, so scripts and styles come from 'self' only: no inline
 * script or style, and no eval (the interchange validator the browser runs is
 * compiled at build time: src/integrations/service-list-validator.ts). Forms post to the site itself, nothing may frame
 * a page (the list pages have buttons that replace a visitor's list), and a
 * Referer leaves only for the site's own pages (the feedback form reads it).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
};

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
