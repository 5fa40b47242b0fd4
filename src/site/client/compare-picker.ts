/**
 * The compare picker: suggestions as you type from the API's search index
 * (./catalogue-search.ts: the same ranking, typos and synonyms as GET
 * /v1/services, so "lambda" suggests AWS Lambda first), arrow keys and Enter
 * to choose, and choosing opens /compare with the service added. Without
 * this script the same form posts the typed text and the page finds the
 * service with the same index.
 */
import type { ServiceEntry } from '../../core/schemas.ts';
import { compareHref, MAX_COMPARE_IDS } from '../compare-state.ts';
import { lifecycleLabel } from '../format.ts';
import { loadLocalSearch, type LocalSearch } from './catalogue-search.ts';
import { el } from './dom.ts';
import { writeCompareIds } from './compare-tray.ts';

const SHOWN = 8;
/** Set when a choice opens the next page, so that page's picker takes the keyboard back for the next service. */
const PICKING = 'csc.compare-picker.picking';
/** How long a mark holds: a page left by Back, or a failed load, does not hand focus to a later visit. */
const PICKING_MS = 10_000;
/** Reads and clears the mark, or sets it; storage that is disabled just loses the mark. */
function pickingMark(set?: true): boolean {
  try {
    if (set) {
      sessionStorage.setItem(PICKING, String(Date.now()));
      return true;
    }
    const at = Number(sessionStorage.getItem(PICKING));
    sessionStorage.removeItem(PICKING);
    return at > 0 && Date.now() - at < PICKING_MS;
  } catch {
    return false;
  }
}

export function startComparePicker(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-compare-picker]');
  const input = form?.querySelector<HTMLInputElement>('[data-picker-input]');
  const listbox = form?.querySelector<HTMLUListElement>('[data-picker-options]');
  if (!form || !input || !listbox) return;
  const chosen = (form.querySelector<HTMLInputElement>('input[name=ids]')?.value ?? '').split(',').filter(Boolean);
  // What is compared here becomes the selection the services table's tray shows.
  writeCompareIds(chosen);
  let local: LocalSearch | undefined;
  let options: ServiceEntry[] = [];
  let active = -1;
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  listbox.id = 'pick-options';
  input.setAttribute('aria-controls', listbox.id);

  const load = async () => {
    if (local) return local;
    const r = await loadLocalSearch();
    if (r.ok) local = r.body;
    return local;
  };
  const choose = (row: ServiceEntry) => {
    if (chosen.length >= MAX_COMPARE_IDS) return;
    pickingMark(true);
    location.href = compareHref([...chosen.filter((id) => id !== row.id), row.id]);
  };
  const show = () => {
    listbox.replaceChildren(
      ...options.map((r, i) =>
        el(
          'li',
          {
            id: `pick-${r.id}`,
            role: 'option',
            className: i === active ? 'active' : '',
            dataset: { id: r.id },
            attrs: { 'aria-selected': String(i === active) },
          },
          el(
            'span',
            { className: `cloud cloud-${r.provider}` },
            local?.catalogue.provider(r.provider)?.shortName ?? r.provider,
          ),
          ' ',
          el('strong', {}, r.name),
          ' ',
          el('span', { className: 'muted' }, local?.catalogue.category(r.category)?.name ?? r.category),
          // A service that is not active says so here, as its badge does on the page.
          ...(r.lifecycle
            ? [' ', el('span', { className: `badge ${r.lifecycle.status}` }, lifecycleLabel(r.lifecycle.status))]
            : []),
        ),
      ),
    );
    listbox.hidden = options.length === 0;
    input.setAttribute('aria-expanded', String(options.length > 0));
    if (active >= 0 && options[active]) input.setAttribute('aria-activedescendant', `pick-${options[active]!.id}`);
    else input.removeAttribute('aria-activedescendant');
  };
  const suggest = async () => {
    const search = await load();
    const q = input.value.trim();
    active = -1;
    // The API's first answers for the words, less what is already compared.
    // Not when the keyboard left while the index loaded: the suggestions would cover what it went to.
    options =
      search && q && document.activeElement === input
        ? search.index
            .query({ q, page: 1, pageSize: SHOWN + chosen.length })
            .items.filter((s) => !chosen.includes(s.id))
            .slice(0, SHOWN)
        : [];
    show();
  };
  input.addEventListener('input', suggest);
  // The page's message about a name that matched nothing is about the words sent, not the words being typed now.
  const problem = form.querySelector<HTMLElement>('#pick-problem');
  input.addEventListener(
    'input',
    () => {
      input.removeAttribute('aria-invalid');
      input.setAttribute('aria-describedby', 'pick-hint');
      problem?.remove();
    },
    { once: true },
  );
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      // Closed (Escape, or the keyboard went elsewhere and came back): the arrow opens them again.
      if (!options.length) {
        if (e.key === 'ArrowDown' && input.value.trim()) void suggest();
        return;
      }
      e.preventDefault();
      active = (active + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length;
      show();
    } else if (e.key === 'Enter' && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]!);
    } else if (e.key === 'Escape' && options.length) {
      // Closes the suggestions and keeps the words (a search field would clear itself): Escape again clears them.
      e.preventDefault();
      options = [];
      show();
    }
  });
  // The suggestions close when the keyboard leaves the picker: left open, they covered the controls below them,
  // the focused one included.
  form.addEventListener('focusout', (e) => {
    const next = e.relatedTarget as Node | null;
    if (next && (input.contains(next) || listbox.contains(next))) return;
    options = [];
    show();
  });
  // A press on a suggestion leaves the keyboard in the field, so the suggestions are still there for its click.
  listbox.addEventListener('mousedown', (e) => e.preventDefault());
  // A name typed whole and sent with Enter goes through the form (the page finds the service): the keyboard comes
  // back here on the next page too. So it does after a service is removed (its chip's ×, a link to the page without
  // it), rather than starting again from the top of the page.
  form.addEventListener('submit', () => pickingMark(true));
  for (const remove of document.querySelectorAll('a.chip-x')) remove.addEventListener('click', () => pickingMark(true));
  listbox.addEventListener('click', (e) => {
    const li = (e.target as Element).closest?.<HTMLElement>('li[data-id]');
    const row = li && options.find((r) => r.id === li.dataset.id);
    if (row) choose(row);
  });
  // Focus comes back here after each service added or removed, ready for the next one. A page just opened leaves it
  // at the top, empty or not: a screen reader starts with the page's title, and a phone opens no keyboard unasked.
  if (pickingMark() && !input.disabled) input.focus();
}
