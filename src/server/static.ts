/**
 * Serves the prerendered build (dist/client) with the same headers the API
 * promises everywhere: JSON content type for extensionless /v1/ files, edge
 * cache rules, ETag with 304, open CORS on /v1/, and the browser security
 * headers (on every file, as the CDN's `_headers` file has them).
 *
 * Memory is bounded whatever the URL: the build's file list is read once at
 * start (it never changes while serving), so a URL is resolved to a file by
 * string work alone and a URL that names no file costs nothing to remember.
 * File contents are cached under the file they resolve to (never the URL
 * spelling: `//services`, `/./services` and `/%73ervices` share one entry),
 * least recently used first out, within `maxBytes`; requests for a file not
 * yet in memory wait for one read of it.
 *
 * Text files of 1 KiB or more have a gzipped copy written by the build
 * (src/integrations/precompress.ts), sent to clients that accept gzip: a
 * listing page of the full catalogue is 700 KB of HTML and under 100 KB
 * gzipped. The gzipped variant has its own ETag, as RFC 9110 requires of
 * another representation.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, posix, resolve } from 'node:path';
import { ByteLru } from '../core/byte-lru.ts';
import { cacheControlFor, corsHeaders, securityHeaders } from '../http/headers.ts';
import { acceptedEncodings, contentTypeFor, etagMatches } from '../http/protocol.ts';

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

/**
 * True when Accept-Encoding allows gzip: an explicit `gzip` entry decides, else `*`; `q=0` refuses.
 * A client sends the same value on every request, so the last answer is remembered (one string, bounded).
 */
let lastAcceptEncoding: string | undefined;
let lastAcceptsGzip = false;
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  if (typeof acceptEncoding !== 'string') return acceptedEncodings(acceptEncoding, ['gzip']).length > 0;
  if (acceptEncoding !== lastAcceptEncoding) {
    lastAcceptsGzip = acceptedEncodings(acceptEncoding, ['gzip']).length > 0;
    lastAcceptEncoding = acceptEncoding.length <= 256 ? acceptEncoding : undefined;
  }
  return lastAcceptsGzip;
}

const flat = (headers: Record<string, string>) => Object.entries(headers).flat();

/**
 * Every file under `root`, as URL paths (`/services.html`); the gzipped copies are found beside them.
 * A walk of one directory at a time, naming each file from its directory's URL path: a build of 10,000
 * services holds some 40,000 files, this runs before the server answers, and `readdirSync`'s own
 * recursive mode (a path join, and on some file systems a stat, per entry) took five times as long.
 */
export function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const visit = (dir: string, urlPath: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(join(dir, entry.name), `${urlPath}/${entry.name}`);
      else if (entry.isFile()) files.add(`${urlPath}/${entry.name}`);
    }
  };
  visit(resolve(root), '');
  return files;
}

/** A path that needs no decoding or normalising: no escapes, dot segments, empty segments or backslashes. */
const PLAIN_PATH = /^(\/[\w\-~]+(\.[\w\-~]+)*)+\/?$|^\/$/;

/** The paths a lookup may find. */
export interface FileNames {
  has(path: string): boolean;
}

/** The file a URL path names, by the build's rules (`/a` → `/a`, `/a.html`, `/a/index.html`), or null. */
export function resolveFile(rawPath: string, files: FileNames): string | null {
  // The usual spelling goes straight to the lookups; only the others are decoded and normalised first.
  if (PLAIN_PATH.test(rawPath)) return candidateFile(rawPath, files);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..')) return null;
  path = posix.normalize(path);
  if (!path.startsWith('/')) return null;
  return candidateFile(path, files);
}

function candidateFile(path: string, files: FileNames): string | null {
  if (path.startsWith('/v1/')) return files.has(path) ? path : null;
  if (path.endsWith('/')) return files.has(`${path}index.html`) ? `${path}index.html` : null;
  if (files.has(path)) return path;
  if (files.has(`${path}.html`)) return `${path}.html`;
  return files.has(`${path}/index.html`) ? `${path}/index.html` : null;
}

/**
 * The page a near miss means, or null: a page's address written with a trailing slash (`/services/aws-eks/`) or in
 * capitals (`/services/AWS-EKS`), which people type and paste, names no file of the build (the site's addresses
 * have no trailing slash and are lower case). Pages only: the API's paths are exact. Only a plain path (single
 * slashes, no escapes, no dot segments) is taken: the answer's Location is the path itself, and `//host/../page`
 * would resolve, in a browser, to another site.
 */
export function nearMissPage(path: string, files: FileNames): string | null {
  if (path === '/' || path.startsWith('/v1/') || path.length > 512) return null;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
  if (!trimmed || !PLAIN_PATH.test(trimmed)) return null;
  const lower = trimmed.toLowerCase();
  // The not-found page answers 404 at every other address; its own is no page to send anyone to.
  if (lower === path || lower === '/404') return null;
  const file = candidateFile(lower, files);
  return file !== null && file.endsWith('.html') ? lower : null;
}

