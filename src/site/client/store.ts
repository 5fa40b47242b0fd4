/**
 * The approved list in localStorage, with a change event so every button and
 * counter on the page (and other tabs, through the storage event) stays in step.
 */
import { LIST_STORAGE_KEY, parseStoredList, serializeList, type ApprovedListState } from '../list-state.ts';

const CHANGE = 'csc:list-change';

export function readList(): ApprovedListState {
  try {
    return parseStoredList(localStorage.getItem(LIST_STORAGE_KEY));
  } catch {
    // Storage disabled (private mode, policy): an empty list that lives for this page only.
    return parseStoredList(null);
  }
}

export function writeList(state: ApprovedListState): boolean {
  let saved = true;
  try {
    localStorage.setItem(LIST_STORAGE_KEY, serializeList(state));
  } catch {
    saved = false;
  }
  document.dispatchEvent(new CustomEvent(CHANGE));
  return saved;
}

export function updateList(change: (state: ApprovedListState) => ApprovedListState): ApprovedListState {
  const next = change(readList());
  writeList(next);
  return next;
}

export function onListChange(listener: (state: ApprovedListState) => void): void {
  document.addEventListener(CHANGE, () => listener(readList()));
  addEventListener('storage', (e) => {
    if (e.key === LIST_STORAGE_KEY) listener(readList());
  });
}
