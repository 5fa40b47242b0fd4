import type { APIRoute } from 'astro';
import { problem } from './problem.ts';

/**
 * The answer for anything under /v1/ that no route answers: unknown paths, the
 * endpoints removed in 1.3.0 (/v1/auth/*, GET /v1/feedback, /v1/analytics/*),
 * and methods a route does not take (GET /v1/feedback, POST /v1/health).
 */
export function notFoundAnswer(method: string, pathname: string): Response {
  // The path is not repeated in the answer: it is the client's own text.
  if (/^\/v1\/services\/[^/]+$/.test(pathname) && (method === 'GET' || method === 'HEAD'))
    return problem('not-found', { detail: 'No service has this slug. GET /v1/services lists the services.' });
  return problem('not-found', {
    detail: `No endpoint answers ${method} on this path. See /v1/openapi.json for the API.`,
  });
}

/** notFoundAnswer as an Astro route: routes export it as `ALL` so Astro never falls back to its HTML 404 page. */
export const notFoundRoute: APIRoute = ({ request, url }) => notFoundAnswer(request.method, url.pathname);
