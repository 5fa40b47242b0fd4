/**
 * Writes dist/client/_headers (the Netlify / Cloudflare Pages format) so a
 * static host or CDN serves the prerendered files with the same headers as
 * the bundled server: JSON for extensionless /v1/ paths, cache rules, CORS,
 * and the one set of browser security headers (securityHeaders).
 *
 * A path that matches several rules gets the headers of all of them, and a
 * header two rules set is sent with both values joined by a comma
 * (https://developers.cloudflare.com/pages/configuration/headers/ : "An
 * incoming request which matches multiple rules' URL patterns will inherit
 * all rules' headers"; Netlify: https://docs.netlify.com/manage/routing/headers/).
 * So Cache-Control is never set by the catch-all `/*` rule: each top-level
 * file and folder of the build gets its own Cache-Control rule, and every
 * path matches exactly one of them (`/_astro/*` immutable, the rest the
 * catalogue's). `/*` carries only headers no other rule sets.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { CATALOGUE_CACHE_CONTROL, corsHeaders, securityHeaders, JSON_CONTENT_TYPE } from '../http/headers.ts';
import { contentTypeFor } from '../http/protocol.ts';

const header = (name: string) => name.replace(/(^|-)([a-z])/g, (_, d: string, c: string) => d + c.toUpperCase());

/** A top-level entry of the built client directory. */
export interface BuiltEntry {
  name: string;
  directory: boolean;
}

/** Entries with a rule of their own (or none: the headers file itself, compressed copies for the bundled server). */
const OWN_RULES = new Set(['v1', '_astro', '_headers']);

/** The URL patterns that cover a top-level entry: a folder's contents, a page with and without `.html`. */
function patternsFor({ name, directory }: BuiltEntry): string[] {
  if (directory) return [`/${name}/*`];
  if (name === 'index.html') return ['/', '/index.html'];
  if (name.endsWith('.html')) return [`/${name.slice(0, -'.html'.length)}`, `/${name}`];
  return [`/${name}`];
}

export function renderHeadersFile(entries: readonly BuiltEntry[] = []): string {
  const rule = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([k, v]) => `  ${header(k)}: ${v}`)].join('\n');
  const cached = entries
    .filter((e) => !OWN_RULES.has(e.name) && !e.name.endsWith('.gz'))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .flatMap(patternsFor);
  return (
    [
      rule('/v1/*', { 'content-type': JSON_CONTENT_TYPE, 'cache-control': CATALOGUE_CACHE_CONTROL, ...corsHeaders }),
      rule('/_astro/*', { 'cache-control': 'public, max-age=31536000, immutable' }),
      ...cached.map((path) => rule(path, { 'cache-control': CATALOGUE_CACHE_CONTROL })),
      // Feed types many static hosts do not know by extension.
      ...['/lifecycle.atom', '/lifecycle.ics'].map((path) => rule(path, { 'content-type': contentTypeFor(path) })),
      // Every path: the browser security headers the bundled server sends with every file (src/server/static.ts).
      rule('/*', securityHeaders),
    ].join('\n\n') + '\n'
  );
}

export function cdnHeaders(): AstroIntegration {
  return {
    name: 'cdn-headers',
    hooks: {
      'astro:build:done': ({ dir }) => {
        const entries = readdirSync(fileURLToPath(dir), { withFileTypes: true }).map((e) => ({
          name: e.name,
          directory: e.isDirectory(),
        }));
        writeFileSync(new URL('_headers', dir), renderHeadersFile(entries));
      },
    },
  };
}
