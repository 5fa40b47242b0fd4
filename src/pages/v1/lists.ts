import type { APIRoute } from 'astro';
import { saveList } from '../../../functions/lists.ts';
import { runFunction } from '../../server/context.ts';

export const prerender = false;

export const POST: APIRoute = ({ request, clientAddress }) => runFunction(saveList, request, clientAddress);
