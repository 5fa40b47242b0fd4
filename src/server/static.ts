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
  headers: Record<string, string>;
}

export function createStaticHandler(root: string) {
  const cache = new Map<string, CachedFile | null>();

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
      const headers: Record<string, string> = {
        'content-type': contentTypeFor(candidate),
        'cache-control': cacheControlFor(candidate),
        'x-content-type-options': 'nosniff',
        etag,
        ...(candidate.startsWith('/v1/') ? corsHeaders : {}),
      };
      return { body, etag, headers };
    }
    return null;
  }

  /** Answers from the build, or returns false to let the next layer answer. */
  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const raw = (req.url ?? '/').split('?')[0]!;
    let path: string;
    try {
      path = decodeURIComponent(raw);
    } catch {
      return false;
    }
    if (path.includes('\0') || path.split('/').includes('..')) return false;
    let entry = cache.get(path);
    if (entry === undefined) {
      entry = await load(path);
      cache.set(path, entry);
    }
    if (!entry) return false;
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      const { 'content-type': _t, ...rest } = entry.headers;
      res.writeHead(304, rest);
      res.end();
      return true;
    }
    res.writeHead(200, { ...entry.headers, 'content-length': String(entry.body.length) });
    res.end(req.method === 'HEAD' ? undefined : entry.body);
    return true;
  };
}
