/**
 * The rules every on-demand /v1/ answer goes through, whoever hosts the
 * route: Astro's middleware (astro dev, serverless hosting) and the route
 * table of `npm start` (src/server/api-routes.ts) call this one function, so
 * the two cannot differ. CORS and the security headers on everything; a thrown error becomes a 500
 * problem (logged in one line when the client caused it); a GET or HEAD that
 * succeeds gets an ETag (a weak hash of the body unless the route set its
 * own) and 304 on a matching If-None-Match; HEAD carries no body; a GET answer
 * is offered to the server's answer cache, which keeps it when it says it may
 * be reused. Plain TypeScript over plain data (Answer), no Astro imports.
 */
import { corsHeaders, securityHeaders } from './headers.ts';
import { logFailure, requestLabel } from './faults.ts';
import { problem } from './problem.ts';
import { etagMatches, realStatusText, responseAnswer, responseBytes, type Answer, weakEtag } from './protocol.ts';

/** Takes a reusable answer into the server's answer cache (src/server/answer-cache.ts). */
export type OfferAnswer = (status: number, headers: Readonly<Record<string, string>>, body: Uint8Array) => void;

/** What the rules read of a request. */
export interface AnswerRequest {
  method: string;
  /** The path, to name the request in a failure's log line. */
  pathname: string;
  ifNoneMatch: string | null;
}

/** The AnswerRequest of a web Request. */
export const answerRequestOf = (request: Request): AnswerRequest => ({
  method: request.method,
  pathname: new URL(request.url).pathname,
  ifNoneMatch: request.headers.get('if-none-match'),
});

/**
 * A reusable answer (`Cache-Control: public`) says it varies by
 * Accept-Encoding: a cache may keep a gzipped copy of it beside the identity
 * one (the server's answer cache does, as a CDN would). Returns the Vary
 * value to set, or undefined when it stays as it is.
 */
export function varyOnEncoding(cacheControl: string | null | undefined, vary: string | null | undefined) {
  if (!/\bpublic\b/.test(cacheControl ?? '')) return undefined;
  if (!vary) return 'Accept-Encoding';
  return /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary) ? undefined : `${vary}, Accept-Encoding`;
}

/** A response with new headers; a status text only when the route gave a real one (never `404 OK`). */
export function withHeaders(response: Response, headers: Headers): Response {
  return new Response(response.body, { status: response.status, statusText: realStatusText(response), headers });
}

/** A page's GET answer that says it may be reused, given to the answer cache; answered with the same bytes. */
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
  offer(response.status, Object.fromEntries(headers), body);
  return new Response(body, { status: 200, headers });
}

const notModified = (headers: Record<string, string>): Answer => {
  const { 'content-length': _length, 'content-type': _type, ...kept } = headers;
  return { status: 304, headers: kept, body: null };
};

/** Runs an on-demand /v1/ route (not OPTIONS: preflights are answered before any route) and applies the rules above. */
export async function answerApi(
  request: AnswerRequest,
  route: () => Promise<Answer>,
  offer: OfferAnswer | undefined,
): Promise<Answer> {
  let answer: Answer;
  try {
    answer = await route();
  } catch (e) {
    logFailure(requestLabel(request.method, request.pathname), e);
    answer = await responseAnswer(problem('internal', { detail: 'An unexpected error occurred; it has been logged.' }));
  }
  const headers = { ...corsHeaders, ...securityHeaders, ...answer.headers };
  const { method } = request;
  if ((method !== 'GET' && method !== 'HEAD') || answer.status !== 200) return { ...answer, headers };

  const vary = varyOnEncoding(headers['cache-control'], headers['vary']);
  if (vary) headers['vary'] = vary;
  const { body } = answer;
  if (!body) return { ...answer, headers };
  // A route that sets its own ETag (a saved list) is compared without hashing the body again.
  const etag = (headers['etag'] ??= weakEtag(body));
  // Offered before the validator is compared: a client revalidating what it holds asks for it again too.
  offer?.(200, headers, body);
  if (etagMatches(request.ifNoneMatch, etag)) return notModified(headers);
  if (method === 'HEAD') return { ...answer, headers, body: null };
  return { ...answer, headers };
}
