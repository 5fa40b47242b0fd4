/**
 * Reading an imported file before the schema sees it: size, JSON syntax and
 * schema errors said in plain words. Pure.
 */
import { parseJson } from '../core/json.ts';
import { fromJsonPointer } from '../core/json-pointer.ts';

/** Files larger than this are not service lists (the whole catalogue exports to well under 2 MB). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export type ParsedFile = { ok: true; value: unknown } | { ok: false; message: string };

export function parseImportText(name: string, size: number, text: string): ParsedFile {
  if (size > MAX_IMPORT_BYTES)
    return {
      ok: false,
      message: `“${name}” is ${(size / 1024 / 1024).toFixed(1)} MB; a service list file is at most 5 MB.`,
    };
  if (!text.trim()) return { ok: false, message: `“${name}” is empty.` };
  try {
    return { ok: true, value: parseJson(text) };
  } catch (e) {
    const why = String((e as Error).message);
    const where = /position (\d+)/.exec(why);
    let place = '';
    if (where) {
      const upTo = text.slice(0, Number(where[1]));
      place = ` (line ${upTo.split('\n').length})`;
    } else if (/end of (JSON )?input/i.test(why)) {
      // A file cut short (a copy or a download that stopped) breaks where it ends: the parser names no position.
      place = ` (it ends too early, at line ${text.trimEnd().split('\n').length})`;
    }
    return {
      ok: false,
      message: `“${name}” is not valid JSON${place}. Is it a service list file exported from this site or another tool?`,
    };
  }
}

/** A schema error's JSON pointer as words: `/providers/0/categories/1/services/2/status` -> `providers → 1st → categories → 2nd → …`. */
export function pointerInWords(pointer: string): string {
  if (!pointer) return 'the document';
  const ordinal = (n: number) => {
    const s = ['th', 'st', 'nd', 'rd'];
    const v = n % 100;
    return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
  };
  return fromJsonPointer(pointer)
    .map((p) => (/^\d+$/.test(p) ? `${ordinal(Number(p) + 1)} item` : `“${p}”`))
    .join(' → ');
}

/** Schema errors as sentences, at most `limit` of them, with how many more there are. */
export function schemaErrorLines(errors: readonly { pointer: string; message: string }[], limit = 10): string[] {
  const lines = errors.slice(0, limit).map((e) => `${pointerInWords(e.pointer)}: ${e.message}.`);
  if (errors.length > limit)
    lines.push(`…and ${errors.length - limit} more problem${errors.length - limit === 1 ? '' : 's'}.`);
  return lines;
}
