/**
 * Writes dist/client/_headers (the Netlify / Cloudflare Pages format) so a
 * static host or CDN serves the prerendered files with the same headers as
 * the bundled server: JSON for extensionless /v1/ paths, cache rules, CORS,
 * and the one set of browser security headers (htmlSecurityHeaders).
 */
import { writeFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import { CATALOGUE_CACHE_CONTROL, corsHeaders, htmlSecurityHeaders, JSON_CONTENT_TYPE } from '../http/headers.ts';
import { contentTypeFor } from '../http/protocol.ts';

const header = (name: string) => name.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());

export function renderHeadersFile(): string {
  const rule = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([k, v]) => `  ${header(k)}: ${v}`)].join('\n');
  return (
    [
      rule('/v1/*', { 'content-type': JSON_CONTENT_TYPE, 'cache-control': CATALOGUE_CACHE_CONTROL, ...corsHeaders }),
      rule('/_astro/*', { 'cache-control': 'public, max-age=31536000, immutable' }),
      // Feed types many static hosts do not know by extension.
      ...['/lifecycle.atom', '/lifecycle.ics'].map((path) => rule(path, { 'content-type': contentTypeFor(path) })),
      // Every path: the browser security headers the bundled server sends with every file (src/server/static.ts).
      rule('/*', { 'cache-control': CATALOGUE_CACHE_CONTROL, ...htmlSecurityHeaders }),
    ].join('\n\n') + '\n'
  );
}

export function cdnHeaders(): AstroIntegration {
  return {
    name: 'cdn-headers',
    hooks: {
      'astro:build:done': ({ dir }) => {
        writeFileSync(new URL('_headers', dir), renderHeadersFile());
      },
    },
  };
}
