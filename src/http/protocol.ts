/**
 * HTTP helpers every layer shares, each small and pure: content negotiation
 * (Accept-Encoding, If-None-Match, JSON media types), content types of built
 * files, RFC 8941 structured lists for headers, the client address behind
 * trusted proxies, the public origin of the site, and JSON answers.
 * Plain TypeScript with no Astro imports, so the Node server loads it directly.
 */
import { hash } from 'node:crypto';
import { isIP } from 'node:net';
import mime from 'mime-types';
import { CATALOGUE_CACHE_CONTROL, corsHeaders, JSON_CONTENT_TYPE } from './headers.ts';

// ---------------------------------------------------------------- negotiation

/**
 * The content codings an Accept-Encoding value allows, among those offered,
 * best first: an explicit entry decides for its coding, else `*`; `q=0` (or a
 * q that is not a number in 0..1) refuses. Ties keep the server's order.
 */
export function acceptedEncodings(
  acceptEncoding: string | string[] | undefined | null,
  offered: readonly string[],
): string[] {
  if (!acceptEncoding) return [];
  const entries = new Map<string, number>();
  for (const part of String(acceptEncoding).toLowerCase().split(',')) {
    const [coding, ...params] = part.split(';').map((x) => x.trim());
    if (!coding) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    entries.set(coding, Number.isFinite(weight) && weight > 0 && weight <= 1 ? weight : 0);
  }
  return offered
    .map((coding, order) => ({ coding, order, q: entries.get(coding) ?? entries.get('*') ?? 0 }))
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((e) => e.coding);
}

/** True when an If-None-Match header value matches the entity tag (weak comparison, RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** `application/json` or any `application/*+json`, with or without parameters. */
export const isJsonMediaType = (contentType: string | null | undefined): boolean =>
  !!contentType && /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(contentType.trim());

/**
 * Form fields (`application/x-www-form-urlencoded`) read strictly: percent-encoded bytes that are not UTF-8 throw
 * BodyNotUtf8, where URLSearchParams would put U+FFFD in their place (a lone `%` stays a `%`, as it does there).
 */
export function formFields(text: string): URLSearchParams {
  for (const part of text.split('&')) {
    try {
      decodeURIComponent(part.replace(/\+/g, ' ').replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
    } catch {
      throw new BodyNotUtf8();
    }
  }
  return new URLSearchParams(text);
}

/** `application/x-www-form-urlencoded`, what an HTML form posts. */
export const isFormMediaType = (contentType: string | null | undefined): boolean =>
  !!contentType && /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType.trim());

// ---------------------------------------------------------------- content types

/**
 * Content type of a built file by its URL path, from the mime-db table (with
 * `charset=utf-8` for text). Prerendered API endpoints have no extension
 * (`/v1/providers`): everything under /v1/ is JSON; other extensionless paths
 * are pages.
 */
export function contentTypeFor(path: string): string {
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes('.')) {
    const type = mime.contentType(last);
    if (!type) return 'application/octet-stream';
    // JSON and XML (feeds included) are UTF-8 here; say so, as the API always has.
    return /^application\/(json|xml|[\w.-]+\+xml)$/.test(type) ? `${type}; charset=utf-8` : type;
  }
  if (path.startsWith('/v1/')) return JSON_CONTENT_TYPE;
  return 'text/html; charset=utf-8';
}

// ---------------------------------------------------------------- structured lists

/** An RFC 8941 string item, or undefined when the text cannot be one (only printable ASCII can). */
export const sfString = (text: string): string | undefined =>
  /^[\x20-\x7e]*$/.test(text) ? `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"` : undefined;

/** The members joined as a list of at most `max` characters, in order, and how many fitted. */
export function cappedList(members: readonly string[], max: number): { value: string; listed: number } {
  const kept: string[] = [];
  let length = 0;
  for (const member of members) {
    if (length + member.length + 2 > max) break;
    kept.push(member);
    length += member.length + 2;
  }
  return { value: kept.join(', '), listed: kept.length };
}

// ---------------------------------------------------------------- client address

/**
 * `::ffff:127.0.0.1` and `127.0.0.1` are the same client; IPv6 in brackets loses them. A port some proxies write
 * after the address (`198.51.100.7:4711`, `[2001:db8::1]:4711`, as Azure Application Gateway does) is no part of it.
 */
function normaliseAddress(address: string): string {
  return address
    .trim()
    .replace(/^\[(.*)\](?::\d{1,5})?$/, '$1')
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d{1,5}$/, '$1')
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
    .toLowerCase();
}

