/**
 * What every part of the builder shares: the page's elements, the loaded
 * catalogue, and the two steps each action starts with (check the list is
 * sendable, mark the button busy while it works).
 */
import { compactBody, type ApprovedListState } from '../../list-state.ts';
import { groupList } from '../../group.ts';
import { loadCatalogueData, type BuiltData } from '../catalogue-data.ts';
import { notice } from '../dom.ts';
import { readList } from '../store.ts';

/** The builder's root element and a lookup for the elements inside it that the page always renders. */
export interface BuilderPage {
  root: HTMLElement;
  find<T extends HTMLElement = HTMLElement>(selector: string): T;
}

export function builderPage(root: HTMLElement): BuilderPage {
  return {
    root,
    find: <T extends HTMLElement>(selector: string) => {
      const found = root.querySelector<T>(selector);
      if (!found) throw new Error(`The list page is missing ${selector}`);
      return found;
    },
  };
}

/** The list as it can be sent to the API, with the catalogue it was checked against. */
export interface PreparedList {
  state: ApprovedListState;
  catalogue: BuiltData;
  knownIds: string[];
  /** A sentence naming the ids left out (empty when none were), ready to append to a result message. */
  leftOut: string;
  body: ReturnType<typeof compactBody>;
}

/**
 * The list as it can be sent: only the ids this catalogue knows (the API
 * answers 422 for any other), and a sentence naming those left out. Writes
 * the reason into `out` and answers undefined when there is nothing to send.
 */
export async function prepareList(out: HTMLElement): Promise<PreparedList | undefined> {
  const state = readList();
  if (!state.ids.length) {
    out.replaceChildren(notice('error', 'Your list is empty: add services first.'));
    return undefined;
  }
  const cat = await loadCatalogueData();
  if (!cat.ok) {
    out.replaceChildren(notice('error', cat.message));
    return undefined;
  }
  const { knownIds, unknownIds } = groupList(cat.body, state.ids);
  if (!knownIds.length) {
    out.replaceChildren(
      notice(
        'error',
        `None of the services in your list is in this catalogue (${unknownIds.join(', ')}): add services first.`,
      ),
    );
    return undefined;
  }
  const leftOut = unknownIds.length ? ` Left out, not in this catalogue: ${unknownIds.join(', ')}.` : '';
  return { state, catalogue: cat.body, knownIds, leftOut, body: compactBody(state, knownIds) };
}

/** Disables the button and marks it busy while `work` runs, so a second click cannot start a second request. */
export async function whileBusy(button: HTMLButtonElement, work: () => Promise<void>): Promise<void> {
  // A disabled button loses the focus to the page: it gets it back when done, unless the focus moved on meanwhile.
  const hadFocus = document.activeElement === button;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    await work();
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    if (hadFocus && (document.activeElement === document.body || document.activeElement === null)) button.focus();
  }
}
