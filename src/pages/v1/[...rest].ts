import { notFoundRoute } from '../../http/not-found.ts';

// Anything under /v1/ that no route or prerendered file answers: unknown
// services (every known one is a prerendered file), unknown paths, and the
// endpoints removed in 1.3.0 (/v1/auth/*, GET /v1/feedback, /v1/analytics/*).
export const prerender = false;

export const ALL = notFoundRoute;
