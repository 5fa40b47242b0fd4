/**
 * On-demand answers. Pages (/search, /compare, /feedback, /lists/<id>) and
 * whatever else is not under /v1/: the one set of browser security headers,
 * and a charset on the HTML. Under /v1/:
 * CORS preflight, then the rules every API answer shares (answerApi in
 * src/http/api-answer.ts: CORS, ETag and 304, problem details if a route
 * throws). Prerendered files get the same headers from server/static.ts and
 * the CDN's `_headers` file. `npm start` answers /v1/ from its route table
 * (src/server/api-routes.ts) without reaching this middleware.
 */
import { defineMiddleware } from 'astro:middleware';
import {
  answerApi,
  answerRequestOf,
  offered,
  varyOnEncoding,
  withHeaders,
  type OfferAnswer,
} from './http/api-answer.ts';
import { answerResponse, responseAnswer } from './http/protocol.ts';
import { HTML_CONTENT_TYPE, securityHeaders, preflightHeaders } from './http/headers.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const { request } = context;
  // Set by server/start.mjs: takes a reusable answer into its answer cache (src/server/answer-cache.ts).
  const offer = (context.locals as { offerAnswer?: OfferAnswer }).offerAnswer;
  if (!context.url.pathname.startsWith('/v1/')) {
    const response = await next();
    const headers = new Headers(response.headers);
    if (headers.get('content-type')?.startsWith('text/html')) headers.set('content-type', HTML_CONTENT_TYPE);
    // On every answer, not only the HTML: a problem (the /_image stub's 404) or a file is a document too.
    for (const [k, v] of Object.entries(securityHeaders)) headers.set(k, v);
    if (request.method !== 'GET') return withHeaders(response, headers);
    const vary = response.status === 200 && varyOnEncoding(headers.get('cache-control'), headers.get('vary'));
    if (vary) headers.set('vary', vary);
    return offered(response, headers, offer);
  }
  if (request.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: { ...preflightHeaders, ...securityHeaders } });
  return answerResponse(await answerApi(answerRequestOf(request), async () => responseAnswer(await next()), offer));
});
