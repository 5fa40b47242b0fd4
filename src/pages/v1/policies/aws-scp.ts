import type { APIRoute } from 'astro';
import { generateAwsScp } from '../../../../functions/policies.ts';
import { functionContext } from '../../../server/context.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, clientAddress }) => generateAwsScp(request, await functionContext(request, clientAddress));
