import type { APIRoute } from 'astro';
import { exportMarkdown } from '../../../../functions/export-markdown.ts';
import { notFoundRoute } from '../../../http/not-found.ts';
import { runFunction } from '../../../server/context.ts';

export const prerender = false;

/** Other methods: 404 problem, not Astro's HTML page. */
export const ALL = notFoundRoute;

export const POST: APIRoute = ({ request, clientAddress }) => runFunction(exportMarkdown, request, clientAddress);
