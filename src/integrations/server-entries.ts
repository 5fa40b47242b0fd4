/**
 * Emits the modules `npm start` imports from the build as entries of the
 * server bundle, under fixed names in dist/server/:
 * - api-dispatch.mjs (src/server/api-dispatch.ts): the route table compiled
 *   with, and sharing modules with, the Astro routes (one source of truth, no
 *   second copy of the catalogue or the store);
 * - host.mjs (src/server/host.ts): the server layer start.mjs runs on, so
 *   starting loads no TypeScript.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const entries = {
  'api-dispatch.mjs': '../server/api-dispatch.ts',
  'host.mjs': '../server/host.ts',
};

export function serverEntries(): Plugin {
  return {
    name: 'csc:server-entries',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      for (const [fileName, source] of Object.entries(entries))
        this.emitFile({ type: 'chunk', id: fileURLToPath(new URL(source, import.meta.url)), fileName });
    },
  };
}
