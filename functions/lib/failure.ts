/**
 * What a server function answers when its handler throws: a store that
 * failed (a full disk, a damaged file, a database that does not answer) is an
 * outage (503 with Retry-After: nothing was saved, try again), a client that
 * went away is logged in one line, anything else is a bug (500, logged with
 * its stack). Shared by every function route (runFunction) and by
 * defineMutation, which adds its rate-limit headers.
 */
import { log } from '../../src/adapters/process-host.ts';
import { StoreFailure } from '../../src/adapters/store.ts';
import { isClientFault, logFailure, requestLabel } from '../../src/http/faults.ts';
import { problem } from '../../src/http/problem.ts';
import type { FunctionContext } from './types.ts';

export async function failureResponse(
  error: unknown,
  request: Request,
  ctx: Pick<FunctionContext, 'store'>,
): Promise<Response> {
  const where = requestLabel(request.method, new URL(request.url).pathname);
  if (error instanceof StoreFailure) {
    // The store's own message (e.g. "database or disk is full") says what an operator needs; no stack.
    log().error({}, `${where}: the store failed (${error.operation}): ${error.message}`);
    return problem('unavailable', {
      detail: 'The store cannot take this request right now; nothing was saved. Try again shortly.',
      headers: { 'retry-after': '30' },
    });
  }
  logFailure(where, error);
  if (isClientFault(error)) return problem('bad-request', { detail: 'The request was not received completely.' });
  const storeDown = await ctx.store.ping().then(
    () => false,
    () => true,
  );
  if (storeDown)
    return problem('unavailable', {
      detail: 'The store does not answer; nothing was saved. Try again shortly.',
      headers: { 'retry-after': '10' },
    });
  return problem('internal', { detail: 'An unexpected error occurred; it has been logged.' });
}
