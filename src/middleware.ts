/**
 * On-demand requests under /v1/: CORS preflight, ETag and 304 for GETs, CORS
 * on everything, and problem details instead of an HTML error page if a route
 * throws. Prerendered files get the same headers from server/start.mjs.
 */
import { createHash } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { corsHeaders, etagMatches, preflightHeaders } from './http/headers.ts';
import { problem } from './http/problem.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered || !context.url.pathname.startsWith('/v1/')) return next();
  const { request } = context;
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: preflightHeaders });

  let response: Response;
  try {
    response = await next();
  } catch (e) {
    console.error(`${request.method} ${context.url.pathname} failed:`, e);
    response = problem('internal', { detail: 'An unexpected error occurred; it has been logged.' });
  }
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(corsHeaders)) if (!headers.has(k)) headers.set(k, v);

  if ((request.method === 'GET' || request.method === 'HEAD') && response.status === 200 && response.body) {
    const body = new Uint8Array(await response.arrayBuffer());
    const etag = headers.get('etag') ?? `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    headers.set('etag', etag);
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      headers.delete('content-length');
      headers.delete('content-type');
      return new Response(null, { status: 304, headers });
    }
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});
