/**
 * The approved list the builder keeps in the browser (localStorage): a name,
 * a description, the organisation and owner when given, service ids in the
 * order they were added, and which of them a file or shared list marked
 * `restricted`. Pure: parsing and updates only; the client scripts do the
 * storage I/O. No sign-in, so the browser is the only place the list lives
 * until it is saved for sharing.
 */

export const LIST_STORAGE_KEY = 'csc.approved-list.v1';
/** Upper bound on the list's size, well above any real catalogue (lists are of services, not resources). */
export const MAX_LIST_IDS = 5000;
export const DEFAULT_LIST_NAME = 'My approved services';

export interface ApprovedListState {
  name: string;
  description: string;
  /** Owning organisation or unit, and contact person or team: present when given, as the list formats have them. */
  organisation?: string;
  owner?: string;
  ids: string[];
  /**
   * Ids of the list that a file or a shared list marked `restricted` (approved, with conditions of their own), kept
   * so that exporting, saving or sharing the list says so again rather than calling them `enabled`. A service added
   * here is `enabled`; one removed loses its mark. Present when not empty.
   */
  restricted?: string[];
}

/** The limits of the list formats (the compact form's), applied to what the browser keeps. */
const MAX_NAME = 200;
const MAX_DESCRIPTION = 2000;
const MAX_PARTY = 200;

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
  const kept = [...new Set(ids)].slice(0, MAX_LIST_IDS);
  const party = (x: unknown) => (typeof x === 'string' && x.trim() ? x.slice(0, MAX_PARTY) : undefined);
  return withMarks(
    {
      name: typeof v.name === 'string' && v.name.trim() ? v.name.slice(0, MAX_NAME) : DEFAULT_LIST_NAME,
      description: typeof v.description === 'string' ? v.description.slice(0, MAX_DESCRIPTION) : '',
      ...present('organisation', party(v.organisation)),
      ...present('owner', party(v.owner)),
      ids: kept,
    },
    Array.isArray(v.restricted) ? v.restricted.filter((x): x is string => typeof x === 'string') : [],
  );
}

const present = <K extends string>(key: K, value: string | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>;

/** The state with `restricted` set to the given ids that it lists (in list order), or absent when none are. */
function withMarks(state: ApprovedListState, restricted: readonly string[]): ApprovedListState {
  const { restricted: _old, ...rest } = state;
  const marked = new Set(restricted);
  const kept = state.ids.filter((id) => marked.has(id));
  return kept.length ? { ...rest, restricted: kept } : rest;
}

export const serializeList = (state: ApprovedListState): string => JSON.stringify(state);

/** The state's organisation or owner set to `value`, or removed when it is blank. */
export const withParty = (
  state: ApprovedListState,
  key: 'organisation' | 'owner',
  value: string,
): ApprovedListState => {
  const { [key]: _old, ...rest } = state;
  return { ...rest, ...present(key, value.trim() ? value.slice(0, MAX_PARTY) : undefined) };
};

/**
 * A list that replaces this one: a file's or a shared list's name, description, organisation, owner, services
 * and `restricted` marks.
 */
export function replacedBy(from: {
  name: string;
  description?: string | undefined;
  organisation?: string | undefined;
  owner?: string | undefined;
  ids: readonly string[];
  restricted?: readonly string[];
}): ApprovedListState {
  const state = addIds(emptyList(), from.ids);
  return withMarks(
    {
      ...state,
      name: from.name.trim() ? from.name.slice(0, MAX_NAME) : DEFAULT_LIST_NAME,
      description: (from.description ?? '').slice(0, MAX_DESCRIPTION),
      ...present('organisation', from.organisation?.trim() ? from.organisation.slice(0, MAX_PARTY) : undefined),
      ...present('owner', from.owner?.trim() ? from.owner.slice(0, MAX_PARTY) : undefined),
    },
    from.restricted ?? [],
  );
}

/**
 * Services of a file or shared list added to this one, with their `restricted` marks: a service either list
 * restricts is restricted (the stricter of the two).
 */
export function addedFrom(
  state: ApprovedListState,
  from: { ids: readonly string[]; restricted?: readonly string[] },
): ApprovedListState {
  return withMarks(addIds(state, from.ids), [...(state.restricted ?? []), ...(from.restricted ?? [])]);
}

export const hasId = (state: ApprovedListState, id: string): boolean => state.ids.includes(id);

/** Adds ids not yet in the list, keeping order; ignores what is not an id. */
export function addIds(state: ApprovedListState, ids: readonly string[]): ApprovedListState {
  const next = [...state.ids];
  for (const id of ids) if (idPattern.test(id) && !next.includes(id) && next.length < MAX_LIST_IDS) next.push(id);
  return { ...state, ids: next };
}

/** Removes ids, and their `restricted` marks: a service added again later is `enabled`. */
export const removeIds = (state: ApprovedListState, ids: readonly string[]): ApprovedListState =>
  withMarks({ ...state, ids: state.ids.filter((x) => !ids.includes(x)) }, state.restricted ?? []);

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
): {
  name: string;
  description?: string;
  organisation?: string;
  owner?: string;
  approvedServiceIds: string[];
  statuses?: Record<string, 'restricted'>;
} {
  const name = state.name.trim() || DEFAULT_LIST_NAME;
  const description = state.description.trim();
  const known = new Set(knownIds);
  const restricted = (state.restricted ?? []).filter((id) => known.has(id));
  return {
    name,
    ...(description ? { description } : {}),
    ...present('organisation', state.organisation?.trim() || undefined),
    ...present('owner', state.owner?.trim() || undefined),
    approvedServiceIds: [...knownIds],
    ...(restricted.length ? { statuses: Object.fromEntries(restricted.map((id) => [id, 'restricted' as const])) } : {}),
  };
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
