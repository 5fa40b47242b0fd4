/**
 * JSON pointers (RFC 6901), the one way every validation error in this
 * project says where in a body or document the problem is. The whole
 * document is the empty pointer ""; each step is "/" and the key, with "~"
 * written "~0" and "/" written "~1" (in that order, so a key "~1" becomes
 * "~01" and reads back unchanged). Pure and browser-safe.
 */

/** The pointer to the value reached by following `path` (object keys and array indexes) from the root. */
export const toJsonPointer = (path: readonly PropertyKey[]): string =>
  path.map((step) => `/${String(step).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The steps of a pointer, unescaped: "" gives [], "/a~1b/0" gives ["a/b", "0"]. */
export const fromJsonPointer = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .split('/')
        .slice(1)
        .map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The value a pointer refers to in `doc`, or undefined when nothing is there. */
export function valueAtPointer(doc: unknown, pointer: string): unknown {
  let value: unknown = doc;
  for (const key of fromJsonPointer(pointer)) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
