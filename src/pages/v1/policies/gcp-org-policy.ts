import type { APIRoute } from 'astro';
import { generateGcpOrgPolicy } from '../../../../functions/policies.ts';
import { functionContext } from '../../../server/context.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, clientAddress }) => generateGcpOrgPolicy(request, await functionContext(request, clientAddress));
