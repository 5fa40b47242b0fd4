/**
 * The rules every on-demand /v1/ answer goes through, whoever hosts the
 * route: Astro's middleware (astro dev, serverless hosting) and the route
 * table of `npm start` (src/server/api-routes.ts) call this one function, so
 * the two cannot differ. CORS on everything; a thrown error becomes a 500
 * problem (logged in one line when the client caused it); a GET or HEAD that
 * succeeds gets an ETag (a weak hash of the body unless the route set its
 * own) and 304 on a matching If-None-Match; HEAD carries no body; a GET answer
 * that says it may be reused is offered to the server's answer cache.
 * Plain TypeScript with no Astro imports.
 */
import { corsHeaders } from './headers.ts';
import { logFailure, requestLabel } from './faults.ts';
import { problem } from './problem.ts';
import { bytesResponse, etagMatches, responseBytes, weakEtag } from './protocol.ts';

/** Takes a reusable answer into the server's answer cache (src/server/answer-cache.ts). */
export type OfferAnswer = (status: number, headers: Headers, body: Uint8Array) => void;

/** A response with new headers; a status text only when the route gave a real one (never `404 OK`). */
export function withHeaders(response: Response, headers: Headers): Response {
  const statusText = response.status === 200 || response.statusText !== 'OK' ? response.statusText : '';
  return new Response(response.body, { status: response.status, statusText, headers });
}

/**
 * A reusable answer says it varies by Accept-Encoding: a cache may keep a
 * gzipped copy of it beside the identity one (the server's answer cache does,
 * as a CDN would).
 */
export function varyOnEncoding(headers: Headers): void {
  if (!/\bpublic\b/.test(headers.get('cache-control') ?? '')) return;
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
}

/** Gives a GET answer that says it may be reused to the answer cache, and answers with the same bytes. */
export async function offered(response: Response, headers: Headers, offer: OfferAnswer | undefined): Promise<Response> {
  const cacheControl = headers.get('cache-control') ?? '';
  if (
    !offer ||
    response.status !== 200 ||
    !response.body ||
    !/\bpublic\b/.test(cacheControl) ||
    /max-age=0\b/.test(cacheControl)
  )
    return withHeaders(response, headers);
  const body = await responseBytes(response);
  offer(response.status, headers, body);
  return bytesResponse(body, { status: 200, headers });
}

const notModified = (headers: Headers): Response => {
  headers.delete('content-length');
  headers.delete('content-type');
  return new Response(null, { status: 304, headers });
};

/** Runs an on-demand /v1/ route (not OPTIONS: preflights are answered before any route) and applies the rules above. */
export async function answerApi(
  request: Request,
  route: () => Promise<Response>,
  offer: OfferAnswer | undefined,
): Promise<Response> {
  let response: Response;
  try {
    response = await route();
  } catch (e) {
    logFailure(requestLabel(request.method, new URL(request.url).pathname), e);
    response = problem('internal', { detail: 'An unexpected error occurred; it has been logged.' });
  }
  const headers = new Headers(response.headers);
  for (const k in corsHeaders) if (!headers.has(k)) headers.set(k, corsHeaders[k]!);

  const read = request.method === 'GET' || request.method === 'HEAD';
  if (read && response.status === 200) varyOnEncoding(headers);
  if (read && response.status === 200 && response.body) {
    // A route that sets its own ETag (a saved list) is compared without hashing the body again.
    const given = headers.get('etag');
    if (given && etagMatches(request.headers.get('if-none-match'), given)) {
      await response.body.cancel().catch(() => {});
      return notModified(headers);
    }
    if (given && request.method === 'HEAD') return new Response(null, { status: 200, headers });
    if (given) return offered(response, headers, offer);
    const body = await responseBytes(response);
    const etag = weakEtag(body);
    headers.set('etag', etag);
    if (etagMatches(request.headers.get('if-none-match'), etag)) return notModified(headers);
    if (request.method === 'GET') offer?.(200, headers, body);
    return request.method === 'HEAD'
      ? new Response(null, { status: 200, headers })
      : bytesResponse(body, { status: 200, headers });
  }
  return withHeaders(response, headers);
}
