/**
 * The request hygiene every POST shares, in order: rate limit (before reading
 * anything), JSON content type (415), body size cap (413, without reading past
 * it), JSON parsing (400), zod validation (400 with JSON pointers). Every
 * response carries the X-RateLimit-* headers, CORS and `Cache-Control: no-store`.
 * A rate limiter or store that does not answer gives 503 with Retry-After.
 */
import type { z } from 'zod';
import { corsHeaders, JSON_CONTENT_TYPE, NO_STORE } from '../../src/http/headers.ts';
import { problem, zodErrors } from '../../src/http/problem.ts';
import { parseJson } from '../../src/core/json.ts';
import { failureResponse } from './failure.ts';
import type { RateLimitResult } from '../../src/adapters/rate-limit.ts';
import type { FunctionContext, ServerFunction } from './types.ts';

export interface MutationOptions<S extends z.ZodType, C extends FunctionContext> {
  body: S;
  handle(input: z.output<S>, request: Request, ctx: C): Promise<Response> | Response;
}

class BodyTooLarge extends Error {}

/** Reads at most `limit` bytes of the body; throws BodyTooLarge past it. */
async function readCapped(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

export const isJsonMediaType = (contentType: string | null): boolean =>
  !!contentType && /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i.test(contentType.trim());

export function rateLimitHeaders(r: RateLimitResult, now: Date): Record<string, string> {
  const h: Record<string, string> = {
    'x-ratelimit-limit': String(r.limit),
    'x-ratelimit-remaining': String(Math.max(0, r.remaining)),
    'x-ratelimit-reset': String(Math.ceil(r.resetAt.getTime() / 1000)),
  };
  if (!r.allowed) h['retry-after'] = String(Math.max(1, Math.ceil((r.resetAt.getTime() - now.getTime()) / 1000)));
  return h;
}

function finish(response: Response, extra: Record<string, string>): Response {
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries({ ...corsHeaders, ...extra })) headers.set(k, v);
  headers.set('cache-control', NO_STORE);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function defineMutation<S extends z.ZodType, C extends FunctionContext = FunctionContext>(
  options: MutationOptions<S, C>,
): ServerFunction<C> {
  return async (request, ctx) => {
    // A host that routes every method here (a serverless platform) gets 405 before any rate-limit point is spent.
    if (request.method !== 'POST') {
      return finish(
        problem('method-not-allowed', {
          detail: `${request.method} is not supported here; use POST.`,
          headers: { allow: 'POST, OPTIONS' },
        }),
        {},
      );
    }
    let limit: RateLimitResult;
    try {
      limit = await ctx.limiter.consume(ctx.clientIp);
    } catch (e) {
      // The counters' backend (MongoDB) does not answer: refuse rather than run unlimited.
      console.error(`Rate limiter failed on POST ${new URL(request.url).pathname}:`, e);
      return finish(
        problem('unavailable', {
          detail: 'The service cannot take requests right now; try again shortly.',
          headers: { 'retry-after': '10' },
        }),
        {},
      );
    }
    const rl = rateLimitHeaders(limit, ctx.now());
    if (!limit.allowed) {
      const wait = rl['retry-after'];
      return finish(
        problem('rate-limited', {
          detail: `At most ${limit.limit} requests per minute are accepted from one address; try again in ${wait} s.`,
        }),
        rl,
      );
    }
    try {
      if (!isJsonMediaType(request.headers.get('content-type'))) {
        return finish(
          problem('unsupported-media-type', {
            detail: `Send the body as JSON with "Content-Type: application/json" (got ${JSON.stringify(request.headers.get('content-type') ?? 'none')}).`,
          }),
          rl,
        );
      }
      let text: string;
      try {
        text = await readCapped(request, ctx.config.MAX_BODY_BYTES);
      } catch (e) {
        if (e instanceof BodyTooLarge)
          return finish(
            problem('payload-too-large', {
              detail: `Request bodies are limited to ${ctx.config.MAX_BODY_BYTES} bytes.`,
              headers: { connection: 'close' },
            }),
            rl,
          );
        throw e;
      }
      let raw: unknown;
      try {
        raw = parseJson(text);
      } catch (e) {
        return finish(problem('malformed-json', { detail: `The body is not valid JSON: ${(e as Error).message}` }), rl);
      }
      const parsed = options.body.safeParse(raw);
      if (!parsed.success) {
        return finish(
          problem('invalid-body', {
            detail: 'The body does not match the expected shape; see errors.',
            errors: zodErrors(parsed.error, 'body'),
          }),
          rl,
        );
      }
      return finish(await options.handle(parsed.data, request, ctx), rl);
    } catch (e) {
      return finish(await failureResponse(e, request, ctx), rl);
    }
  };
}

/** A JSON response from a server function. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', JSON_CONTENT_TYPE);
  return new Response(JSON.stringify(body), { ...init, headers });
}
