// @ts-check
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';
import { cdnHeaders } from './src/integrations/cdn-headers.ts';
import { precompress } from './src/integrations/precompress.ts';
import { buildSchemaUrl } from './src/server/config.ts';

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
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [cdnHeaders(), precompress()],
  site: process.env.PUBLIC_URL ?? 'http://localhost:4321', // keep in step with DEFAULT_BUILD_BASE_URL (src/server/config.ts)
  trailingSlash: 'never',
  build: { format: 'file' },
  devToolbar: { enabled: false },
  // A public JSON API with CORS `*`: its POST functions answer non-JSON bodies with 415 themselves;
  // Astro's form-origin check would answer them with a bare 403 text instead.
  security: { checkOrigin: false },
  vite: {
    define: {
      // The build's date: lifecycle freshness checks and the feeds use it. CATALOGUE_TODAY=YYYY-MM-DD pins it (tests).
      __CATALOGUE_BUILT_ON__: JSON.stringify(buildDate()),
      // The interchange schema address is fixed per build (see buildSchemaUrl).
      __SERVICE_LIST_SCHEMA_URL__: JSON.stringify(buildSchemaUrl()),
    },
  },
});
