import type { APIRoute } from 'astro';
import { getLiveness } from '../../../../functions/status.ts';
import { notFoundRoute } from '../../../http/not-found.ts';

export const prerender = false;

/** Other methods: 404 problem, not Astro's HTML page. */
export const ALL = notFoundRoute;

/** Called without a function context: liveness must not wait for, or open, the store. */
export const GET: APIRoute = () => getLiveness();
export const HEAD = GET;
