/**
 * RFC 9457 problem details. Every error the API answers is built here, so the
 * layout and media type are the same everywhere. `type` is a relative URI
 * reference to the problem's documentation page on the site.
 */
import type { z } from 'zod';
import { toJsonPointer } from '../core/json-pointer.ts';
import { MAX_REPORTED_ERRORS, shownName, shownPath } from '../core/shown-name.ts';
import type { Problem } from '../core/schemas.ts';

export const problemTypes = {
  'bad-request': { status: 400, title: 'Bad request' },
  'invalid-parameters': { status: 400, title: 'Invalid query parameters' },
  'invalid-body': { status: 400, title: 'Invalid request body' },
  'malformed-json': { status: 400, title: 'Malformed JSON' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'request-timeout': { status: 408, title: 'Request timeout' },
  'payload-too-large': { status: 413, title: 'Request body too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'expectation-failed': { status: 417, title: 'Expectation failed' },
  'unknown-services': { status: 422, title: 'Unknown service ids' },
  'policy-too-large': { status: 422, title: 'Policy exceeds the provider size limit' },
  'empty-cloud': { status: 422, title: 'No approved service of this cloud' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'headers-too-large': { status: 431, title: 'Request header fields too large' },
  internal: { status: 500, title: 'Internal server error' },
  unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;
export type ProblemType = keyof typeof problemTypes;

export const problemTypeUri = (type: ProblemType) => `/problems/${type}`;

export type ProblemInit = Partial<Omit<Problem, 'type' | 'title'>> & { title?: string; headers?: HeadersInit };

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** The detail of the API's 413, whether the body was refused as announced or as it came. */
export const bodyLimitDetail = (maxBytes: number) => `Request bodies are limited to ${maxBytes} bytes.`;

export function problem(type: ProblemType, init: ProblemInit = {}): Response {
  const { headers, ...rest } = init;
  const body: Problem = {
    type: problemTypeUri(type),
    title: problemTypes[type].title,
    status: problemTypes[type].status,
    ...rest,
  };
  const h = new Headers(headers);
  h.set('content-type', PROBLEM_CONTENT_TYPE);
  if (!h.has('cache-control')) h.set('cache-control', 'no-store');
  return new Response(JSON.stringify(body), { status: body.status, headers: h });
}

/** zod issues as problem `errors`: JSON pointers into a body, or parameter names of a query. */
export function zodErrors(error: z.ZodError, where: 'body' | 'query'): NonNullable<Problem['errors']> {
  return (
    error.issues
      .flatMap((i) => {
        // An unknown key is reported once per key, at the key's own path.
        const at = shownPath(i.path);
        const paths = i.code === 'unrecognized_keys' ? i.keys.map((k) => [...at, shownName(k)]) : [at];
        const message = i.code === 'unrecognized_keys' ? 'unknown field' : i.message;
        return paths.map((path) =>
          where === 'body'
            ? { pointer: toJsonPointer(path), message }
            : {
                parameter: String(path[0] ?? ''),
                message: i.code === 'unrecognized_keys' ? 'unknown parameter' : message,
              },
        );
      })
      // Bounded like the interchange's errors: 1,900 unknown parameters in a 9 KB URL answered 98 KB.
      .slice(0, MAX_REPORTED_ERRORS)
  );
}

/** How many unknown ids the detail names: the rest are in `unknownIds` and `errors`, once each. */
const UNKNOWN_IDS_IN_DETAIL = 20;

/**
 * The 422 for a list naming ids no service has: each unknown id in `unknownIds` and, with where it was given, in
 * `errors` (they are what to fix), and the first few in the detail, so a list of thousands is not repeated three
 * times in full.
 */
export function unknownServicesProblem(given: readonly string[], unknownIds: readonly string[]): Response {
  const unknown = new Set(unknownIds);
  const named = unknownIds.slice(0, UNKNOWN_IDS_IN_DETAIL).join(', ');
  return problem('unknown-services', {
    detail:
      `No service has ${unknownIds.length === 1 ? 'this id' : 'these ids'}: ` +
      `${named}${unknownIds.length > UNKNOWN_IDS_IN_DETAIL ? ', …' : ''}. See GET /v1/services for valid ids.`,
    errors: given.flatMap((id, i) =>
      unknown.has(id) ? [{ pointer: `/approvedServiceIds/${i}`, value: id, message: 'no service has this id' }] : [],
    ),
    unknownIds: [...unknownIds],
  });
}
