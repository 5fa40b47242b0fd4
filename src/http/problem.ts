/**
 * RFC 9457 problem details. Every error the API answers is built here, so the
 * layout and media type are the same everywhere. `type` is a relative URI
 * reference to the problem's documentation page on the site.
 */
import type { z } from 'zod';
import { toJsonPointer } from '../core/json-pointer.ts';
import { MAX_REPORTED_ERRORS, shownName, shownPath } from '../core/shown-name.ts';
import type { Problem } from '../core/schemas.ts';

/**
 * Every problem the API answers: its status, its title, and what its page at `/problems/<type>` says of it (when it
 * is answered and what to do), so a `type` a client logs leads somewhere (RFC 9457, section 3.1.1).
 */
export const problemTypes = {
  'bad-request': {
    status: 400,
    title: 'Bad request',
    about:
      'The request itself could not be read as HTTP: no Host header on HTTP/1.1, a Host that is no host name and ' +
      'port, a request target that is not a path or an http(s) URL, a malformed request line or header, or a ' +
      'request that did not arrive whole.',
  },
  'invalid-parameters': {
    status: 400,
    title: 'Invalid query parameters',
    about:
      'A query parameter is unknown, malformed or out of range (`errors` names each one and what it must be), or ' +
      "the query's escapes are not UTF-8. The API description lists the parameters of every endpoint.",
  },
  'invalid-body': {
    status: 400,
    title: 'Invalid request body',
    about:
      'The body is JSON but not of the shape the endpoint takes. `errors` points at each field (JSON pointers) ' +
      'and says what is wrong with it.',
  },
  'malformed-json': {
    status: 400,
    title: 'Malformed JSON',
    about: 'The body is not JSON text (`detail` says where reading it stopped), or not UTF-8.',
  },
  'not-found': {
    status: 404,
    title: 'Not found',
    about:
      'No endpoint answers on this path, or the service, compared id or saved list it names does not exist. A ' +
      'saved list is deleted 90 days after it was saved.',
  },
  'method-not-allowed': {
    status: 405,
    title: 'Method not allowed',
    about: 'The endpoint does not take this method. `Allow` lists the methods it takes.',
  },
  'request-timeout': {
    status: 408,
    title: 'Request timeout',
    about:
      'The headers took longer than 10 seconds to arrive, or the whole request longer than 30. Send it again, at ' +
      'once.',
  },
  'payload-too-large': {
    status: 413,
    title: 'Request body too large',
    about: '`detail` gives the limit in bytes. The connection is closed without reading the rest of the body.',
  },
  'unsupported-media-type': {
    status: 415,
    title: 'Unsupported media type',
    about:
      'A POST body must be JSON in UTF-8 (`Content-Type: application/json`), sent without a content coding such ' +
      'as gzip.',
  },
  'expectation-failed': {
    status: 417,
    title: 'Expectation failed',
    about: 'The only `Expect` the server meets is `100-continue`.',
  },
  'transfer-coding-not-implemented': {
    status: 501,
    title: 'Transfer coding not implemented',
    about:
      'The request body was sent in a transfer coding other than `chunked` (`Transfer-Encoding: gzip, chunked`), ' +
      'which the server does not decode: send it plain, or chunked alone.',
  },
  'unknown-services': {
    status: 422,
    title: 'Unknown service ids',
    about:
      'The list names ids no service of the catalogue has. `unknownIds` and `errors` list them; the catalogue ' +
      '(GET /v1/services) has the ids it knows.',
  },
  'policy-too-large': {
    status: 422,
    title: 'Policy exceeds the provider size limit',
    about:
      "The policy would be larger than the cloud accepts (an AWS SCP's characters, an Azure definition's " +
      'conditions). `size`, `limit` and `excess` say by how much; approve fewer services in one policy, or, for ' +
      'AWS, ask for the larger quota your organisation has.',
  },
  'empty-cloud': {
    status: 422,
    title: 'No approved service of this cloud',
    about:
      "The list approves no service of this policy's cloud, so the policy would deny all of it. Ask with " +
      '`emptyCloud=deny-all` if that is what you want.',
  },
  'rate-limited': {
    status: 429,
    title: 'Too many requests',
    about:
      'More POST requests from one address than its budget (10 a minute unless the service is set otherwise; an ' +
      'IPv6 client counts by its /64 network). `Retry-After` says how many seconds to wait; `X-RateLimit-*` ' +
      'say where the budget stands.',
  },
  'headers-too-large': {
    status: 431,
    title: 'Request header fields too large',
    about: 'The request line and headers together are over 16 KB: shorten the query or drop large headers.',
  },
  internal: {
    status: 500,
    title: 'Internal server error',
    about:
      'A fault of the service, logged with the request id. Quote `X-Request-Id` when reporting it ' + '(/feedback).',
  },
  unavailable: {
    status: 503,
    title: 'Service unavailable',
    about:
      'The store or the rate limiter does not answer, the catalogue is not loaded yet, or the server is shutting ' +
      'down; nothing was done. `Retry-After` says when to try again.',
  },
} as const satisfies Record<string, { status: number; title: string; about: string }>;
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