/**
 * What the rate limit counts a client address against: an IPv4 address itself, an IPv6 address by its /64 network
 * (`2001:db8:1:2::/64`). One IPv6 host is handed a /64 and may take any address in it, so counting each address
 * apart gave it as many budgets as it cared to use.
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('::');
  // A dotted IPv4 tail (`64:ff9b::192.0.2.1`) is the last two groups.
  const groups = (part: string | undefined) =>
    part
      ? part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [g];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        })
      : [];
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after].map(
    (g) => Number.parseInt(g, 16),
  );
  // An IPv4 client written as IPv6 (mapped, ::ffff:0:0/96 in any spelling, or NAT64, 64:ff9b::/96) is that IPv4
  // address: by its /64 every IPv4 client would have shared one budget.
  const mapped = all.slice(0, 5).every((g) => g === 0) && all[5] === 0xffff;
  const nat64 = all[0] === 0x64 && all[1] === 0xff9b && all.slice(2, 6).every((g) => g === 0);
  if (mapped || nat64) return [all[6]! >> 8, all[6]! & 255, all[7]! >> 8, all[7]! & 255].join('.');
  return `${all
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The client address a request is counted against. With no trusted proxy the
 * socket address is the client, whatever X-Forwarded-For says (a client can
 * write anything there). With N trusted proxies in front, the client is the
 * Nth address from the right of `X-Forwarded-For, socket`; when that entry is
 * not an IP address (a proxy never writes anything else), the socket address
 * is used, so no string a client chose becomes a rate-limit key.
 */
export function clientIp(socketAddress: string, forwardedFor: string | null, trustedProxies: number): string {
  const socket = normaliseAddress(socketAddress);
  if (trustedProxies <= 0 || !forwardedFor) return socket;
  const chain = [...forwardedFor.split(',').map(normaliseAddress), socket];
  const chosen = chain[Math.max(0, chain.length - 1 - trustedProxies)]!;
  return isIP(chosen) ? chosen : socket;
}

// ---------------------------------------------------------------- public origin

/**
 * A Host header value the server accepts: a host name (underscores too, as in
 * the upstream names nginx sends by default: `catalogue_backend`) or IPv4
 * address, or an IPv6 literal in brackets, with an optional port. Nothing else (no userinfo,
 * path, query, quotes or spaces) can reach a URL the service builds.
 */
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** A port a URL can carry: 1 to 65535 (`x:65536` made the request's URL unparseable, and `x:0` a link to nowhere). */
const PORT = /:(\d+)$/;
const validPort = (host: string): boolean => {
  const port = PORT.exec(host)?.[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
};

const checkHost = (host: string): boolean =>
  host.length <= 255 &&
  HOST.test(host) &&
  validPort(host) &&
  (!host.startsWith('[') || isIP(host.slice(1, host.indexOf(']'))) === 6);

/** Every request of a client names the same Host: the last verdict is remembered (one string, at most 255 characters). */
let lastHost: string | undefined;
let lastHostValid = false;
export function isValidHost(host: string | null | undefined): host is string {
  if (!host) return false;
  if (host !== lastHost) {
    lastHostValid = checkHost(host);
    lastHost = host.length <= 255 ? host : undefined;
  }
  return lastHostValid;
}

/**
 * The one place that decides the site's public origin: PUBLIC_URL when it is
 * set, else `http://<Host>` when the Host header is valid, else null (the
 * caller refuses the request).
 */
export function publicOrigin(publicUrl: string | undefined, host: string | null | undefined): string | null {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return isValidHost(host) ? `http://${host.toLowerCase()}` : null;
}

// ---------------------------------------------------------------- JSON answers

/** A JSON response from a server function (content type unless given). */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', JSON_CONTENT_TYPE);
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** The hash an entity tag is made of (bytes, or text as UTF-8); also of parts of an answer, hashed where kept. */
export const textDigest = (body: Uint8Array | string): string => hash('sha1', body, 'base64url');

/** The weak entity tag of a body: its hash, so it changes whenever the answer does. */
export const weakEtag = (body: Uint8Array | string): string => `W/"${textDigest(body)}"`;

/**
 * An HTTP answer as plain data, as the answer rules (src/http/api-answer.ts)
 * and `npm start`'s dispatch work on it. A web Response is made from it only
 * where a host needs one (the Astro routes): making one costs a stream and a
 * validated header list, several times the work of the catalogue search it
 * carries.
 */
export interface Answer {
  status: number;
  /** Only when the route gave a real one. */
  statusText?: string;
  /** Lower-case names, one value each (the API sets no cookie). */
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | null;
}

/** The bytes of the responses made by bytesResponse: later layers take them without reading a stream. */
const knownBodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>();

/** A response whose bytes later layers can take back directly (responseBytes), without a stream read. */
export function bytesResponse(body: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(body, init);
  knownBodies.set(response, body);
  return response;
}

/** A response's whole body: the bytes it was made from when bytesResponse made it, else read from its stream. */
export async function responseBytes(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  return knownBodies.get(response) ?? new Uint8Array(await response.arrayBuffer());
}

/** A response's status text when the route gave a real one: never `404 OK` (a default some hosts fill in). */
export const realStatusText = (response: Response): string =>
  response.status === 200 || response.statusText !== 'OK' ? response.statusText : '';

/** A web Response as an Answer: its body read whole (the API's handlers never stream). */
export async function responseAnswer(response: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) headers[name] = value;
  const statusText = realStatusText(response);
  return {
    status: response.status,
    ...(statusText ? { statusText } : {}),
    headers,
    body: response.body ? await responseBytes(response) : null,
  };
}

/** An Answer as a web Response, for a host that needs one. */
export function answerResponse({ status, statusText, headers, body }: Answer): Response {
  const init = { status, ...(statusText ? { statusText } : {}), headers };
  return body ? bytesResponse(body, init) : new Response(null, init);
}

/** Header names as Answer keeps them (lower case), whatever case a caller wrote. */
function lowerCaseNames(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) out[name.toLowerCase()] = headers[name]!;
  return out;
}

