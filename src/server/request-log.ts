/**
 * The server's log: JSON lines on stdout from pino, at LOG_LEVEL, one line
 * per request plus whatever any layer logs (start-up, failures, shutdown).
 *
 * A request's line holds a fixed set of fields, built here: request id,
 * method, route template, status, duration and the client address as the
 * rate limiter sees it. Never a header (Cookie, Authorization), never the
 * path or query: a saved list's id is the only key to the list, and the
 * route template says which operation it was without it. Connection strings
 * with a password are masked in every line, error stacks included.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
// The module's own binding: Node's global `performance` is a getter, looked up and called on every request.
import { performance } from 'node:perf_hooks';
import { randomFillSync } from 'node:crypto';
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeaders, type RequestListener } from 'node:http';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { processHost } from '../adapters/process-host.ts';
import { KEPT_REQUEST_ID } from '../http/headers.ts';
import { clientIp } from '../http/protocol.ts';
import type { Metrics } from './metrics.ts';
import type { RequestsInFlight } from './shutdown.ts';
import { lingerBeforeClose } from './linger.ts';

/**
 * The id of the request a log line was written during: pino adds it to every
 * line (the `mixin`), from one of two places.
 *
 * - `listenerRequestId`: the request whose listener is running now, set for
 *   the listener's synchronous run and put back after it (observeRequests):
 *   what it logs before it returns carries the id at the cost of a few
 *   assignments.
 * - `requestScope`: work the listener hands on to run later (an `await`, a
 *   queued render) runs in the request's scope, entered with
 *   `inRequestScope`. Entering one costs a context frame (an object and a
 *   Map) and took 4% of a prerendered answer's processor time (perf), which
 *   is why the answers written at once, most of them, never enter one. The
 *   store is the id string alone: timers or connections first made during a
 *   request keep its scope for as long as they live, and an id holds
 *   nothing alive but the 8 KB string of ids it was cut from.
 */
const requestScope = new AsyncLocalStorage<string>();
let listenerRequestId: string | undefined;

/**
 * The id of the request a line is being written for, if any. The running
 * listener's first: whatever scope its socket's callbacks were made in, the
 * listener is answering its own request.
 */
const currentRequestId = (): string | undefined => listenerRequestId ?? requestScope.getStore();

/**
 * Runs `fn` as part of the request `res` answers, so the lines it logs carry
 * that request's id, and so do those of everything it awaits or schedules.
 * The request listener calls it for whatever it does not finish before
 * returning: after an `await`, or from a shared callback (the server's queue
 * of renders), the work would otherwise run in no request's scope, or in
 * whichever one happened to schedule that callback.
 */
export function inRequestScope<A extends unknown[], R>(res: ServerResponse, fn: (...args: A) => R, ...args: A): R {
  const requestId = (res as Partial<TracedResponse>).requestId;
  return requestId === undefined ? requestScope.exit(fn, ...args) : requestScope.run(requestId, fn, ...args);
}

/** The id a request is logged and answered under: a sane incoming X-Request-Id, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const given = Array.isArray(header) ? header[0] : header;
  return given !== undefined && KEPT_REQUEST_ID.test(given) ? given : newRequestId();
}

/**
 * A new request id: 128 random bits as 32 hex digits. Every request without
 * an id of its own makes one, the prerendered files' included, so the work is
 * shared out: random bytes are drawn for 4,096 ids at once, and written as hex
 * 256 ids at a time into one string that each id is cut from (a cut of a
 * string refers to it rather than copying it). Measured per request before
 * (perf): `randomUUID` cost three times as much as an id cut from a pool of
 * bytes (its string is joined from pieces, which Node then copies into one
 * again to write the header); a hex conversion of each id's bytes then cost
 * about 150 ns, and a draw of random bytes every 256 ids, code run too seldom
 * to be kept fast, about as much again.
 */
