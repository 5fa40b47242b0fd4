import type { APIRoute } from 'astro';
import { problem } from '../../http/problem.ts';

// Anything under /v1/ that no route or prerendered file answers, including
// the endpoints removed in 1.3.0 (/v1/auth/*, GET /v1/feedback, /v1/analytics/*).
export const prerender = false;

export const ALL: APIRoute = ({ request, url }) =>
  problem('not-found', { detail: `No endpoint ${request.method} ${url.pathname}. See /v1/openapi.json for the API.` });
