/**
 * The compare selection (up to 10 service ids) kept while browsing: the
 * tray on /services and the picker on /compare share it through
 * sessionStorage, so ticking on one page and comparing on another works.
 * Pure parts here; the storage calls live in the client module.
 */
export const MAX_COMPARE_IDS = 10;
export const COMPARE_STORAGE_KEY = 'csc.compare.v1';

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A stored selection read defensively: only well-formed ids, no duplicates, at most 10. */
export function parseCompareIds(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return [...new Set(v.filter((x): x is string => typeof x === 'string' && ID.test(x) && x.length <= 100))].slice(
      0,
      MAX_COMPARE_IDS,
    );
  } catch {
    return [];
  }
}

/** Adds an id unless present or the selection is full; returns the same array when nothing changed. */
export function addCompareId(ids: readonly string[], id: string): readonly string[] {
  if (ids.includes(id) || ids.length >= MAX_COMPARE_IDS || !ID.test(id)) return ids;
  return [...ids, id];
}

export const removeCompareId = (ids: readonly string[], id: string): string[] => ids.filter((x) => x !== id);

/** The /compare address of a selection. */
export const compareHref = (ids: readonly string[]): string => `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
