import type { APIRoute } from 'astro';
import { getListLifecycle } from '../../../../../functions/lists.ts';
import { runFunction } from '../../../../server/context.ts';
import { notFoundRoute } from '../../../../http/not-found.ts';

export const prerender = false;

/** Other methods: 404 problem, not Astro's HTML page. */
export const ALL = notFoundRoute;

export const GET: APIRoute = ({ request, clientAddress }) => runFunction(getListLifecycle, request, clientAddress);
export const HEAD = GET;