const ID_BYTES = 16;
const IDS_PER_HEX = 256;
const IDS_PER_DRAW = 16 * IDS_PER_HEX;
const idPool = Buffer.alloc(ID_BYTES * IDS_PER_DRAW);
let idPoolOffset = idPool.length;
let idHex = '';
let idHexOffset = 0;
function newRequestId(): string {
  if (idHexOffset >= idHex.length) {
    if (idPoolOffset >= idPool.length) {
      randomFillSync(idPool);
      idPoolOffset = 0;
    }
    idHex = idPool.toString('hex', idPoolOffset, idPoolOffset + ID_BYTES * IDS_PER_HEX);
    idPoolOffset += ID_BYTES * IDS_PER_HEX;
    idHexOffset = 0;
  }
  idHexOffset += 2 * ID_BYTES;
  return idHex.slice(idHexOffset - 2 * ID_BYTES, idHexOffset);
}

/** `scheme://user:password@` (any scheme) loses its password. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s/@]*@/gi;

/**
 * Masks secrets in a text: the password of any URL with credentials, and the
 * given values (the configured MONGODB_URI, in case a driver quotes it in a
 * form the pattern does not see).
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const known = secrets.filter((s) => s.length >= 4);
  return (text) => {
    let out = text.replace(URL_PASSWORD, '$1:***@');
    for (const s of known) out = out.split(s).join('***');
    return out;
  };
}

/** The secrets a configured MongoDB URI holds: the whole URI and its password, when it has one. */
export function uriSecrets(uri: string | undefined): string[] {
  if (!uri) return [];
  const password = /^[^:]+:\/\/[^:/@]*:([^@]*)@/.exec(uri)?.[1];
  return [uri, ...(password ? [password, decodeURIComponentSafe(password)] : [])];
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export interface LoggerOptions {
  level: string;
  /** Values never to appear in a line. */
  secrets?: readonly string[];
  /** Where lines go; stdout when absent. */
  destination?: DestinationStream;
}

/**
 * A pino logger writing JSON lines (level as a word, ISO time), the request
 * id of the request in progress added to every line, secrets masked; and made
 * the process's log, so every layer (and the copy of them Astro bundled)
 * writes through it.
 */
export function createLogger({ level, secrets = [], destination }: LoggerOptions): Logger {
  const redact = redactor(secrets);
  const logger = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A new object each time: pino merges each line's own fields into the object the mixin returns, so a
      // shared one would carry one line's fields (an error, its stack) into every later line.
      mixin: () => {
        const requestId = currentRequestId();
        return requestId === undefined ? {} : { requestId };
      },
      serializers: {
        err: (e: unknown) => {
          if (!(e instanceof Error)) return redact(String(e));
          const s = stdSerializers.err(e);
          return JSON.parse(redact(JSON.stringify(s)));
        },
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((a) => (typeof a === 'string' ? redact(a) : a)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
  processHost().log = logger;
  return logger;
}

/** How long the last lines may take to be written at exit before the process ends without them. */
const FLUSH_WAIT_MS = 2000;

/**
 * Resolves once the lines the logger holds are written, or could not be: a
 * reader that has gone (`npm start | head`) fails the write with EPIPE, which
 * pino then takes as the end of its output. pino's stream (sonic-boom) calls
 * back at once when it keeps nothing back (its default, minLength 0), even
 * with a write in flight; the process then exited, and sonic-boom's flush at
 * exit retried a write to the closed pipe for ever, deaf to a second signal.
 * Asked to keep a byte back, it calls back once what it holds is written or
 * has failed. Bounded, in case neither comes.
 */
export function flushLogger(logger: Logger): Promise<void> {
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    { minLength?: number; flush?: (cb: (e?: Error) => void) => void } | undefined;
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FLUSH_WAIT_MS);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (typeof stream?.flush !== 'function') return done();
    if (stream.minLength === 0) stream.minLength = 1;
    stream.flush(done);
  });
}

