/**
 * The on-demand API in one table: every /v1/ endpoint that is not a
 * prerendered file, with the handler of each method. Two hosts read it:
 * `npm start` calls the handlers directly (src/server/api-dispatch.ts), and
 * the thin Astro routes under src/pages/v1/ export them (astroRoute), for
 * `astro dev` and serverless hosting. Both wrap them in the same answer rules
 * (answerApi in src/http/api-answer.ts); tests/api-dispatch.test.ts checks
 * that the two hosts give the same answers.
 *
 * A handler takes the request (ApiCall) and gives its answer as plain data
 * (Answer): the server functions with their per-request context
 * (runFunction), and the catalogue reads, which need only the URL and the
 * built catalogue, and answer while the store is down.
 */
import type { APIRoute } from 'astro';
import { compareServices, searchServices, type CatalogueFunction } from '../../functions/catalogue.ts';
import { exportMarkdown } from '../../functions/export-markdown.ts';
import { sendFeedback } from '../../functions/feedback.ts';
import type { ServerFunction } from '../../functions/lib/types.ts';
import { getList, getListLifecycle, saveList } from '../../functions/lists.ts';
import { generateAwsScp, generateAzurePolicy, generateGcpOrgPolicy } from '../../functions/policies.ts';
import { getHealth, getLiveness, getStatus, getStatusHistory } from '../../functions/status.ts';
import { loadCatalogue, loadedCatalogue } from '../data/catalogue.ts';
import { answerResponse, responseAnswer, weakEtag, type Answer } from '../http/protocol.ts';
import { notFoundAnswer } from '../http/not-found.ts';
import { problem } from '../http/problem.ts';
import { runFunction } from './context.ts';

/**
 * A request as a handler sees it. The web Request is made only when a handler
 * asks for it: the catalogue reads need the URL alone, and on `npm start`
 * making a Request from Node's request costs more than their search.
 */
export interface ApiCall {
  method: string;
  url: URL;
  clientAddress: string;
  request: () => Request;
}

export type ApiHandler = (call: ApiCall) => Promise<Answer>;
export type ApiMethod = 'GET' | 'HEAD' | 'POST';
export type ApiEndpoint = Partial<Record<ApiMethod, ApiHandler>>;

const catalogueRead =
  (fn: CatalogueFunction): ApiHandler =>
  async ({ url }) =>
    fn(url, loadedCatalogue() ?? (await loadCatalogue()));
const serverFunction =
  (fn: ServerFunction): ApiHandler =>
  async (call) =>
    responseAnswer(await runFunction(fn, call.request(), call.clientAddress));
/**
 * A successful read carries an ETag, a weak hash of its body unless the handler
 * set one (a saved list). It is set here, inside the route, because Astro
 * drops a HEAD answer's body before its middleware sees it: HEAD then has the
 * ETag of the GET on both hosts.
 */
const withEtag =
  (handler: ApiHandler): ApiHandler =>
  async (call) => {
    const answer = await handler(call);
    if (answer.status !== 200 || !answer.body || answer.headers['etag']) return answer;
    return { ...answer, headers: { ...answer.headers, etag: weakEtag(answer.body) } };
  };

/** GET, and HEAD answered by the same handler (the answer rules drop the body). */
const read = (handler: ApiHandler): ApiEndpoint => {
  const answer = withEtag(handler);
  return { GET: answer, HEAD: answer };
};
const post = (fn: ServerFunction): ApiEndpoint => ({ POST: serverFunction(fn) });

/** Path patterns as Astro names its routes (`[id]` is one path segment). */
export const apiEndpoints = {
  '/v1/services': read(catalogueRead(searchServices)),
  '/v1/compare': read(catalogueRead(compareServices)),
  '/v1/health': read(serverFunction(getHealth)),
  // Without a function context: liveness must not wait for, or open, the store.
  '/v1/health/live': read(async () => responseAnswer(getLiveness())),
  '/v1/status': read(serverFunction(getStatus)),
  '/v1/status/history': read(serverFunction(getStatusHistory)),
  '/v1/lists': post(saveList),
  '/v1/lists/[id]': read(serverFunction(getList)),
  '/v1/lists/[id]/lifecycle': read(serverFunction(getListLifecycle)),
  '/v1/feedback': post(sendFeedback),
  '/v1/export/markdown': post(exportMarkdown),
  '/v1/policies/aws-scp': post(generateAwsScp),
  '/v1/policies/azure-policy': post(generateAzurePolicy),
  '/v1/policies/gcp-org-policy': post(generateGcpOrgPolicy),
} satisfies Record<string, ApiEndpoint>;

export type ApiPath = keyof typeof apiEndpoints;

const exact = new Map<string, ApiEndpoint>();
const patterns: [RegExp, ApiEndpoint][] = [];
for (const [path, endpoint] of Object.entries(apiEndpoints)) {
  if (path.includes('[')) patterns.push([new RegExp(`^${path.replace(/\[[^\]]+\]/g, '[^/]+')}$`), endpoint]);
  else exact.set(path, endpoint);
}

/** The endpoint a decoded URL path names, or undefined. */
export function matchEndpoint(pathname: string): ApiEndpoint | undefined {
  return exact.get(pathname) ?? patterns.find(([pattern]) => pattern.test(pathname))?.[1];
}

/**
 * The handler for a request's method: the 404 problem for an unknown path, and
 * 405 with `Allow` for a method the endpoint does not take (GET on a POST-only
 * endpoint), so a client learns which method it should have used.
 */
export function apiHandler(endpoint: ApiEndpoint | undefined, method: string): ApiHandler {
  if (!endpoint) return notFoundHandler;
  return (endpoint as Record<string, ApiHandler | undefined>)[method] ?? methodNotAllowed(endpoint);
}

const notFoundHandler: ApiHandler = async ({ method, url }) => responseAnswer(notFoundAnswer(method, url.pathname));

const methodNotAllowed =
  (endpoint: ApiEndpoint): ApiHandler =>
  async ({ method }) => {
    const allow = [...Object.keys(endpoint), 'OPTIONS'].join(', ');
    return responseAnswer(
      problem('method-not-allowed', {
        detail: `This endpoint does not take ${method.slice(0, 20)}; it takes ${allow}.`,
        headers: { allow },
      }),
    );
  };

const toAstro =
  (handler: ApiHandler): APIRoute =>
  async ({ request, clientAddress }) =>
    answerResponse(
      await handler({ method: request.method, url: new URL(request.url), clientAddress, request: () => request }),
    );

/** An endpoint as an Astro route module's exports; ALL answers the methods it does not take with 405. */
export function astroRoute(path: ApiPath): Partial<Record<ApiMethod, APIRoute>> & { ALL: APIRoute } {
  const endpoint: ApiEndpoint = apiEndpoints[path];
  const route: Partial<Record<ApiMethod, APIRoute>> & { ALL: APIRoute } = { ALL: toAstro(methodNotAllowed(endpoint)) };
  for (const method of Object.keys(endpoint) as ApiMethod[]) route[method] = toAstro(endpoint[method]!);
  return route;
}
