import type { APIRoute } from 'astro';
import { exportMarkdown } from '../../../../functions/export-markdown.ts';
import { functionContext } from '../../../server/context.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, clientAddress }) => exportMarkdown(request, await functionContext(request, clientAddress));
