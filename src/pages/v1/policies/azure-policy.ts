import type { APIRoute } from 'astro';
import { generateAzurePolicy } from '../../../../functions/policies.ts';
import { functionContext } from '../../../server/context.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, clientAddress }) => generateAzurePolicy(request, await functionContext(request, clientAddress));
