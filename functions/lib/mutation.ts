/**
 * The request hygiene every POST shares, in order: rate limit (before reading
 * anything), query parameters the endpoint does not take (400), JSON content
 * type (415), body size cap (413, without reading past it), JSON parsing (400),
 * zod validation (400 with JSON pointers). Every
 * response carries the X-RateLimit-* headers, CORS and `Cache-Control: no-store`.
 * A rate limiter or store that does not answer gives 503 with Retry-After.
 */
import { z } from 'zod';
import { log } from '../../src/adapters/process-host.ts';
import { corsHeaders, NO_STORE } from '../../src/http/headers.ts';
import {
  BodyNotUtf8,
  BodyTooLarge,
  isJsonMediaType,
  QUERY_NOT_UTF8,
  queryIsUtf8,
  rateLimitKey,
  readBodyText,
  searchParamsObject,
} from '../../src/http/protocol.ts';
import { bodyLimitDetail, parseQuery, problem, zodErrors } from '../../src/http/problem.ts';
import { describeJsonError, parseJson } from '../../src/core/json.ts';
import { failureResponse } from './failure.ts';
import type { RateLimitResult } from '../../src/adapters/rate-limit.ts';
import type { FunctionContext, ServerFunction } from './types.ts';

export interface MutationOptions<S extends z.ZodType, C extends FunctionContext> {
  body: S;
  /**
   * The handler reads and validates the query itself (the policy endpoints' format and options). Left out, the
   * endpoint takes no query parameters and refuses any with 400, as a GET refuses one it does not know, so that a
   * parameter meant for another endpoint (`?format=json` on the markdown export) is never silently ignored.
   */
  readsQuery?: true;
  handle(input: z.output<S>, request: Request, ctx: C): Promise<Response> | Response;
}

const NO_PARAMETERS = z.strictObject({});

/** The 400 for a query sent to an endpoint that takes none, or undefined when there is none. */
function queryRefused(url: URL): Response | undefined {
  if (!url.search) return undefined;
  if (!queryIsUtf8(url.search)) return problem('invalid-parameters', { detail: QUERY_NOT_UTF8 });
  const parsed = parseQuery(NO_PARAMETERS, searchParamsObject(url.searchParams));
  if (parsed.success) return undefined;
  return problem('invalid-parameters', {
    detail: 'This endpoint takes no query parameters; everything it reads is in the body.',
    errors: zodErrors(parsed.error, 'query'),
  });
}

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

/**
 * Spends one point of the client's budget: the first step of every POST, before
 * any of the body is read. `ok: false` carries the answer to give instead (429,
 * or 503 when the limiter's backend does not answer); `headers` are the
 * X-RateLimit-* headers every POST answer carries.
 */
export async function chargeRateLimit(
  ctx: Pick<FunctionContext, 'limiter' | 'clientIp' | 'now'>,
  what: string,
): Promise<
  { ok: true; headers: Record<string, string> } | { ok: false; response: Response; headers: Record<string, string> }
> {
  let limit: RateLimitResult;
  try {
    limit = await ctx.limiter.consume(rateLimitKey(ctx.clientIp));
  } catch (e) {
    // The counters' backend (MongoDB) does not answer: refuse rather than run unlimited.
    log().error({}, `Rate limiter failed on POST ${what}: ${(e as Error).message ?? e}`);
    return {
      ok: false,
      headers: {},
      response: problem('unavailable', {
        detail: 'The service cannot take requests right now; try again shortly.',
        headers: { 'retry-after': '10' },
      }),
    };
  }
  const headers = rateLimitHeaders(limit, ctx.now());
  if (limit.allowed) return { ok: true, headers };
  return {
    ok: false,
    headers,
    response: problem('rate-limited', {
      detail: `At most ${limit.limit} requests per minute are accepted from one address; try again in ${headers['retry-after']} s.`,
    }),
  };
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
    const charged = await chargeRateLimit(ctx, new URL(request.url).pathname);
    if (!charged.ok) return finish(charged.response, charged.headers);
    const rl = charged.headers;
    try {
      const refused = options.readsQuery ? undefined : queryRefused(new URL(request.url));
      if (refused) return finish(refused, rl);
      if (!isJsonMediaType(request.headers.get('content-type'))) {
        return finish(
          problem('unsupported-media-type', {
            detail:
              'Send the body as JSON with "Content-Type: application/json" ' +
              (request.headers.has('content-type')
                ? '(this request gave another media type).'
                : '(this request gave none).'),
          }),
          rl,
        );
      }
      const unreadable = unreadableBody(request.headers);
      if (unreadable) return finish(unreadable, rl);
      let text: string;
      try {
        text = await readBodyText(request, ctx.config.MAX_BODY_BYTES);
      } catch (e) {
        if (e instanceof BodyTooLarge)
          return finish(
            problem('payload-too-large', {
              detail: bodyLimitDetail(ctx.config.MAX_BODY_BYTES),
              headers: { connection: 'close' },
            }),
            rl,
          );
        if (e instanceof BodyNotUtf8)
          return finish(problem('malformed-json', { detail: 'The body is not valid UTF-8, which JSON text is.' }), rl);
        throw e;
      }
      let raw: unknown;
      try {
        raw = parseJson(text);
      } catch (e) {
        return finish(
          problem('malformed-json', { detail: `The body is not valid JSON: ${describeJsonError(e)}.` }),
          rl,
        );
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

/** The charset a Content-Type names, lower-cased, or undefined when it names none. */
const charsetOf = (contentType: string | null): string | undefined =>
  /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase();

/**
 * A JSON body the server cannot read as sent (415): one in a content coding (gzip, br), which it does not decode
 * and had read as if plain, or in a charset other than UTF-8, which JSON text is (RFC 8259) and which it had read
 * as UTF-8 whatever the header said.
 */
function unreadableBody(headers: Headers): Response | undefined {
  const coding = headers.get('content-encoding')?.trim().toLowerCase();
  if (coding && coding !== 'identity')
    return problem('unsupported-media-type', {
      detail: 'Send the body without a content coding (this request named one); the API reads it as it is sent.',
      headers: { 'accept-encoding': 'identity' },
    });
  const charset = charsetOf(headers.get('content-type'));
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    return problem('unsupported-media-type', {
      detail: 'Send the body as UTF-8, which JSON text is (this request named another charset).',
    });
  return undefined;
}
