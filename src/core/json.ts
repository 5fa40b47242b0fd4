/**
 * Reading untrusted JSON (request bodies, files given to the CLI, imports in
 * the website): nesting is bounded before parsing, since JSON.parse and any
 * reviver recurse, and `__proto__` keys are dropped. Pure and browser-safe.
 */

/** No approved list nests deeper than this; deeper is hostile, refused before parsing. */
export const MAX_JSON_DEPTH = 64;

/** Deepest nesting of arrays and objects in JSON text (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) max = Math.max(max, ++depth);
    else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return max;
}

const NOT_WELL_FORMED = 'a string that is not well-formed Unicode (a lone surrogate escape such as \\ud800)';

/**
 * JSON.parse that refuses nesting past MAX_JSON_DEPTH (the reviver recurses)
 * and drops `__proto__` keys, so no parsed object can carry a prototype override.
 * It refuses a string or key holding half a surrogate pair (`"\ud800"`): valid
 * JSON syntax, but no character, which would reach a policy or a markdown file
 * as an escape standing for nothing, or as U+FFFD once written out as UTF-8.
 */
export const parseJson = (text: string): unknown => {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new SyntaxError(`nesting deeper than ${MAX_JSON_DEPTH} levels`);
  // Parsed, then walked, rather than parsed with a reviver: V8 calls a reviver through a slow path for every value,
  // and a body of 120,000 small array items took 87 ms to read that way (2.4 ms without), time in which the server
  // answered nothing else. The walk recurses no deeper than the nesting checked above.
  return checked(JSON.parse(text));
};

/** The parsed value with every `__proto__` key dropped; throws on a string or key that is not well-formed. */
function checked(value: unknown): unknown {
  if (typeof value === 'string') {
    if (!value.isWellFormed()) throw new SyntaxError(NOT_WELL_FORMED);
  } else if (Array.isArray(value)) {
    for (const item of value) checked(item);
  } else if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (!key.isWellFormed()) throw new SyntaxError(NOT_WELL_FORMED);
      if (key === '__proto__') delete object[key];
      else checked(object[key]);
    }
  }
  return value;
}

/**
 * What was wrong with JSON text, in words that never quote it: V8's own
 * messages repeat a slice of the input, and an answer must not echo what a
 * client sent.
 */
export function describeJsonError(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith('nesting deeper than') || message === NOT_WELL_FORMED) return message;
  if (/end of (JSON )?input/i.test(message)) return 'it ends before the document is complete';
  return 'a syntax error (check the quotes, commas and brackets)';
}
