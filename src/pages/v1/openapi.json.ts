import type { APIRoute } from 'astro';
import { openApiDocument } from '../../data/openapi.ts';
import { jsonGet } from '../../http/protocol.ts';

export const prerender = true;

export const GET: APIRoute = () => jsonGet(openApiDocument());
