/**
 * `npm start`'s direct dispatch of the on-demand API: a request under /v1/
 * that the static layer and the answer cache did not answer is matched
 * against the route table (api-routes.ts) and its handler called with a
 * web Request, under the same answer rules as the Astro routes (answerApi),
 * without Astro's per-request pipeline (route matching over every page,
 * render context, middleware chain, streamed response).
 *
 * The build compiles this module into the server bundle as
 * dist/server/api-dispatch.mjs (src/integrations/api-dispatch-entry.ts), so
 * it shares the bundle's modules with the Astro routes: one catalogue, one
 * store, one rate limiter and one status sampler per process.
 *
 * The Request is made by Astro's own Node adapter helper, so headers, body
 * stream and abort on disconnect are those the Astro routes see.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestFromNodeRequest, getAbortControllerCleanup } from 'astro/app/node';
import { answerApi, type OfferAnswer } from '../http/api-answer.ts';
import { responseBytes } from '../http/protocol.ts';
import { apiHandler, matchEndpoint } from './api-routes.ts';

/** The path a request names, decoded as Astro decodes it for route matching; null when it cannot be. */
function decodedPath(url: string): string | null {
  const q = url.indexOf('?');
  try {
    return decodeURI(q === -1 ? url : url.slice(0, q));
  } catch {
    return null;
  }
}

/** Writes a web Response to the Node response, with its length (the body is whole: handlers never stream). */
async function send(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const headers: string[] = [];
  for (const [name, value] of response.headers) headers.push(name, value);
  const bytes = response.body ? await responseBytes(response) : undefined;
  const body = bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (body && !response.headers.has('content-length')) headers.push('content-length', String(body.length));
  if (response.statusText) res.statusMessage = response.statusText;
  res.writeHead(response.status, headers);
  res.end(head ? undefined : body);
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
  const url = req.url ?? '/';
  if (!url.startsWith('/v1/')) return false;
  const path = decodedPath(url);
  if (path === null) return false;
  const endpoint = matchEndpoint(path);
  if (!endpoint) return false;
  const request = createRequestFromNodeRequest(req, { allowedDomains: [] });
  const handler = apiHandler(endpoint, request.method);
  try {
    const response = await answerApi(request, () => handler(request, req.socket.remoteAddress ?? ''), offer);
    await send(res, response, request.method === 'HEAD');
  } finally {
    // The request's abort wiring holds a listener on the socket: released once the answer is written
    // (as Astro's writeResponse does), or every request on a kept-alive connection would add one.
    getAbortControllerCleanup(req)?.();
  }
  return true;
}
