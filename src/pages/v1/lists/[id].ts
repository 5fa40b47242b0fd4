import type { APIRoute } from 'astro';
import { getList } from '../../../../functions/lists.ts';
import { runFunction } from '../../../server/context.ts';

export const prerender = false;

export const GET: APIRoute = ({ request, clientAddress }) => runFunction(getList, request, clientAddress);
