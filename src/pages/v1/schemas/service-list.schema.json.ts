import type { APIRoute } from 'astro';
import { serviceListSchema } from '../../../core/service-list.ts';
import { SERVICE_LIST_SCHEMA_URL } from '../../../data/schema-url.ts';
import { jsonGet } from '../../../http/protocol.ts';

// The v1 interchange schema: schemas/v1/service-list.schema.json with this build's address.
export const prerender = true;

export const GET: APIRoute = () => jsonGet(serviceListSchema(SERVICE_LIST_SCHEMA_URL));
