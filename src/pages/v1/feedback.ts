import type { APIRoute } from 'astro';
import { sendFeedback } from '../../../functions/feedback.ts';
import { runFunction } from '../../server/context.ts';

export const prerender = false;

export const POST: APIRoute = ({ request, clientAddress }) => runFunction(sendFeedback, request, clientAddress);