/** What a query parameter that takes one value is told when it was given more than once (`?page=1&page=2`). */
export const GIVEN_MORE_THAN_ONCE = 'given more than once: give it once';

/**
 * A query's parameters (as searchParamsObject reads them) through `schema`, each issue keeping the value it was
 * raised on, so a parameter given twice is told that rather than that its value is malformed. The value itself is
 * only looked at (is it a list?), never answered.
 */
export const parseQuery = <S extends z.ZodType>(schema: S, params: Readonly<Record<string, string | string[]>>) =>
  schema.safeParse(params, { reportInput: true });

/** An issue's message for a query parameter: a repetition is named as one, whatever the parameter's own wording. */
export const queryIssueMessage = (issue: z.core.$ZodIssue): string =>
  issue.path.length === 1 &&
  Array.isArray(issue.input) &&
  (issue.code === 'invalid_type' || issue.code === 'invalid_value')
    ? GIVEN_MORE_THAN_ONCE
    : issue.message;

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
                message: i.code === 'unrecognized_keys' ? 'unknown parameter' : queryIssueMessage(i),
              },
        );
      })
      // Bounded like the interchange's errors: 1,900 unknown parameters in a 9 KB URL answered 98 KB.
      .slice(0, MAX_REPORTED_ERRORS)
  );
}

/**
 * The 422 for a list naming ids no service has: each unknown id in `unknownIds` (they are what to fix) and the first
 * MAX_REPORTED_ERRORS with where they were given in `errors`, as every problem's errors are bounded. The detail counts
 * them and names none: it is the text a client shows as it is, and an id is whatever the client sent (markup, a
 * thousand of them: 2,000 ids of 200 characters had answered 979 KB when every field named them all).
 */
export function unknownServicesProblem(given: readonly string[], unknownIds: readonly string[]): Response {
  const unknown = new Set(unknownIds);
  const n = unknownIds.length;
  const inErrors = n === 1 ? 'it' : n <= MAX_REPORTED_ERRORS ? 'each' : `the first ${MAX_REPORTED_ERRORS}`;
  return problem('unknown-services', {
    detail:
      `${n === 1 ? 'One id names' : `${n} ids name`} no service of this catalogue: unknownIds lists ` +
      `${n === 1 ? 'it' : 'them all'}, and errors ${inErrors} with where it was given. ` +
      'See GET /v1/services for valid ids.',
    errors: given
      .flatMap((id, i) =>
        unknown.has(id) ? [{ pointer: `/approvedServiceIds/${i}`, value: id, message: 'no service has this id' }] : [],
      )
      .slice(0, MAX_REPORTED_ERRORS),
    unknownIds: [...unknownIds],
  });
}
