/**
 * On-demand answers. Pages (/search, /compare, /feedback, /lists/<id>): the
 * one set of browser security headers and a charset on the HTML. Under /v1/:
 * CORS preflight, ETag and 304 for GETs, CORS on everything, and problem
 * details instead of an HTML error page if a route throws (logged in one line
 * when the client caused it). Prerendered files get the same headers from
 * server/static.ts and the CDN's `_headers` file.
 */
import { createHash } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { corsHeaders, HTML_CONTENT_TYPE, htmlSecurityHeaders, preflightHeaders } from './http/headers.ts';
import { logFailure, requestLabel } from './http/faults.ts';
import { problem } from './http/problem.ts';
import { etagMatches } from './http/protocol.ts';

/** A response with new headers; a status text only when the route gave a real one (never `404 OK`). */
function withHeaders(response: Response, headers: Headers): Response {
  const statusText = response.status === 200 || response.statusText !== 'OK' ? response.statusText : '';
  return new Response(response.body, { status: response.status, statusText, headers });
}

/** Set by server/start.mjs: takes a reusable answer into its answer cache (src/server/answer-cache.ts). */
type OfferAnswer = (status: number, headers: Headers, body: Uint8Array) => void;

/** Gives a GET answer that says it may be reused to the server's answer cache, and answers with the same bytes. */
async function offered(response: Response, headers: Headers, offer: OfferAnswer | undefined): Promise<Response> {
  const cacheControl = headers.get('cache-control') ?? '';
  if (
    !offer ||
    response.status !== 200 ||
    !response.body ||
    !/\bpublic\b/.test(cacheControl) ||
    /max-age=0\b/.test(cacheControl)
  )
    return withHeaders(response, headers);
  const body = new Uint8Array(await response.arrayBuffer());
  offer(response.status, headers, body);
  return new Response(body, { status: 200, headers });
}

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { request } = context;
  const offer = (context.locals as { offerAnswer?: OfferAnswer }).offerAnswer;
  if (!context.url.pathname.startsWith('/v1/')) {
    const response = await next();
    const headers = new Headers(response.headers);
    const type = headers.get('content-type');
    if (type?.startsWith('text/html')) {
      headers.set('content-type', HTML_CONTENT_TYPE);
      for (const [k, v] of Object.entries(htmlSecurityHeaders)) headers.set(k, v);
    }
    return request.method === 'GET' ? offered(response, headers, offer) : withHeaders(response, headers);
  }
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: preflightHeaders });

  let response: Response;
  try {
    response = await next();
  } catch (e) {
    logFailure(requestLabel(request.method, context.url.pathname), e);
    response = problem('internal', { detail: 'An unexpected error occurred; it has been logged.' });
  }
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(corsHeaders)) if (!headers.has(k)) headers.set(k, v);

  if ((request.method === 'GET' || request.method === 'HEAD') && response.status === 200 && response.body) {
    // A route that sets its own ETag (a saved list) is compared without hashing the body again.
    const given = headers.get('etag');
    if (given && etagMatches(request.headers.get('if-none-match'), given)) {
      await response.body.cancel().catch(() => {});
      headers.delete('content-length');
      headers.delete('content-type');
      return new Response(null, { status: 304, headers });
    }
    if (given && request.method === 'HEAD') return new Response(null, { status: 200, headers });
    if (given) return offered(response, headers, offer);
    const body = new Uint8Array(await response.arrayBuffer());
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    headers.set('etag', etag);
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      headers.delete('content-length');
      headers.delete('content-type');
      return new Response(null, { status: 304, headers });
    }
    if (request.method === 'GET') offer?.(200, headers, body);
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  }
  return withHeaders(response, headers);
});
