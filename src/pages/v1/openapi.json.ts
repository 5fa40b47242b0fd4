import type { APIRoute } from 'astro';
import { SERVICE_LIST_SCHEMA_URL } from '../../data/schema-url.ts';
import { buildOpenApi } from '../../http/openapi.ts';
import { allOperations } from '../../http/operations.ts';
import { jsonGet } from '../../http/protocol.ts';

export const prerender = true;

export const GET: APIRoute = () =>
  jsonGet(buildOpenApi(allOperations, { serviceListSchemaUrl: SERVICE_LIST_SCHEMA_URL }));
