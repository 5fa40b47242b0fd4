/**
 * What a server function answers when its handler throws: a store that
 * stopped answering is an outage (503 with Retry-After: nothing was saved, try
 * again), anything else a bug (500, logged). Shared by every function route
 * (runFunction) and by defineMutation, which adds its rate-limit headers.
 */
import { problem } from '../../src/http/problem.ts';
import type { FunctionContext } from './types.ts';

export async function failureResponse(
  error: unknown,
  request: Request,
  ctx: Pick<FunctionContext, 'store'>,
): Promise<Response> {
  console.error(`${request.method} ${new URL(request.url).pathname} failed:`, error);
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
