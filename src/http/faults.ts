/**
 * How a failed request is logged. A client that hangs up mid-body, or sends
 * what the HTTP layer cannot represent, is the client's fault: one line, no
 * stack, so a client cannot flood the log with stacks. Anything else is a bug
 * or an outage: logged with its stack. Both go to the process's log (the
 * server's JSON lines, or the console without a server).
 */
import { log, processHost, type Log } from '../adapters/process-host.ts';

const CLIENT_ERROR_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/** True when the error means the client went away or sent something unusable, not a fault of the service. */
export function isClientFault(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CLIENT_ERROR_CODES.has(code)) return true;
  if (error.name === 'AbortError' || error.message === 'aborted') return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isClientFault(cause);
}

/** One log line for a client fault, the error with its stack otherwise. */
export function logFailure(where: string, error: unknown, to: Log = log()): void {
  if (isClientFault(error)) to.warn({}, `${where}: client went away (${(error as Error).message})`);
  else to.error({ err: error }, `${where} failed`);
}

/**
 * How a failing request is named in the log: its method and route template
 * (`GET /v1/lists/{id}`), never its path or query, since a saved list's id is
 * the only key to it. Without a server to name routes (unit tests, a
 * serverless host, which logs the request itself), the method alone.
 */
export function requestLabel(method: string, url: string): string {
  const routeOf = processHost().routeOf;
  return routeOf ? `${method} ${routeOf(url)}` : `${method} request`;
}
