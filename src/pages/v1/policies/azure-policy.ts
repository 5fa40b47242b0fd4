import type { APIRoute } from 'astro';
import { generateAzurePolicy } from '../../../../functions/policies.ts';
import { runFunction } from '../../../server/context.ts';

export const prerender = false;

export const POST: APIRoute = ({ request, clientAddress }) => runFunction(generateAzurePolicy, request, clientAddress);
