/**
 * `npm start`'s direct dispatch of the on-demand API: a request under /v1/
 * that the static layer and the answer cache did not answer is matched
 * against the route table (api-routes.ts) and its handler called, under the
 * same answer rules as the Astro routes (answerApi), without Astro's
 * per-request pipeline (route matching over every page, render context,
 * middleware chain, streamed response).
 *
 * The build compiles this module into the server bundle as
 * dist/server/api-dispatch.mjs (src/integrations/server-entries.ts), so
 * it shares the bundle's modules with the Astro routes: one catalogue, one
 * store, one rate limiter and one status sampler per process.
 *
 * A handler that needs the web Request (the server functions) gets one made
 * by Astro's own Node adapter helper, so headers, body stream and abort on
 * disconnect are those the Astro routes see; the catalogue reads need only
 * the URL, and none is made for them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestFromNodeRequest, getAbortControllerCleanup } from 'astro/app/node';
import { answerApi, type OfferAnswer } from '../http/api-answer.ts';
import { decodedPath, type Answer } from '../http/protocol.ts';
import { apiHandler, matchEndpoint } from './api-routes.ts';

/** Writes an answer to the Node response, with its length (the body is whole: handlers never stream). */
function send(res: ServerResponse, { status, statusText, headers, body }: Answer, head: boolean): void {
  const flat: string[] = [];
  for (const name in headers) flat.push(name, headers[name]!);
  if (body && headers['content-length'] === undefined) flat.push('content-length', String(body.byteLength));
  if (statusText) res.statusMessage = statusText;
  res.writeHead(status, flat);
  res.end(head || !body ? undefined : body);
}

/**
 * Answers a request for an endpoint of the route table, or returns false:
 * paths it does not name (unknown paths and service slugs, a trailing slash,
 * a path that cannot be decoded) go on to Astro, whose catch-all route
 * answers them as before. A method the endpoint does not take gets the same
 * 405 problem (with `Allow`) as the Astro route's `ALL`.
 */
export async function dispatchApi(
  req: IncomingMessage,
  res: ServerResponse,
  offer: OfferAnswer | undefined,
): Promise<boolean> {
  const target = req.url ?? '/';
  if (!target.startsWith('/v1/')) return false;
  const path = decodedPath(target);
  if (path === null) return false;
  const endpoint = matchEndpoint(path);
  if (!endpoint) return false;
  const method = req.method ?? 'GET';
  // As Astro's adapter makes it: the Host header (checked by the server before any route), else localhost.
  // A URL that does not parse goes on to Astro, whose catch-all route answers it as before.
  let url: URL;
  try {
    url = new URL(`http://${req.headers.host ?? 'localhost'}${target}`);
  } catch {
    return false;
  }
  let request: Request | undefined;
  const handler = apiHandler(endpoint, method);
  const ifNoneMatch = req.headers['if-none-match'] ?? null;
  try {
    const answer = await answerApi(
      { method, pathname: url.pathname, ifNoneMatch },
      () =>
        handler({
          method,
          url,
          clientAddress: req.socket.remoteAddress ?? '',
          request: () => (request ??= createRequestFromNodeRequest(req, { allowedDomains: [] })),
        }),
      offer,
    );
    send(res, answer, method === 'HEAD');
  } finally {
    // The request's abort wiring holds a listener on the socket: released once the answer is written
    // (as Astro's writeResponse does), or every request on a kept-alive connection would add one.
    if (request) getAbortControllerCleanup(req)?.();
  }
  return true;
}
