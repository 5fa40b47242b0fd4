/**
 * Serves the prerendered build (dist/client) with the same headers the API
 * promises everywhere: JSON content type for extensionless /v1/ files, edge
 * cache rules, ETag with 304, and open CORS. Files are read once and kept in
 * memory with their headers, so a hit is a map lookup and one write.
 *
 * Text files of 1 KiB or more have a gzipped copy written by the build
 * (src/integrations/precompress.ts), sent to clients that accept gzip: a
 * listing page of the full catalogue is 700 KB of HTML and under 100 KB
 * gzipped. The gzipped variant has its own ETag, as RFC 9110 requires of
 * another representation.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';
import { cacheControlFor, contentTypeFor, corsHeaders, etagMatches } from '../http/headers.ts';

interface Variant {
  body: Buffer;
  etag: string;
  /** Flat [name, value, ...] header lists, built once: the hot path allocates nothing. */
  ok: string[];
  notModified: string[];
}

interface CachedFile {
  identity: Variant;
  /** Present when the build wrote a gzipped copy. */
  gzip?: Variant;
}

/** True when Accept-Encoding allows gzip: an explicit `gzip` entry decides, else `*`; `q=0` refuses. */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  if (!acceptEncoding) return false;
  const entries = String(acceptEncoding)
    .toLowerCase()
    .split(',')
    .map((part) => {
      const [coding, ...params] = part.split(';').map((x) => x.trim());
      const q = params.find((p) => p.startsWith('q='));
      return { coding, allowed: !q || Number(q.slice(2)) > 0 };
    });
  const entry = entries.find((e) => e.coding === 'gzip') ?? entries.find((e) => e.coding === '*');
  return entry?.allowed ?? false;
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
      const type = contentTypeFor(candidate);
      const gzipped = await readFile(`${file}.gz`).catch(() => undefined);
      const common: Record<string, string> = {
        'cache-control': cacheControlFor(candidate),
        'x-content-type-options': 'nosniff',
        ...(gzipped ? { vary: 'Accept-Encoding' } : {}),
        ...(candidate.startsWith('/v1/') ? corsHeaders : {}),
      };
      const variant = (bytes: Buffer, etag: string, extra: Record<string, string> = {}): Variant => ({
        body: bytes,
        etag,
        ok: flat({ 'content-type': type, 'content-length': String(bytes.length), ...extra, ...common, etag }),
        notModified: flat({ ...common, etag }),
      });
      const hash = createHash('sha1').update(body).digest('base64url');
      const identity = variant(body, `"${hash}"`);
      if (!gzipped) return { identity };
      return { identity, gzip: variant(gzipped, `"${hash}-gz"`, { 'content-encoding': 'gzip' }) };
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
    const v = entry.gzip && acceptsGzip(req.headers['accept-encoding']) ? entry.gzip : entry.identity;
    if (req.headers['if-none-match'] !== undefined && etagMatches(req.headers['if-none-match'], v.etag)) {
      res.writeHead(304, v.notModified);
      res.end();
      return true;
    }
    res.writeHead(200, v.ok);
    res.end(req.method === 'HEAD' ? undefined : v.body);
    return true;
  };
}