/** Bytes a cached file holds. */
const sizeOf = (f: CachedFile) => f.identity.body.length + (f.gzip?.body.length ?? 0);

/**
 * The files a URL may name: not the CDN's `_headers` file, and not the gzipped
 * copies the build writes beside a file (`/index.html.gz`): those are sent as
 * the file's gzip encoding, never as files of their own. Checked at each
 * lookup rather than copied into a second set: at 10,000 services that set
 * held 40,000 paths, built before the server could answer.
 */
const servable = (files: ReadonlySet<string>): FileNames => ({
  has: (f) => files.has(f) && f !== '/_headers' && !(f.endsWith('.gz') && files.has(f.slice(0, -3))),
});

export function createStaticHandler(root: string, { maxBytes = 64 * 1024 * 1024 } = {}) {
  const files = listFiles(root);
  const named = servable(files);
  const cache = new ByteLru<string, CachedFile>(maxBytes, sizeOf);
  /**
   * Reads in progress, by file: every request for a file not yet in memory waits for the one read. Each used to
   * read it for itself, and a burst of requests for the 580 KB catalogue (3,000 pipelined on one connection)
   * held 2 GB. At most one entry per file of the build.
   */
  const reading = new Map<string, Promise<CachedFile>>();
  let reads = 0;

  async function load(candidate: string): Promise<CachedFile> {
    const file = join(root, candidate);
    const body = await readFile(file);
    const type = contentTypeFor(candidate);
    const gzipped = files.has(`${candidate}.gz`) ? await readFile(`${file}.gz`) : undefined;
    const common: Record<string, string> = {
      'cache-control': cacheControlFor(candidate),
      'x-content-type-options': 'nosniff',
      ...(gzipped ? { vary: 'Accept-Encoding' } : {}),
      ...(candidate.startsWith('/v1/') ? corsHeaders : {}),
      // The same set the CDN's `_headers` file gives every path (src/integrations/cdn-headers.ts).
      ...securityHeaders,
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

  /**
   * Answers from the build, or returns false to let the next layer answer.
   * A file in the cache is answered synchronously (true, not a promise): the
   * hot path has no await; a miss returns the promise of the file's load.
   */
  function serveStatic(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    // A path spelled as the file it names (`/v1/categories`, most requests) is looked up as it is: every file in
    // the cache is a servable file's name, which resolves to itself unless it holds a `%` (decoded first).
    const asSpelled = path.includes('%') ? undefined : cache.get(path);
    if (asSpelled) return send(asSpelled, req, res);
    const file = resolveFile(path, named);
    if (!file) return redirectNearMiss(path, url, res);
    const hit = cache.get(file);
    if (hit) return send(hit, req, res);
    return (reading.get(file) ?? read(file)).then((entry) => send(entry, req, res));
  }

  function read(file: string): Promise<CachedFile> {
    reads++;
    const entry = load(file)
      .then((loaded) => {
        cache.set(file, loaded);
        return loaded;
      })
      .finally(() => reading.delete(file));
    reading.set(file, entry);
    return entry;
  }

  function send(entry: CachedFile, req: IncomingMessage, res: ServerResponse): true {
    const v = entry.gzip && acceptsGzip(req.headers['accept-encoding']) ? entry.gzip : entry.identity;
    if (req.headers['if-none-match'] !== undefined && etagMatches(req.headers['if-none-match'], v.etag)) {
      res.writeHead(304, v.notModified);
      res.end();
      return true;
    }
    res.writeHead(200, v.ok);
    res.end(req.method === 'HEAD' ? undefined : v.body);
    return true;
  }
  /** A permanent redirect to the page a near miss means (query kept), or false when it means none. */
  function redirectNearMiss(path: string, url: string, res: ServerResponse): boolean {
    const page = nearMissPage(path, named);
    if (page === null) return false;
    const q = url.indexOf('?');
    res.writeHead(308, {
      location: q === -1 ? page : `${page}${url.slice(q)}`,
      'cache-control': 'public, max-age=300',
      'content-length': '0',
      ...securityHeaders,
    });
    res.end();
    return true;
  }
  /** Whether a URL names a built file (whatever the method): a POST to one is answered 405, not 404. */
  const names = (url: string): boolean => {
    const q = url.indexOf('?');
    return resolveFile(q === -1 ? url : url.slice(0, q), named) !== null;
  };
  return Object.assign(serveStatic, {
    names,
    /** What is in memory, and how many times a file was read from disk. */
    cacheStats: () => ({ entries: cache.size, bytes: cache.bytes, reads }),
  });
}
