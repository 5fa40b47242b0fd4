import type { APIRoute } from 'astro';
import { openApiDocument } from '../../data/openapi.ts';
import { jsonGet } from '../../http/respond.ts';

export const prerender = true;

export const GET: APIRoute = () => jsonGet(openApiDocument());
