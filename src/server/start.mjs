// `npm start`: serves the built service (dist/) on HOST:PORT. No build here.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, get as httpGet, STATUS_CODES } from 'node:http';
import { fileURLToPath } from 'node:url';
import pkg from '../../package.json' with { type: 'json' };
import { nodeVersionProblem } from '../core/node-version.mjs';

// Checked before the build's modules are imported: an older Node would fail on them with a bare stack trace.
// Named as it was run: through npm, or directly with some `node`.
const command = process.env.npm_lifecycle_event === 'start' ? 'npm start' : 'node src/server/start.mjs';
const tooOld = nodeVersionProblem(pkg.engines.node, process.versions.node, command);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
if (!existsSync(`${dist}server/entry.mjs`)) {
  console.error('No build found in dist/. Run `npm run build` first.');
  process.exit(1);
}
if (!existsSync(`${dist}server/api-dispatch.mjs`) || !existsSync(`${dist}server/host.mjs`)) {
  console.error('The build in dist/ is older than this server (no server/host.mjs). Run `npm run build`.');
  process.exit(1);
}
// The server layer, compiled by the build (src/server/host.ts): no TypeScript to strip at start.
const serverLayer = await import(`${dist}server/host.mjs`);
const HOST_EXPORTS = [
  'loadConfig',
  'createAnswerCache',
  'createStaticHandler',
  'corsHeaders',
  'HTML_CONTENT_TYPE',
  'securityHeaders',
  'preflightHeaders',
  'logFailure',
  'requestLabel',
  'problemTypes',
  'problemTypeUri',
  'PROBLEM_CONTENT_TYPE',
  'isValidHost',
  'decodedPath',
  'clientIp',
  'createLogger',
  'flushLogger',
  'inRequestScope',
  'requestIdFrom',
  'observeRequests',
  'redactor',
  'TracedResponse',
  'uriSecrets',
  'createRouteLabel',
  'createShutdown',
  'probeOf',
  'createSlicedQueue',
  'listenProblem',
  'loadCatalogue',
  'offerSavedSearchIndex',
];
const missing = HOST_EXPORTS.filter((name) => serverLayer[name] === undefined);
if (missing.length) {
  console.error(`The build in dist/ is older than this server (no ${missing.join(', ')}). Run \`npm run build\`.`);
  process.exit(1);
}
const {
  loadConfig,
  createAnswerCache,
  createStaticHandler,
  corsHeaders,
  HTML_CONTENT_TYPE,
  securityHeaders,
  preflightHeaders,
  logFailure,
  requestLabel,
  problemTypes,
  problemTypeUri,
  PROBLEM_CONTENT_TYPE,
  isValidHost,
  decodedPath,
  clientIp,
  createLogger,
  flushLogger,
  inRequestScope,
  requestIdFrom,
  observeRequests,
  redactor,
  TracedResponse,
  uriSecrets,
  createRouteLabel,
  createShutdown,
  probeOf,
  createSlicedQueue,
  listenProblem,
  loadCatalogue,
  offerSavedSearchIndex,
} = serverLayer;

// The search index the build saved, offered before anything loads the catalogue: its first load (the warm-up)
// reads it rather than building the index. Without it the index is built, as before, and the log says why.
const savedSearchIndexPath = `${dist}server/search-index.bin`;
let savedSearchIndexUnread;
try {
  offerSavedSearchIndex(readFileSync(savedSearchIndexPath));
} catch (e) {
  savedSearchIndexUnread =
    e.code === 'ENOENT' ? 'is missing. Run `npm run build`' : `could not be read (${e.code ?? e.message})`;
}

