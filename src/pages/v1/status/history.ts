import type { APIRoute } from 'astro';
import { getStatusHistory } from '../../../../functions/status.ts';
import { runFunction } from '../../../server/context.ts';

export const prerender = false;

export const GET: APIRoute = ({ request, clientAddress }) => runFunction(getStatusHistory, request, clientAddress);
