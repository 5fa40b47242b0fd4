/**
 * How an answer names a field or parameter the client sent and the API does
 * not know: as sent, so the client can find it, but never more than
 * MAX_SHOWN_NAME characters of it, with the length of the rest. An error
 * repeats nothing of a request at length: a body with one unknown key of
 * 20 KB was answered with it twice, 40 KB.
 */
export const MAX_SHOWN_NAME = 64;

export function shownName(name: string): string {
  if (name.length <= MAX_SHOWN_NAME) return name;
  // Cut between characters, never inside a surrogate pair (an emoji): half of one is no text a JSON parser takes.
  const end = /[\uD800-\uDBFF]/.test(name[MAX_SHOWN_NAME - 1]!) ? MAX_SHOWN_NAME - 1 : MAX_SHOWN_NAME;
  return `${name.slice(0, end)}… (${[...name].length} characters)`;
}

/** The segments of a path into what a client sent (a JSON pointer's, or zod's), each as `shownName` shows it. */
export const shownPath = (path: readonly PropertyKey[]): PropertyKey[] =>
  path.map((segment) => (typeof segment === 'string' ? shownName(segment) : segment));

/** A JSON pointer into what a client sent, each segment as `shownName` shows it (keys it chose can be long). */
export const shownPointer = (pointer: string): string =>
  pointer.length <= MAX_SHOWN_NAME ? pointer : pointer.split('/').map(shownName).join('/');

/**
 * At most this many errors are shown back for one request: a body of 240 KB of empty sub-services made 240,000 of
 * them, 26 MB of problem details and 0.6 s of the server's time per request.
 */
export const MAX_REPORTED_ERRORS = 100;
