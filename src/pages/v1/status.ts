import type { APIRoute } from 'astro';
import { getStatus } from '../../../functions/status.ts';
import { runFunction } from '../../server/context.ts';

export const prerender = false;

export const GET: APIRoute = ({ request, clientAddress }) => runFunction(getStatus, request, clientAddress);