/**
 * The server's response class (`createServer({ ServerResponse: TracedResponse })`):
 * it adds the request id to the headers given to `writeHead` (an object, a
 * flat list or a list of pairs), or sets it when none are given. Setting it
 * earlier with `setHeader` would send every later
 * `writeHead(status, headers)` down Node's slow path, which validates each
 * header again: it halved the throughput of the prerendered files, whose
 * headers are kept ready to write.
 */
export class TracedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  requestId: string | undefined = undefined;
  /**
   * What the request's log line needs from its start (observeRequests): kept
   * as fields of the response, not in a closure per request. `startedAt` is
   * -1 once settled.
   */
  startedAt = 0;
  socketAddress = '';

  // Two parameters rather than a rest parameter: on the prerendered path an array for the arguments and a call
  // spreading it were a measurable share of what this method cost.
  override writeHead(statusCode: number, reasonOrHeaders?: unknown, headersAfterReason?: unknown): this {
    const writeHead = super.writeHead as (statusCode: number, reasonOrHeaders?: unknown, headers?: unknown) => this;
    // An answer given before its request's body was read (a refusal, 415, 404 or 405; a page that takes no body)
    // ends the connection: to reach the next request on it, Node would read the rest of that body, however large or
    // slow (gigabytes in seconds, or one byte a second until the request timeout, all refused already).
    const req = this.req as IncomingMessage | undefined;
    if (req !== undefined && !req.complete && hasBody(req)) {
      if (!this.hasHeader('connection')) this.setHeader('connection', 'close');
      // Closed while the client may still be sending: lingering, so the answer is not lost to a reset.
      lingerBeforeClose(req.socket);
    }
    const id = this.requestId;
    if (id === undefined) return writeHead.call(this, statusCode, reasonOrHeaders, headersAfterReason);
    // Node's own rule: without a reason (a string), the headers are the third argument when given, else the second.
    if (typeof reasonOrHeaders === 'string')
      return writeHead.call(this, statusCode, reasonOrHeaders, withRequestId(this, headersAfterReason, id));
    return writeHead.call(this, statusCode, withRequestId(this, headersAfterReason ?? reasonOrHeaders, id));
  }
}

/** Whether a request says it has a body (a length other than 0, or a transfer coding). */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** The headers given to `writeHead` with X-Request-Id added, or set on the response when none were given. */
function withRequestId(res: ServerResponse, headers: unknown, id: string): unknown {
  if (Array.isArray(headers))
    return Array.isArray(headers[0]) ? [...headers, ['x-request-id', id]] : withIdPair(headers, id);
  if (headers && typeof headers === 'object') return { ...(headers as OutgoingHttpHeaders), 'x-request-id': id };
  if (!res.hasHeader('x-request-id')) res.setHeader('x-request-id', id);
  return headers;
}

/**
 * A flat header list with the id's name and value added: copied into an
 * array made at its final length. `concat` ran in V8's runtime and cost
 * several times as much per request; a spread grew its array to add the pair.
 */
function withIdPair(headers: unknown[], id: string): unknown[] {
  const n = headers.length;
  const out = new Array<unknown>(n + 2);
  for (let i = 0; i < n; i++) out[i] = headers[i];
  out[n] = 'x-request-id';
  out[n + 1] = id;
  return out;
}

const METHOD_LABELS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH']);

export interface ObserveOptions {
  log: Logger;
  metrics?: Metrics;
  /** The route template of a URL (route-label.ts). */
  routeOf: (url: string) => string;
  /** TRUST_PROXY: the client address is read as the rate limiter reads it. */
  trustProxy: number;
  /** The server's own requests (its start-up warm-up): served, neither logged nor counted. */
  isInternal?: (req: IncomingMessage) => boolean;
  /** Whether the shutdown deadline cut this request off (shutdown.ts): logged as an error, `cutOff: true`. */
  wasCutOff?: (res: ServerResponse) => boolean;
  /** The requests in flight (shutdown.ts): every response is added as its request arrives and released when it closes. */
  inFlight?: RequestsInFlight;
}

