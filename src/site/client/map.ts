/**
 * The map island: the text filter (same word rule as the catalogue search:
 * every word must start a word of the row), "Show retired" kept in the
 * address with the filter, and "Add row to my list".
 */
import { keepFocusClearOfStickyColumn } from './sticky-column.ts';
import { addIds, hasId } from '../list-state.ts';
import { words } from '../filter.ts';
import { plural } from '../format.ts';
import { statusLine, trackHeight } from './dom.ts';
import { onListChange, readList, updateList } from './store.ts';

export function startMap(): void {
  const view = document.querySelector<HTMLElement>('[data-map-view]');
  const form = view?.querySelector<HTMLFormElement>('form[data-map-filter]');
  if (!view || !form) return;
  const input = form.querySelector<HTMLInputElement>('input[name=q]')!;
  const retired = form.querySelector<HTMLInputElement>('input[data-show-retired]')!;
  const statusEl = view.querySelector<HTMLElement>('[data-map-status]');
  const say = statusEl ? statusLine(statusEl) : undefined;
  const empty = view.querySelector<HTMLElement>('[data-map-empty]');
  const rows = [...view.querySelectorAll<HTMLTableRowElement>('tr[data-row]')].map((tr) => ({
    tr,
    words: (tr.dataset.text ?? '').split(' '),
    retired: tr.hasAttribute('data-retired'),
  }));
  const groups = [...view.querySelectorAll<HTMLTableSectionElement>('tbody[data-category]')];
  for (const region of view.querySelectorAll<HTMLElement>('.table-scroll')) keepFocusClearOfStickyColumn(region);
  // The column headings stay at the top of the window (wide screens): what scrolls into view stops below them.
  const head = view.querySelector<HTMLElement>('table.map thead');
  if (head) trackHeight(head, '--map-head-height');
  form.querySelector<HTMLElement>('[data-needs-js]')!.hidden = false;

  const initial = new URLSearchParams(location.search);
  input.value = initial.get('q') ?? '';
  if (initial.get('retired') === '1') retired.checked = true;

  const apply = (updateUrl: boolean) => {
    const q = words(input.value);
    let shown = 0;
    let retiredHidden = 0;
    for (const r of rows) {
      if (!retired.checked && r.retired) retiredHidden++;
      const ok = (retired.checked || !r.retired) && q.every((w) => r.words.some((x) => x.startsWith(w)));
      // data-hide, not `hidden`: the CSS rule for retired rows must not be overridden by a visible state.
      if (ok) r.tr.removeAttribute('data-hide');
      else r.tr.setAttribute('data-hide', '');
      if (ok) shown++;
    }
    for (const g of groups) {
      const visible = g.querySelectorAll('tr[data-row]:not([data-hide])');
      g.hidden = q.length > 0 && visible.length === 0;
      const count = g.querySelector('[data-section-count]');
      if (count) count.textContent = `(${visible.length})`;
      const sub = g.querySelector<HTMLElement>('[data-sub-head]');
      if (sub) {
        const all = [...g.rows];
        sub.hidden = !all
          .slice(all.indexOf(sub as HTMLTableRowElement))
          .some((tr) => tr.matches('[data-row]:not([data-hide])'));
      }
    }
    // Without a filter, the count matches the page's introduction once the hidden rows are added back.
    say?.(
      q.length
        ? `${plural(shown, 'capability', 'capabilities')} match`
        : retiredHidden
          ? `${plural(shown, 'capability', 'capabilities')} shown, ${retiredHidden} with only retired services hidden`
          : plural(shown, 'capability', 'capabilities'),
      updateUrl ? undefined : 'quiet',
    );
    if (empty) empty.hidden = shown > 0;
    if (updateUrl) {
      const p = new URLSearchParams();
      if (input.value.trim()) p.set('q', input.value.trim());
      if (retired.checked) p.set('retired', '1');
      const qs = p.toString();
      history.replaceState(null, '', qs ? `?${qs}${location.hash}` : location.pathname + location.hash);
    }
  };
  form.addEventListener('input', () => apply(true));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply(true);
  });
  apply(false);

  const buttons = [...view.querySelectorAll<HTMLButtonElement>('button[data-row-add]')];
  const render = () => {
    const list = readList();
    for (const b of buttons) {
      const ids = b.dataset.rowAdd!.split(' ');
      const all = ids.every((id) => hasId(list, id));
      b.hidden = false;
      // aria-disabled, not disabled: a disabled button loses the keyboard focus that just pressed it, to the page.
      b.setAttribute('aria-disabled', String(all));
      b.querySelector('[data-label]')!.textContent = all ? 'In my list' : 'Add row';
      b.querySelector('[data-label-rest]')!.textContent = all ? '' : ' to my list';
    }
  };
  view.addEventListener('click', (e) => {
    const b = (e.target as Element).closest?.<HTMLButtonElement>('button[data-row-add]');
    if (b && b.getAttribute('aria-disabled') !== 'true') updateList((s) => addIds(s, b.dataset.rowAdd!.split(' ')));
  });
  onListChange(render);
  render();
}
