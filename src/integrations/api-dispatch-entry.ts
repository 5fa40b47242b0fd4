/**
 * Emits src/server/api-dispatch.ts as its own entry of the server bundle,
 * under a fixed name (dist/server/api-dispatch.mjs), so `npm start` imports
 * the route table compiled with, and sharing modules with, the Astro routes
 * (one source of truth, no second copy of the catalogue or the store).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const API_DISPATCH_FILE = 'api-dispatch.mjs';

export function apiDispatchEntry(): Plugin {
  const id = fileURLToPath(new URL('../server/api-dispatch.ts', import.meta.url));
  return {
    name: 'csc:api-dispatch-entry',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    buildStart() {
      this.emitFile({ type: 'chunk', id, fileName: API_DISPATCH_FILE });
    },
  };
}
