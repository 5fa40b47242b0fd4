// @ts-check
import { randomUUID } from 'node:crypto';
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import { cdnHeaders } from './src/integrations/cdn-headers.ts';
import { serverEntries } from './src/integrations/server-entries.ts';
import { precompress } from './src/integrations/precompress.ts';
import { searchIndexFile } from './src/integrations/search-index-file.ts';
import { serviceListValidator } from './src/integrations/service-list-validator.ts';
import { buildSchemaUrl } from './functions/lib/config.ts';

function buildDate() {
  const pinned = process.env.CATALOGUE_TODAY;
  if (pinned === undefined || pinned === '') return new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(pinned) || Number.isNaN(Date.parse(pinned)))
    throw new Error(`CATALOGUE_TODAY must be a date written YYYY-MM-DD, got "${pinned}"`);
  return pinned;
}

// Catalogue GET endpoints and site pages are prerendered; routes that read a
// query string and the POST server functions run on demand (output: 'server'
// with per-route `prerender`). The Node adapter is built in middleware mode so
// server/start.mjs can put its own static-file layer in front of it.
// Absolute links in prerendered files (feeds, calendar, the schema address in exported lists) come from
// PUBLIC_URL at build time; a deployment built without it would hand out localhost links.
if (!process.env.PUBLIC_URL)
  console.warn(
    'PUBLIC_URL is not set: the feeds, the calendar and exported lists will link to http://localhost:4321. ' +
      'Set it when building for a deployment.',
  );

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [cdnHeaders(), precompress(), searchIndexFile()],
  site: process.env.PUBLIC_URL ?? 'http://localhost:4321', // keep in step with DEFAULT_BUILD_BASE_URL (functions/lib/config.ts)
  trailingSlash: 'never',
  // Styles as files, never inlined: the Content-Security-Policy allows styles from 'self' only.
  build: { format: 'file', inlineStylesheets: 'never' },
  // The site transforms no images: Astro's /_image endpoint is replaced by a 404 (src/http/no-image-endpoint.ts).
  image: { endpoint: { route: '/_image', entrypoint: './src/http/no-image-endpoint.ts' } },
  devToolbar: { enabled: false },
  // What Astro logs while `npm start` serves joins the server's JSON log (its console format otherwise).
  logger: { entrypoint: './src/server/astro-log.mjs' },
  // A public JSON API with CORS `*`: its POST functions answer non-JSON bodies with 415 themselves;
  // Astro's form-origin check would answer them with a bare 403 text instead.
  security: { checkOrigin: false },
  vite: {
    // The browser's interchange validator, compiled at build time (no 'unsafe-eval' in the CSP),
    // and the modules npm start imports from the server bundle (dist/server/api-dispatch.mjs and host.mjs).
    plugins: [serviceListValidator(buildSchemaUrl()), serverEntries()],
    define: {
      // The build's date: lifecycle freshness checks and the feeds use it. CATALOGUE_TODAY=YYYY-MM-DD pins it (tests).
      __CATALOGUE_BUILT_ON__: JSON.stringify(buildDate()),
      // The interchange schema address is fixed per build (see buildSchemaUrl).
      __SERVICE_LIST_SCHEMA_URL__: JSON.stringify(buildSchemaUrl()),
      // This build: the saved search index records it, and only the same build uses the file (src/data/catalogue.ts).
      __BUILD_ID__: JSON.stringify(randomUUID()),
    },
  },
});
