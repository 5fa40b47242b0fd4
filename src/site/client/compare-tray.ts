/**
 * The compare selection in sessionStorage (kept across pages of the table
 * and on /compare) and the tray that shows it: a chip per service with a
 * remove button, "Compare N" and "Clear". Ticking an 11th is refused.
 */
import {
  addCompareId,
  COMPARE_STORAGE_KEY,
  compareHref,
  MAX_COMPARE_IDS,
  parseCompareIds,
  removeCompareId,
} from '../compare-state.ts';
import { el, trackHeight } from './dom.ts';

export function readCompareIds(): string[] {
  try {
    return parseCompareIds(sessionStorage.getItem(COMPARE_STORAGE_KEY));
  } catch {
    return [];
  }
}

export function writeCompareIds(ids: readonly string[]): void {
  try {
    sessionStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage disabled: the selection lives for this page only.
  }
}

export interface Tray {
  ids(): readonly string[];
  toggle(id: string, on: boolean): boolean;
  render(): void;
}

/** Wires a tray (`[data-compare-tray]` inside `form`) to the checkboxes `input[data-compare]` of the form. */
export function startCompareTray(form: HTMLFormElement, nameOf: (id: string) => string | undefined): Tray {
  let ids: readonly string[] = readCompareIds();
  const tray = form.querySelector<HTMLElement>('[data-compare-tray]')!;
  const list = tray.querySelector<HTMLElement>('[data-tray-list]')!;
  const submit = tray.querySelector<HTMLButtonElement>('[data-compare-submit]')!;
  const clear = tray.querySelector<HTMLButtonElement>('[data-tray-clear]')!;
  const title = tray.querySelector<HTMLElement>('[data-tray-title]')!;

  const render = () => {
    list.replaceChildren(
      ...(ids.length
        ? ids.map((id) =>
            el(
              'li',
              { className: 'chip' },
              nameOf(id) ?? id,
              el(
                'button',
                {
                  type: 'button',
                  dataset: { trayRemove: id },
                  attrs: { 'aria-label': `Remove ${nameOf(id) ?? id} from compare` },
                },
                '×',
              ),
            ),
          )
        : [el('li', { className: 'muted' }, `Tick up to ${MAX_COMPARE_IDS} services to compare them side by side.`)]),
    );
    title.textContent = ids.length ? `Compare (${ids.length}/${MAX_COMPARE_IDS})` : 'Compare';
    submit.textContent = ids.length > 1 ? `Compare ${ids.length} services` : 'Compare selected';
    clear.hidden = !ids.length;
    // With the script, the tray shows once something is ticked (without it, it is the form's submit button).
    tray.hidden = !ids.length;
    for (const b of form.querySelectorAll<HTMLInputElement>('input[data-compare]')) {
      b.checked = ids.includes(b.value);
      b.disabled = !b.checked && ids.length >= MAX_COMPARE_IDS;
    }
  };
  const set = (next: readonly string[]) => {
    ids = next;
    writeCompareIds(ids);
    render();
  };
  const toggle = (id: string, on: boolean) => {
    const next = on ? addCompareId(ids, id) : removeCompareId(ids, id);
    set(next);
    return next.includes(id) === on;
  };
  form.addEventListener('change', (e) => {
    const box = e.target as HTMLInputElement;
    if (box.matches?.('input[data-compare]')) toggle(box.value, box.checked);
  });
  /** The service's Compare box on this page (the first one when it has none here), for the keyboard to go back to. */
  const boxOf = (id: string | undefined) =>
    form.querySelector<HTMLInputElement>(`input[data-compare][value="${CSS.escape(id ?? '')}"]`) ??
    form.querySelector<HTMLInputElement>('input[data-compare]');
  tray.addEventListener('click', (e) => {
    const remove = (e.target as Element).closest?.<HTMLButtonElement>('[data-tray-remove]');
    if (!remove) return;
    const id = remove.dataset.trayRemove!;
    const at = ids.indexOf(id);
    set(removeCompareId(ids, id));
    // The button pressed is gone with its chip: the keyboard goes to the next chip's (or the one before), else, the
    // tray gone, to the service's own box, rather than to the top of the page.
    const left = list.querySelectorAll<HTMLButtonElement>('[data-tray-remove]');
    (left[at] ?? left[at - 1] ?? boxOf(id))?.focus();
  });
  clear.addEventListener('click', () => {
    const first = ids[0];
    set([]);
    boxOf(first)?.focus();
  });
  // Where the tray stays at the bottom of the window, a control scrolled into view stops above it, not under it.
  trackHeight(tray, '--compare-tray-height');
  // The selection spans pages: submit the whole of it, not only the boxes on this page.
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!ids.length) return;
    location.href = compareHref(ids);
  });
  render();
  return { ids: () => ids, toggle, render };
}
