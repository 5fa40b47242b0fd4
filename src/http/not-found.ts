import type { APIRoute } from 'astro';
import { problem } from './problem.ts';

/**
 * The answer for anything under /v1/ that no route answers: unknown paths, the
 * endpoints removed in 1.3.0 (/v1/auth/*, GET /v1/feedback, /v1/analytics/*),
 * and methods a route does not take (GET /v1/feedback, POST /v1/health).
 */
export function notFoundAnswer(method: string, pathname: string): Response {
  const service = /^\/v1\/services\/([^/]+)$/.exec(pathname);
  if (service && (method === 'GET' || method === 'HEAD')) {
    let slug: string;
    try {
      slug = decodeURIComponent(service[1]!);
    } catch {
      slug = service[1]!;
    }
    return problem('not-found', { detail: `No service has the slug ${JSON.stringify(slug.slice(0, 100))}.` });
  }
  return problem('not-found', {
    detail: `No endpoint ${method} ${pathname.slice(0, 200)}. See /v1/openapi.json for the API.`,
  });
}

/** notFoundAnswer as an Astro route: routes export it as `ALL` so Astro never falls back to its HTML 404 page. */
export const notFoundRoute: APIRoute = ({ request, url }) => notFoundAnswer(request.method, url.pathname);
