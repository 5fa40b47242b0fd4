/**
 * Graceful shutdown. On SIGTERM or SIGINT the server:
 *
 * 1. answers readiness (`/v1/health`) 503 from then on (liveness stays 200:
 *    the process is busy, not wedged), and for SHUTDOWN_DELAY_SECONDS keeps
 *    accepting connections and serving everything else: a load balancer or
 *    Kubernetes, which learn of the stop by probing over new connections or
 *    remove the endpoint a moment later, stop sending before the port closes;
 * 2. then stops accepting connections and closes the idle keep-alive ones;
 * 3. lets the requests in flight finish, each answer closing its connection,
 *    for up to SHUTDOWN_TIMEOUT_SECONDS, then cuts off whatever is left;
 * 4. closes the metrics server and the store (the SQLite file, the MongoDB
 *    connection pool), and exits: 0 when every request finished, 1 when the
 *    deadline cut some off.
 *
 * An answer is only sent after its write is durable (the stores' contract),
 * so every request a client saw acknowledged is kept. A second signal exits
 * at once.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { processHost, type Log } from '../adapters/process-host.ts';
import { InFlight } from './in-flight.ts';

/** Where the request listener records the requests in flight, for the shutdown to wait for. */
export interface RequestsInFlight {
  add(res: ServerResponse): void;
  release(res: ServerResponse): void;
}

export interface ShutdownOptions {
  log: Log;
  timeoutSeconds: number;
  /** How long to keep accepting connections (readiness 503) before draining. */
  delaySeconds?: number;
  /** Answers a readiness probe while stopping (a 503 problem). */
  notReady: (req: IncomingMessage, res: ServerResponse) => void;
  /**
   * Resolves once the log's buffered lines are written: an asynchronous log
   * (pino) flushed synchronously by process.exit could write its last lines
   * out of order while an earlier write is still in progress.
   */
  flushLog?: () => Promise<void>;
  /** Ends the process; `process.exit` unless a test says otherwise. */
  exit?: (code: number) => void;
}

/** Which health probe a request target names, whatever its query: readiness, liveness, or none. */
export function probeOf(url: string | undefined): 'readiness' | 'liveness' | undefined {
  const path = (url ?? '').split('?', 1)[0];
  return path === '/v1/health' ? 'readiness' : path === '/v1/health/live' ? 'liveness' : undefined;
}

const isReadinessProbe = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') && probeOf(req.url) === 'readiness';

export function createShutdown({
  log,
  timeoutSeconds,
  delaySeconds = 0,
  notReady,
  flushLog = async () => {},
  exit = (code) => process.exit(code),
}: ShutdownOptions) {
  const inFlight = new InFlight();
  let stopping = false;
  let drained: (() => void) | undefined;
  let server: Server | undefined;
  const others: Server[] = [];
  /** Requests the deadline cut off: their log line says so (request-log.ts reads this). */
  const cut = new WeakSet<ServerResponse>();

  /**
   * The requests in flight, kept by the request listener (observeRequests in
   * request-log.ts): each response is added as its request arrives and
   * released when it closes. That listener's one 'close' listener does both
   * jobs: a second listener on every response cost about 1% of a prerendered
   * answer's processor time.
   */
  const requests: RequestsInFlight = {
    add: (res) => inFlight.add(res),
    release(res) {
      inFlight.delete(res);
      if (stopping && inFlight.size === 0) drained?.();
    },
  };

  const closeServer = (s: Server) => new Promise<void>((resolve) => s.close(() => resolve()));

  async function stop(signal: string): Promise<void> {
    if (stopping) {
      log.warn({ signal }, 'Second signal: exiting without waiting for requests in flight');
      exit(1);
      return;
    }
    stopping = true;
    if (delaySeconds > 0) {
      log.info(
        { signal, delaySeconds },
        `Stopping: readiness answers 503; still accepting connections for ${delaySeconds} s before draining`,
      );
      await new Promise((resolve) => setTimeout(resolve, delaySeconds * 1000));
    }
    log.info(
      { signal, inFlight: inFlight.size, timeoutSeconds },
      'Stopping: no new connections; finishing the requests in flight',
    );
    const closed = server ? closeServer(server) : Promise.resolve();
    // Answers not yet begun close their connection; keep-alive connections that go idle are closed as they do.
    for (const res of inFlight.list()) if (!res.headersSent) res.setHeader('connection', 'close');
    const sweep = setInterval(() => server?.closeIdleConnections(), 100);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finished = await Promise.race([
      new Promise<boolean>((resolve) => {
        drained = () => resolve(true);
        if (inFlight.size === 0) resolve(true);
      }),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutSeconds * 1000))),
    ]);
    clearTimeout(timer);
    clearInterval(sweep);
    const cutOff = finished ? 0 : inFlight.size;
    if (cutOff) {
      log.error({ cutOff, timeoutSeconds }, 'Shutdown deadline passed: cutting off the requests in flight');
      for (const res of inFlight.list()) cut.add(res);
    }
    // What is left holds no request (an idle socket, a client still sending headers) or is past the deadline.
    // The cut-off requests' 'close' events (and so their log lines, request-log.ts) come a few turns of the event
    // loop after their sockets are destroyed: waited for, briefly, so the log says which requests were cut off.
    const cutClosed = Promise.all(inFlight.list().map((res) => new Promise((resolve) => res.once('close', resolve))));
    server?.closeAllConnections();
    await closed;
    await Promise.race([cutClosed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    await Promise.allSettled(others.map(closeServer));
    try {
      await processHost().storage?.close();
    } catch (e) {
      log.error({ err: e }, 'Closing the store failed');
    }
    log.info({ cutOff }, 'Stopped');
    await flushLog().catch(() => {});
    exit(cutOff ? 1 : 0);
  }

  return {
    get stopping() {
      return stopping;
    },
    /** Whether the shutdown deadline cut this request off. */
    wasCutOff(res: ServerResponse): boolean {
      return cut.has(res);
    },
    requests,
    /** Wraps the request listener: while stopping, closes each connection after its answer and refuses readiness. */
    guard(handle: RequestListener): RequestListener {
      return (req, res) => {
        if (stopping) {
          res.setHeader('connection', 'close');
          if (isReadinessProbe(req)) return notReady(req, res);
        }
        return handle(req, res);
      };
    },
    /** The server to drain. */
    drain(main: Server): void {
      server = main;
    },
    /** Another server (the metrics server) to close once the main one has drained. */
    closeAfter(other: Server): void {
      others.push(other);
    },
    /** Starts the shutdown (the signal handlers call this). */
    stop,
  };
}