/**
 * A JSON answer to a GET: content type, cache headers, CORS and the ETag in
 * one place. The ETag is hashed from the bytes while they are at hand, so no
 * later layer reads the body back to hash it.
 */
export const jsonAnswer = (body: unknown, init: JsonAnswerInit = {}): Answer =>
  jsonBytesAnswer(Buffer.from(JSON.stringify(body)), init);

export interface JsonAnswerInit {
  status?: number;
  headers?: Record<string, string>;
  cacheControl?: string;
  /**
   * The entity tag (`W/"…"`, sent as given), when the caller has one that is the same whenever the text is and
   * changes whenever it does; else the text is hashed.
   */
  etag?: string;
}

/** jsonAnswer of JSON already written as UTF-8 bytes (a page spliced from pre-serialised services). */
export function jsonBytesAnswer(bytes: Uint8Array<ArrayBuffer>, init: JsonAnswerInit = {}): Answer {
  const status = init.status ?? 200;
  return {
    status,
    headers: {
      'content-type': JSON_CONTENT_TYPE,
      'cache-control': init.cacheControl ?? CATALOGUE_CACHE_CONTROL,
      ...corsHeaders,
      ...(status === 200 ? { etag: init.etag ?? weakEtag(bytes) } : {}),
      ...lowerCaseNames(init.headers),
    },
    body: bytes,
  };
}

/** jsonAnswer as a web Response (server functions and Astro routes answer with one). */
export const jsonGet = (...args: Parameters<typeof jsonAnswer>): Response => answerResponse(jsonAnswer(...args));

/** A run of percent-escapes: the bytes of a character written as escapes are one run. */
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** Why a query is refused when its escapes are not UTF-8, said by every endpoint that reads one. */
export const QUERY_NOT_UTF8 = 'The query string is not UTF-8 once percent-decoded.';

/**
 * Whether a query's escapes are UTF-8 (`q=%FF` is not): URLSearchParams would read other bytes as U+FFFD, a question
 * nobody asked, answered and cached as if it had been. A `%` that starts no escape stays as written, as
 * URLSearchParams keeps it.
 */
export function queryIsUtf8(search: string): boolean {
  if (!search.includes('%')) return true;
  for (const [run] of search.matchAll(ESCAPE_RUN)) if (!decodesAsUtf8(run)) return false;
  return true;
}

/**
 * Whether escapes decode as UTF-8. The decoded text is used (a run decodes to at least one character): the bundler
 * takes decodeURIComponent for a call without effects and dropped it, and its throw with it, where it was not.
 */
function decodesAsUtf8(run: string): boolean {
  try {
    return decodeURIComponent(run).length > 0;
  } catch {
    return false;
  }
}

/** URLSearchParams as a zod input: a key given twice becomes an array. */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

// ---------------------------------------------------------------- request bodies

/** The body passed the limit; nothing past the limit was read. */
export class BodyTooLarge extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(`request body larger than ${limit} bytes`);
    this.name = 'BodyTooLarge';
    this.limit = limit;
  }
}

/**
 * The one reader of request bodies: at most `limit` bytes, refused from
 * Content-Length before reading anything, else as soon as the stream passes
 * the limit. The rest is never read: the reader stops pulling (the socket
 * applies backpressure) and the 413, sent with `Connection: close`, ends the
 * connection. The stream is not cancelled, since cancelling it can destroy the
 * socket before the 413 is written. Callers charge the rate limit first.
 */
export async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A body that is not valid UTF-8: the client gets a 400, not its text with the bad bytes replaced. */
export class BodyNotUtf8 extends Error {
  constructor() {
    super('request body is not valid UTF-8');
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A body read with readBody, as UTF-8 text. JSON text is UTF-8 (RFC 8259,
 * whatever a `charset` parameter says) and so are this service's forms:
 * bytes that are not UTF-8 throw BodyNotUtf8, rather than being replaced by
 * U+FFFD and saved as if the client had sent that.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const bytes = await readBody(request, limit);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new BodyNotUtf8();
  }
}

/** The path a request target names, decoded as Astro decodes it for route matching; null when it cannot be. */
export function decodedPath(url: string): string | null {
  const q = url.indexOf('?');
  try {
    return decodeURI(q === -1 ? url : url.slice(0, q));
  } catch {
    return null;
  }
}
