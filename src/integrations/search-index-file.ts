/**
 * Saves the catalogue's search index with the build, as
 * dist/server/search-index.bin (src/core/search-index-file.ts), so that
 * `npm start` loads it rather than building it: building it is the costliest
 * step of a start. The index comes from the built server layer
 * (dist/server/host.mjs), so it is made by the same code and from the same
 * data the server will run on; the server checks the build and catalogue
 * version it records, and builds the index itself on any mismatch.
 */
import { writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';

export function searchIndexFile(): AstroIntegration {
  let serverDir: URL | undefined;
  return {
    name: 'csc:search-index-file',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverDir = config.build.server;
      },
      'astro:build:done': async ({ logger }) => {
        if (!serverDir) throw new Error('csc:search-index-file: no server directory');
        const host = (await import(new URL('host.mjs', serverDir).href)) as {
          savedSearchIndexBytes: () => Promise<Uint8Array>;
        };
        const bytes = await host.savedSearchIndexBytes();
        writeFileSync(new URL('search-index.bin', serverDir), bytes);
        logger.info(`search index saved (${(bytes.length / 1024).toFixed(0)} KiB)`);
      },
    },
  };
}
