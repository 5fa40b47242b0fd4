/**
 * Serves the prerendered build (dist/client) with the same headers the API
 * promises everywhere: JSON content type for extensionless /v1/ files, edge
 * cache rules, ETag with 304, and open CORS. Files are read once and kept in
 * memory with their headers, so a hit is a map lookup and one write.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { cacheControlFor, contentTypeFor, corsHeaders, etagMatches } from '../http/headers.ts';

interface CachedFile {
  body: Buffer;
  etag: string;
  /** Flat [name, value, ...] header lists, built once: the hot path allocates nothing. */
  ok: string[];
  notModified: string[];
}

const flat = (headers: Record<string, string>) => Object.entries(headers).flat();

export function createStaticHandler(root: string) {
  const cache = new Map<string, CachedFile>();
  const missing = new Set<string>();

  async function load(urlPath: string): Promise<CachedFile | null> {
    const candidates = urlPath.startsWith('/v1/')
      ? [urlPath]
      : urlPath.endsWith('/')
        ? [`${urlPath}index.html`]
        : [urlPath, `${urlPath}.html`, `${urlPath}/index.html`];
    for (const candidate of candidates) {
      const file = normalize(join(root, candidate));
      if (!file.startsWith(root + sep)) return null;
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) continue;
      const body = await readFile(file);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      const common: Record<string, string> = {
        'cache-control': cacheControlFor(candidate),
        'x-content-type-options': 'nosniff',
        etag,
        ...(candidate.startsWith('/v1/') ? corsHeaders : {}),
      };
      return {
        body,
        etag,
        ok: flat({ 'content-type': contentTypeFor(candidate), 'content-length': String(body.length), ...common }),
        notModified: flat(common),
      };
    }
    return null;
  }

  async function resolve(rawUrl: string): Promise<CachedFile | null> {
    let path: string;
    try {
      path = decodeURIComponent(rawUrl);
    } catch {
      return null;
    }
    if (path.includes('\0') || path.split('/').includes('..')) return null;
    return load(path);
  }

  /** Answers from the build, or returns false to let the next layer answer. */
  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const raw = q === -1 ? url : url.slice(0, q);
    let entry = cache.get(raw);
    if (entry === undefined) {
      if (missing.has(raw)) return false;
      entry = (await resolve(raw)) ?? undefined;
      if (entry) cache.set(raw, entry);
      else {
        // On-demand routes (/v1/services, /v1/compare) miss on every request: remember
        // misses, bounded so that random URLs cannot grow memory.
        if (missing.size >= 10_000) missing.clear();
        missing.add(raw);
        return false;
      }
    }
    if (req.headers['if-none-match'] !== undefined && etagMatches(req.headers['if-none-match'], entry.etag)) {
      res.writeHead(304, entry.notModified);
      res.end();
      return true;
    }
    res.writeHead(200, entry.ok);
    res.end(req.method === 'HEAD' ? undefined : entry.body);
    return true;
  };
}
