import type { APIRoute } from 'astro';
import type { BuiltCatalogueData } from '../core/catalogue.ts';
import { loadCatalogue } from '../data/catalogue.ts';
import { SERVICE_LIST_SCHEMA_URL } from '../data/schema-url.ts';
import { jsonGet } from '../http/protocol.ts';

/**
 * /catalogue.json: the built catalogue data (not part of the API), for code
 * that works offline or in the browser: `createCatalogue(data)` rebuilds the
 * same Catalogue the server uses. The CLI reads dist/client/catalogue.json.
 * `serviceListSchemaUrl` is this build's interchange schema address.
 */
export const prerender = true;

export const GET: APIRoute = async () => {
  const { catalogue: c, synonyms } = await loadCatalogue();
  const data: BuiltCatalogueData = {
    version: c.version,
    builtOn: c.builtOn,
    providers: c.providers,
    categories: c.categories,
    services: c.services,
    serviceListSchemaUrl: SERVICE_LIST_SCHEMA_URL,
    synonyms,
  };
  return jsonGet(data);
};