const { config, problems } = loadConfig();
if (!config) {
  console.error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const uriProblem = config.MONGODB_URI && (await import('../adapters/mongo-uri.ts')).mongoUriProblem(config.MONGODB_URI);
if (uriProblem) {
  // The driver's reason may quote the URI: its password and the URI itself are masked (value hidden).
  console.error(
    `Invalid configuration:\n  MONGODB_URI: ${redactor(uriSecrets(config.MONGODB_URI))(uriProblem)} (value hidden)`,
  );
  process.exit(1);
}
// From here on every line is JSON on stdout (request-log.ts); until the configuration is valid, plain text on stderr.
const log = createLogger({ level: config.LOG_LEVEL, secrets: uriSecrets(config.MONGODB_URI) });
// prom-client is loaded only when metrics are asked for: it is one of the larger modules to start.
const metricsModule = config.METRICS_PORT === undefined ? undefined : await import('./metrics.ts');
const metrics = metricsModule?.createMetrics();
// Route labels are the published API's path templates (the built OpenAPI document), so their number is bounded.
const routeOf = createRouteLabel(Object.keys(JSON.parse(readFileSync(`${dist}client/v1/openapi.json`, 'utf8')).paths));
const shutdown = createShutdown({
  log,
  timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS,
  delaySeconds: config.SHUTDOWN_DELAY_SECONDS,
  flushLog: () => flushLogger(log),
  // Exiting runs the log's last synchronous flush: from here a signal ends the process at once, as a second one
  // should, rather than waiting behind that flush.
  exit: (code) => {
    process.removeAllListeners('SIGTERM');
    process.removeAllListeners('SIGINT');
    process.exit(code);
  },
  notReady: (_req, res) =>
    sendProblem(res, 'unavailable', 'The server is shutting down.', { 'retry-after': '10', connection: 'close' }),
});

const { handler } = await import(`${dist}server/entry.mjs`);
// The on-demand API without Astro's pipeline (src/server/api-dispatch.ts). API_THROUGH_ASTRO=1 is for tests
// only: it sends the API through the Astro routes instead, so a test can compare the two hosts.
const { dispatchApi } =
  process.env.API_THROUGH_ASTRO === '1' ? { dispatchApi: undefined } : await import(`${dist}server/api-dispatch.mjs`);
const serveStatic = createStaticHandler(`${dist}client`);
const answers = createAnswerCache();
// What is rendered on demand runs after each poll phase, in slices of a millisecond or 32 renders: a probe, a file
// in memory or a kept answer read meanwhile waits for one slice, not for every render queued
// (src/server/sliced-queue.ts). 32 searches take about a millisecond; the cap bounds the slower renders. Renders run
// back to back cost less each: slices of half a millisecond or 16 cost about 55 µs of processor time a rendered
// search at 32 connections, these about 52 (interleaved runs, by hand).
const renders = createSlicedQueue({ sliceMs: 1, maxJobs: 32 });
/** A queued render, in its own request's log scope; skipped when the client has gone while it waited. */
const renderLater = (req, res, served) => {
  if (req.socket.destroyed) return;
  return inRequestScope(res, answerLater, req, res, served);
};
const notFoundPage = existsSync(`${dist}client/404.html`) ? readFileSync(`${dist}client/404.html`) : undefined;
const notFoundHeaders = { 'content-type': HTML_CONTENT_TYPE, 'cache-control': 'no-store', ...securityHeaders };

/** Methods the service answers; anything else (TRACE, CONNECT-like extensions) gets 405 before Astro sees it. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'DELETE', 'PATCH']);

/** The methods the service takes anywhere, as its CORS preflight states them: `Allow` where no route says more. */
const SERVICE_METHODS = preflightHeaders['access-control-allow-methods'];

/** A problem's status and JSON body, for the answers written here rather than by a route. */
function problemJson(type, detail) {
  const { status, title } = problemTypes[type];
  return { status, body: JSON.stringify({ type: problemTypeUri(type), title, status, detail }) };
}

/** A problem details answer written straight to the socket: the requests Astro must not see. */
function sendProblem(res, type, detail, headers = {}) {
  const { status, body } = problemJson(type, detail);
  res.writeHead(status, {
    'content-type': PROBLEM_CONTENT_TYPE,
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
    ...corsHeaders,
    ...securityHeaders,
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/**
 * The request listener. Checks, preflights, prerendered files already in
 * memory and kept answers are answered synchronously: the path most requests
 * take makes no promise. Everything else goes on to `answerLater`: health
 * probes and files being read from disk at once, the rest in turn through
 * the queue of renders.
 */
const handle = (req, res) => {
  try {
    // A request queued behind another's answer on its connection (pipelined) has no socket yet.
    if (res.socket === null && tooManyPipelined(req, res)) return;
    // Node's own answer to an HTTP/1.1 request without Host is a bare 400 (requireHostHeader: false below).
    if (req.headers.host === undefined && req.httpVersion === '1.1') {
      sendProblem(res, 'bad-request', 'An HTTP/1.1 request needs a Host header.', { connection: 'close' });
      return;
    }
    // The absolute form (`GET http://host/path`), which a server must accept: the path is what is served, and the
    // authority stands for Host (RFC 9112, section 3.2.2).
    if (req.url.charCodeAt(0) !== 47) {
      // `OPTIONS *` asks about the server as a whole (RFC 9110, section 9.3.7).
      if (req.url === '*' && req.method === 'OPTIONS') {
        res.writeHead(204, { allow: SERVICE_METHODS, 'cache-control': 'no-store', ...securityHeaders });
        res.end();
        return;
      }
      if (!takeAbsoluteForm(req)) {
        sendProblem(res, 'bad-request', 'The request target is not a path or an http(s) URL.', { connection: 'close' });
        return;
      }
    }
    // A transfer coding besides chunked (`gzip, chunked`): Node takes the chunking off and hands on the rest as if it
    // were plain, which no reader here decodes (RFC 9112, section 6.1: 501).
    const transferCoding = req.headers['transfer-encoding'];
    if (transferCoding !== undefined && transferCoding.trim().toLowerCase() !== 'chunked') {
      sendProblem(
        res,
        'transfer-coding-not-implemented',
        'The only transfer coding the server reads is chunked; send the body plain or chunked alone.',
        { connection: 'close' },
      );
      return;
    }
    if (!METHODS.has(req.method)) {
      sendProblem(res, 'method-not-allowed', `${req.method} is not supported.`, {
        allow: SERVICE_METHODS,
        connection: 'close',
      });
      return;
    }
    // Astro builds the request URL from Host: only a plain host[:port] may reach it (and PUBLIC_URL-less links).
    if (req.headers.host !== undefined && !isValidHost(req.headers.host)) {
      sendProblem(res, 'bad-request', 'The Host header is not a valid host name and port.', { connection: 'close' });
      return;
    }
    // Every /v1/ path answers a CORS preflight, prerendered files included (Astro never routes OPTIONS to them).
    if (req.method === 'OPTIONS' && req.url?.startsWith('/v1/')) {
      res.writeHead(204, { ...preflightHeaders, 'cache-control': 'no-store', ...securityHeaders });
      res.end();
      return;
    }
    // A cached file is answered at once (true); a file not yet in memory is a promise.
    const served = serveStatic(req, res);
    if (served === true) return;
    if (served === false && answers.serve(req, res)) return;
    // A file being read from disk waits for the disk, not the processor: it is not queued.
    // Health probes are answered as they are read, ahead of queued renders: a busy instance is not a dead one.
    // Both go on after an `await`, so in the request's log scope (what is answered above needs none).
    if (served !== false || probeOf(req.url)) return inRequestScope(res, answerLater, req, res, served);
    renders.defer(() => renderLater(req, res, served));
  } catch (e) {
    failed(req, res, e);
  }
};

/** Requests a connection may have waiting behind the one being answered. */
const MAX_PIPELINED = 32;
const PIPELINED = Symbol('requests waiting on this connection');
/**
 * Counts a pipelined request against its connection, and cuts off a connection with more than MAX_PIPELINED waiting:
 * Node parses every request of a chunk it reads before it stops reading, and each is answered in full while the
 * client reads none, so 3,000 GETs of 70 bytes in one write had held 3,000 answers of up to a megabyte in memory.
 * Browsers do not pipeline; a client that does, within the limit, gets every answer in order.
 */
function tooManyPipelined(req, res) {
  const socket = req.socket;
  const waiting = (socket[PIPELINED] ?? 0) + 1;
  if (waiting > MAX_PIPELINED) {
    socket.destroy();
    return true;
  }
  // Each request in progress may hold a 'close' listener on its socket (the web Request of a server function is
  // aborted when the client goes): up to MAX_PIPELINED + 1 at once here, a bounded number that Node's default
  // threshold of 10 would report as a possible listener leak.
  if (socket[PIPELINED] === undefined) socket.setMaxListeners(socket.getMaxListeners() + MAX_PIPELINED);
  socket[PIPELINED] = waiting;
  res.once('socket', () => socket[PIPELINED]--);
  return false;
}

/** Rewrites an absolute-form target to its path and its authority into Host; false when it is no http(s) URL. */
function takeAbsoluteForm(req) {
  // Only `http://` or `https://` and an authority without user information: the URL parser alone would also read
  // `http:/path` as host "path".
  if (!/^https?:\/\/[^/?#@]+([/?]|$)/i.test(req.url)) return false;
  const target = URL.parse(req.url);
  if (!target?.host) return false;
  req.url = `${target.pathname}${target.search}`;
  req.headers.host = target.host;
  return true;
}

/** The rest: a prerendered file being read from disk (`loading`), the on-demand API, then Astro. */
const answerLater = async (req, res, loading) => {
  try {
    if (loading !== false && (await loading)) return;
    // A prerendered API document asked with another method (POST /v1/providers): 405 and the methods it takes.
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.url?.startsWith('/v1/') && serveStatic.names(req.url)) {
      sendProblem(
        res,
        'method-not-allowed',
        `This endpoint does not take ${req.method}; it takes GET, HEAD, OPTIONS.`,
        {
          allow: 'GET, HEAD, OPTIONS',
        },
      );
      return;
    }
    if (dispatchApi && (await dispatchApi(req, res, answers.offerFor(req)))) return;
    // Astro would redirect `/v1/categories/` (and `/v1/` itself) to the path without its slash (trailingSlash:
    // 'never'), and `/v1/services/.` to its normal form, without CORS headers; it answers `/v1` without them too.
    // A path the API description does not list answers 404, as it says.
    if (API_PATH_ASTRO_WOULD_REDIRECT.test(req.url)) {
      sendProblem(res, 'not-found', 'No endpoint answers on this path. See /v1/openapi.json for the API.');
      return;
    }
    // A client that reset the connection before the server asked for its address has none (the kernel no longer
    // knows it), which pages read (Astro.clientAddress) and Astro then fails on with a stack trace: nothing is built
    // for a client that is not there. Astro makes its request from the socket in the same turn as this check.
    if (req.socket.remoteAddress === undefined) return void req.socket.destroy();
    // A path that is not UTF-8 once decoded (`/lists/%ff`) names no page or endpoint. Astro answers it 404 too, but
    // logs each one as an error of its own: a client's spelling is not the server's fault.
    if (decodedPath(req.url) === null) return void notFound(req, res);
    // Astro's endpoint for server islands, which no page of the site has: it answered in bare text.
    if (req.url.startsWith('/_server-islands/')) return void notFound(req, res);
    await handler(req, res, () => notFound(req, res), { offerAnswer: answers.offerFor(req) });
  } catch (e) {
    failed(req, res, e);
  }
};

/** `/v1` itself, a /v1/ path ending in a slash, or one with a `.` or `..` segment (written or escaped as %2E). */
const API_PATH_ASTRO_WOULD_REDIRECT = /^\/v1(?:\?|$)|^\/v1\/(?:[^?]*\/)?(?:(?:\.|%2e){1,2})?(?:[/?]|$)/i;

/** Nothing matched: the site's own 404 page for people, problem details under /v1/. */
function notFound(req, res) {
  if (notFoundPage && !req.url?.startsWith('/v1/')) {
    res.writeHead(404, { ...notFoundHeaders, 'content-length': notFoundPage.length });
    res.end(req.method === 'HEAD' ? undefined : notFoundPage);
    return;
  }
  sendProblem(res, 'not-found', 'No resource has this path.');
}

function failed(req, res, e) {
  logFailure(requestLabel(req.method, req.url ?? '/'), e);
  if (res.headersSent) res.destroy();
  else sendProblem(res, 'internal', 'An unexpected error occurred; it has been logged.');
}

/** Marks the server's own warm-up request, which is neither logged nor counted as a client's. */
const WARM_UP = { header: 'x-csc-warm-up', token: randomUUID() };
/** Until the warm-up has ended (answered, failed or timed out): after it, no request's headers are searched for its mark. */
let warmingUp = true;
/** The request listener with what every request gets: its id, log line and metrics, and its place among those in flight. */
const observed = (listener) =>
  observeRequests(shutdown.guard(listener), {
    log,
    metrics,
    routeOf,
    trustProxy: config.TRUST_PROXY,
    isInternal: (req) => warmingUp && req.headers[WARM_UP.header] === WARM_UP.token,
    wasCutOff: (res) => shutdown.wasCutOff(res),
    inFlight: shutdown.requests,
  });
const server = createServer(
  {
    ServerResponse: TracedResponse,
    requireHostHeader: false,
    // A header given twice is joined with a comma, as HTTP reads it, instead of Node keeping the first of some:
    // two Host headers then make a Host no host name matches, refused with 400 as HTTP/1.1 requires.
    joinDuplicateHeaders: true,
    // A request without Content-Length or Transfer-Encoding has no body (RFC 9112, section 6.3): Node (24.12 and
    // later; older ones ignore the option) then skips the body stream's events, 4–6 µs of processor time a request.
    // Such a POST reads as empty, and every POST is answered as one (tests/hardening.test.ts). Such a request never
    // emits 'end' or 'close' and its `signal` is aborted from the start: nothing here may wait for those; the
    // response and the socket say when a client has gone.
    optimizeEmptyRequests: true,
    // Node checks the request and headers timeouts below on this interval (30 s by default): a request whose headers
    // trickled in was cut off after 39 s instead of 10, a trickled body after 48 instead of 30.
    connectionsCheckingInterval: 1000,
  },
  observed(handle),
);
// A client that asks before sending its body to the API (`Expect: 100-continue`) is told at once when the body it
// announces is past the API's limit, rather than invited to send it only to be refused (RFC 9110, section 10.1.1):
// the request is answered uninvited, as one without the expectation is, which the API refuses from its Content-Length
// before reading anything (the same 413, counted by the rate limit and with its headers, as every answer to a POST).
// Node would answer 100 Continue to every such request; this listener replaces that. Other paths (the feedback form,
// with its own limit) are invited and refuse as they read.
server.on(
  'checkContinue',
  observed((req, res) => {
    if (!(req.url.startsWith('/v1/') && Number(req.headers['content-length']) > config.MAX_BODY_BYTES))
      res.writeContinue();
    handle(req, res);
  }),
);
// Any other expectation (`Expect: foo`) is one the server cannot meet (RFC 9110, section 10.1.1): a problem like every
// other refusal, where Node would answer a bare 417.
server.on(
  'checkExpectation',
  observed((req, res) =>
    sendProblem(res, 'expectation-failed', 'The only expectation this server meets is 100-continue.', {
      connection: 'close',
    }),
  ),
);
// What Node refuses before there is a request (a header block too large, headers too slow, a malformed request)
// is answered as problem details too, instead of Node's bare status line; nothing of the request is repeated.
const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: ['headers-too-large', 'The request headers are larger than the server accepts.'],
  ERR_HTTP_REQUEST_TIMEOUT: ['request-timeout', 'The request did not arrive in time.'],
  ERR_HTTP_HEADERS_TIMEOUT: ['request-timeout', 'The request headers did not arrive in time.'],
};
// CORS as on every other answer: a page whose request had headers too large can read why.
const HEADER_LINES = Object.entries({ ...corsHeaders, ...securityHeaders })
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');
/**
 * A problem written straight to a socket, then the connection closed: a request Node refused before any listener
 * had it, or one whose body stopped coming (the request timeout), whose own line and count come from the listener.
 */
function refuseOnSocket(socket, type, detail, extraLines = '') {
  const { status, body } = problemJson(type, detail);
  // No request reached a listener, so none of its headers (X-Request-Id included) is taken: the id is the server's
  // own, in the answer and in the log line, as for any request.
  const requestId = requestIdFrom(undefined);
  const unread = !socket._httpMessage;
  log.info(
    { requestId, status, problem: type, clientIp: clientIp(socket.remoteAddress ?? '', null, 0) },
    unread ? 'request refused before it was read' : 'request cut off while its body was being read',
  );
  // Counted here only when no listener had the request: one that had it is counted when its response closes.
  if (unread) metrics?.requestRefused(String(status));
  // Then closed both ways, as Node's own answer is: the server allows half-open sockets, so ending only its side
  // would keep a client that never closes (one that timed out, say) holding the connection and its request.
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: ${PROBLEM_CONTENT_TYPE}\r\ncache-control: no-store\r\n` +
      `${HEADER_LINES}${extraLines}x-request-id: ${requestId}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
server.on('clientError', (e, socket) => {
  // A connection already gone, or an answer already begun on it, gets nothing more.
  if (e.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) return void socket.destroy();
  const [type, detail] = CLIENT_ERRORS[e.code] ?? ['bad-request', 'The request is not valid HTTP.'];
  refuseOnSocket(socket, type, detail);
});
// Node gives a CONNECT to this event, never to the request listener, and closes it unanswered when nothing listens.
server.on('connect', (req, socket) =>
  refuseOnSocket(socket, 'method-not-allowed', 'CONNECT is not supported.', `allow: ${SERVICE_METHODS}\r\n`),
);
shutdown.drain(server);
server.keepAliveTimeout = 5000;
server.requestTimeout = 30_000;
server.headersTimeout = 10_000;
// A client may half-close its side once its request is sent and still read the answer (HTTP/1.0 tools and some
// probes do). Node's default takes that end for the client leaving and drops whatever is still being answered: a
// file read from disk, a queued search, a save (which then happened, unacknowledged). With this, the answer is sent
// and the connection closed after it; a half-closed connection with nothing in progress is closed at once.
server.httpAllowHalfOpen = true;

/**
 * One request to /v1/health before announcing the server: it opens the store,
 * records the start-up status sample and starts the status sampler and the
 * purge schedule (src/server/context.ts), so they run from start-up rather
 * than from the first request, and the announced server is ready. Resolves
 * to 'ready', 'not-ready' (health answered, not 200) or 'unreached'.
 *
 * Sent with node:http, not fetch: fetch refuses the ports the Fetch standard
 * calls bad (4190, 6000, 10080 and others), on which the server listens fine.
 */
function warmUp(port) {
  const host = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST === '::' ? '::1' : config.HOST;
  return new Promise((resolve) => {
    let connected = false;
    const notReady = (why) => {
      log.error({}, `Not ready: GET /v1/health on ${shownUrl(config.HOST, port)} failed: ${why}`);
      // Refused or unreachable before connecting: the address, not the server, is the problem.
      resolve(connected ? 'not-ready' : 'unreached');
    };
    const asked = httpGet(
      {
        host,
        port,
        path: '/v1/health',
        headers: { [WARM_UP.header]: WARM_UP.token },
        timeout: 30_000,
        agent: false,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode === 200) return resolve('ready');
          const answer = Buffer.concat(chunks).toString();
          log.error({ status: res.statusCode, answer }, `Not ready: GET /v1/health answered ${res.statusCode}`);
          resolve('not-ready');
        });
        // Cut off mid-answer: no 'end', and the request no longer reports an error.
        res.on('close', () => !res.complete && notReady('the answer was cut off'));
      },
    );
    asked.on('socket', (socket) => socket.once('connect', () => (connected = true)));
    asked.on('timeout', () => asked.destroy(new Error('no answer within 30 s')));
    asked.on('error', (e) => notReady(e.code ?? e.message));
  });
}

/** Says where the search index came from; searches answer the same either way, only the start takes longer. */
function reportSearchIndex({ searchIndexFrom, savedSearchIndexProblem }) {
  if (searchIndexFrom === 'saved') log.info({}, `Search index read from ${savedSearchIndexPath}`);
  else
    log.warn(
      {},
      `Built the search index at start: the build's (${savedSearchIndexPath}) ` +
        (savedSearchIndexProblem ? `was not used: ${savedSearchIndexProblem}.` : `${savedSearchIndexUnread}.`),
    );
}

/** An address to show: a wildcard interface is reached on localhost. */
const shownUrl = (host, port) => {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
};

if (metrics) {
  try {
    const metricsServer = await metricsModule.startMetricsServer(metrics, config.METRICS_PORT, config.METRICS_HOST);
    shutdown.closeAfter(metricsServer);
    const url = `${shownUrl(config.METRICS_HOST, metricsServer.address().port)}/metrics`;
    log.info({ url }, `Metrics on ${url}`);
  } catch (e) {
    log.fatal({}, listenProblem(e, config.METRICS_HOST, config.METRICS_PORT, 'METRICS_PORT'));
    process.exit(1);
  }
}

// A busy or forbidden port is a set-up mistake: one sentence, not Node's "Unhandled 'error' event" and a stack.
server.once('error', (e) => {
  log.fatal({ code: e.code }, listenProblem(e, config.HOST, config.PORT));
  process.exit(1);
});
server.listen(config.PORT, config.HOST, async () => {
  const { port } = server.address();
  const warm = await warmUp(port);
  warmingUp = false;
  if (warm === 'unreached')
    // Clients may still reach it: the store opens, and the sampler and purge schedule start, with the first request.
    log.warn({}, 'Started without the warm-up request: the first request opens the store.');
  if (warm === 'not-ready' && !config.MONGODB_URI) {
    // MongoDB may come back (requests retry it); an embedded store that cannot open under DATA_DIR is a local setup error.
    // The reason, in words (storeOpenAdvice in context.ts), is in the log just above.
    log.fatal({}, `The embedded store could not be opened under DATA_DIR (${config.DATA_DIR}); see the message above.`);
    process.exit(1);
  }
  // Loaded by the warm-up when it succeeded (said before the server is announced), else by this or the first request.
  const reported = loadCatalogue().then(reportSearchIndex, () => {});
  if (warm === 'ready') await reported;
  const url = shownUrl(config.HOST, port);
  // Also a sentence: operators and scripts look for "listening on <url>".
  log.info({ url }, `Cloud Service Catalogue listening on ${url}`);
  if (!config.PUBLIC_URL)
    log.info({}, 'PUBLIC_URL is not set: shareable list links use the origin each request came to.');
});

process.on('SIGTERM', () => shutdown.stop('SIGTERM'));
process.on('SIGINT', () => shutdown.stop('SIGINT'));
