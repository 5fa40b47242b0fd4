/**
 * The service list schema address of this build (SCHEMA_BASE_URL or
 * PUBLIC_URL at build time, see buildSchemaUrl), baked in by the bundler so
 * the prerendered schema, the server functions and catalogue.json agree.
 * Outside a build (unit tests, scripts) it is computed from the environment.
 */
import { buildSchemaUrl } from '../../functions/lib/config.ts';

declare const __SERVICE_LIST_SCHEMA_URL__: string;

export const SERVICE_LIST_SCHEMA_URL: string =
  typeof __SERVICE_LIST_SCHEMA_URL__ === 'string' ? __SERVICE_LIST_SCHEMA_URL__ : buildSchemaUrl();
