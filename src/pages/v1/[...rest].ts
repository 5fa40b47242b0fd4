import type { APIRoute } from 'astro';
import { problem } from '../../http/problem.ts';

// Anything under /v1/ that no route or prerendered file answers: unknown
// services (every known one is a prerendered file), unknown paths, and the
// endpoints removed in 1.3.0 (/v1/auth/*, GET /v1/feedback, /v1/analytics/*).
export const prerender = false;

export const ALL: APIRoute = ({ request, url }) => {
  const service = /^\/v1\/services\/([^/]+)$/.exec(url.pathname);
  if (service && (request.method === 'GET' || request.method === 'HEAD')) {
    return problem('not-found', { detail: `No service has the slug ${JSON.stringify(decodeURIComponent(service[1]!).slice(0, 100))}.` });
  }
  return problem('not-found', { detail: `No endpoint ${request.method} ${url.pathname.slice(0, 200)}. See /v1/openapi.json for the API.` });
};
