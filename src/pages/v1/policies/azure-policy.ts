import type { APIRoute } from 'astro';
import { generateAzurePolicy } from '../../../../functions/policies.ts';
import { runFunction } from '../../../server/context.ts';
import { notFoundRoute } from '../../../http/not-found.ts';

export const prerender = false;

/** Other methods: 404 problem, not Astro's HTML page. */
export const ALL = notFoundRoute;

export const POST: APIRoute = ({ request, clientAddress }) => runFunction(generateAzurePolicy, request, clientAddress);