/**
 * Wraps the server's request listener: gives each request its id (answered
 * in X-Request-Id), and when its answer is sent (or the client leaves first)
 * writes its log line and counts it in the metrics.
 *
 * The wrapper is on every request's path, the prerendered files' included,
 * so it makes no closure per request: one 'close' listener serves them all
 * (the response is `this`), and the route template is worked out only when a
 * line is written or counted. Lines logged while the listener runs carry the
 * request's id; whatever it leaves to run later must enter the request's
 * scope (`inRequestScope`) for its lines to carry it.
 */
export function observeRequests(
  handle: RequestListener,
  { log, metrics, routeOf, trustProxy, isInternal = () => false, wasCutOff = () => false, inFlight }: ObserveOptions,
) {
  // Every layer names a failing request by its route template, never its path (src/http/faults.ts).
  processHost().routeOf = routeOf;

  // 'close' follows 'finish' on every response, and comes alone when the client leaves first.
  function settle(this: TracedResponse): void {
    inFlight?.release(this);
    settleResponse(this);
  }
  /** The 'close' listener of the server's own requests: they are in flight too, but not logged or counted. */
  function released(this: ServerResponse): void {
    inFlight?.release(this);
  }
  function settleResponse(res: TracedResponse): void {
    const startedAt = res.startedAt;
    if (startedAt < 0) return;
    res.startedAt = -1;
    const aborted = !res.writableFinished;
    const cutOff = aborted && wasCutOff(res);
    const level = cutOff || (res.statusCode >= 500 && !aborted) ? 'error' : 'info';
    const logged = log.isLevelEnabled(level);
    // LOG_LEVEL=warn without metrics (the bench's setting) does no more per request.
    if (!logged && !metrics) return;
    const seconds = (performance.now() - startedAt) / 1000;
    const req = res.req;
    const method = METHOD_LABELS.has(req.method ?? '') ? req.method! : 'OTHER';
    const route = routeOf(req.url ?? '/');
    metrics?.requestEnded(method, route, aborted ? 'aborted' : String(res.statusCode), seconds);
    if (!logged) return;
    const forwarded = req.headers['x-forwarded-for'];
    const fields = {
      requestId: res.requestId,
      method,
      route,
      // An answer cut off before its status line was sent has no status: res.statusCode would be a default 200.
      ...(res.headersSent ? { status: res.statusCode } : {}),
      durationMs: Math.round(seconds * 1e6) / 1e3,
      clientIp: clientIp(
        res.socketAddress,
        Array.isArray(forwarded) ? forwarded.join(', ') : (forwarded ?? null),
        trustProxy,
      ),
      ...(aborted ? { aborted: true } : {}),
      ...(cutOff ? { cutOff: true } : {}),
    };
    log[level](fields, 'request');
  }

  return (req: IncomingMessage, response: ServerResponse): void => {
    inFlight?.add(response);
    if (isInternal(req)) {
      response.on('close', released);
      handle(req, response);
      return;
    }
    // A plain ServerResponse (a server made without TracedResponse) gets the same fields, and the header set early.
    const res = response as TracedResponse;
    res.startedAt = performance.now();
    res.requestId = requestIdFrom(req.headers['x-request-id']);
    if (!(response instanceof TracedResponse)) res.setHeader('x-request-id', res.requestId);
    // Read now: once the client has gone, its socket no longer knows the address (Node keeps it per connection).
    res.socketAddress = req.socket.remoteAddress ?? '';
    metrics?.requestStarted();
    res.on('close', settle);
    // Put back afterwards rather than cleared: a listener run from inside another's (none is today) leaves it as it was.
    const outer = listenerRequestId;
    listenerRequestId = res.requestId;
    try {
      handle(req, res);
    } finally {
      listenerRequestId = outer;
    }
  };
}
