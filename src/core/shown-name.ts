/**
 * How an answer names a field or parameter the client sent and the API does
 * not know: as sent, so the client can find it, but never more than
 * MAX_SHOWN_NAME characters of it, with the length of the rest. An error
 * repeats nothing of a request at length: a body with one unknown key of
 * 20 KB was answered with it twice, 40 KB.
 */
export const MAX_SHOWN_NAME = 64;

export function shownName(name: string): string {
  return name.length <= MAX_SHOWN_NAME ? name : `${name.slice(0, MAX_SHOWN_NAME)}… (${name.length} characters)`;
}
