/**
 * The approved list the builder keeps in the browser (localStorage): a name,
 * a description and service ids in the order they were added. Pure: parsing
 * and updates only; the client scripts do the storage I/O. No sign-in, so the
 * browser is the only place the list lives until it is saved for sharing.
 */

export const LIST_STORAGE_KEY = 'csc.approved-list.v1';
/** Upper bound on the list's size, well above any real catalogue (lists are of services, not resources). */
export const MAX_LIST_IDS = 5000;
export const DEFAULT_LIST_NAME = 'My approved services';

export interface ApprovedListState {
  name: string;
  description: string;
  ids: string[];
}

export const emptyList = (): ApprovedListState => ({ name: DEFAULT_LIST_NAME, description: '', ids: [] });

const idPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Reads a stored list, tolerating anything (old, hand-edited or corrupt storage gives an empty list). */
export function parseStoredList(raw: string | null | undefined): ApprovedListState {
  if (!raw) return emptyList();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return emptyList();
  }
  if (typeof value !== 'object' || value === null) return emptyList();
  const v = value as Record<string, unknown>;
  const ids = Array.isArray(v.ids)
    ? v.ids.filter((x): x is string => typeof x === 'string' && idPattern.test(x) && x.length <= 100)
    : [];
  return {
    name: typeof v.name === 'string' && v.name.trim() ? v.name.slice(0, 200) : DEFAULT_LIST_NAME,
    description: typeof v.description === 'string' ? v.description.slice(0, 2000) : '',
    ids: [...new Set(ids)].slice(0, MAX_LIST_IDS),
  };
}

export const serializeList = (state: ApprovedListState): string => JSON.stringify(state);

export const hasId = (state: ApprovedListState, id: string): boolean => state.ids.includes(id);

/** Adds ids not yet in the list, keeping order; ignores what is not an id. */
export function addIds(state: ApprovedListState, ids: readonly string[]): ApprovedListState {
  const next = [...state.ids];
  for (const id of ids) if (idPattern.test(id) && !next.includes(id) && next.length < MAX_LIST_IDS) next.push(id);
  return { ...state, ids: next };
}

export const removeIds = (state: ApprovedListState, ids: readonly string[]): ApprovedListState => ({
  ...state,
  ids: state.ids.filter((x) => !ids.includes(x)),
});

export const toggleId = (state: ApprovedListState, id: string): ApprovedListState =>
  hasId(state, id) ? removeIds(state, [id]) : addIds(state, [id]);

/**
 * The compact request body the list, markdown and policy endpoints take.
 * `knownIds` are the list's ids this catalogue knows (`groupList(...).knownIds`):
 * the endpoints answer 422 for any other id, so a stale id in the browser's
 * list (a service since removed, an old shared list) must not be sent.
 */
export function compactBody(
  state: ApprovedListState,
  knownIds: readonly string[],
): { name: string; description?: string; approvedServiceIds: string[] } {
  const name = state.name.trim() || DEFAULT_LIST_NAME;
  const description = state.description.trim();
  return { name, ...(description ? { description } : {}), approvedServiceIds: [...knownIds] };
}

/** A file name from a list name: lower-case words joined by hyphens. */
export function fileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem || 'approved-services';
}
