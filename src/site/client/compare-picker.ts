/**
 * The compare picker: suggestions as you type (from /services-index.json,
 * the catalogue search's word rule), arrow keys and Enter to choose, and
 * choosing opens /compare with the service added. Without this script the
 * same form posts the typed text and the page finds the service.
 */
import { compareHref, MAX_COMPARE_IDS } from '../compare-state.ts';
import { criteriaFrom, matches, words } from '../filter.ts';
import { tableRows, type ServiceIndexData, type TableRow } from '../service-index.ts';
import { el } from './dom.ts';
import { request } from './http.ts';
import { writeCompareIds } from './compare-tray.ts';

const SHOWN = 8;

/** Name hits before keyword and description hits: 0 the name starts with the text, 1 every word starts a name word, 2 other. */
function rank(r: TableRow, q: string): number {
  const typed = words(q);
  const name = words(r.name);
  if (name.join(' ').startsWith(typed.join(' '))) return 0;
  return typed.every((w) => name.some((n) => n.startsWith(w))) ? 1 : 2;
}

export function startComparePicker(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-compare-picker]');
  const input = form?.querySelector<HTMLInputElement>('[data-picker-input]');
  const listbox = form?.querySelector<HTMLUListElement>('[data-picker-options]');
  if (!form || !input || !listbox) return;
  const chosen = (form.querySelector<HTMLInputElement>('input[name=ids]')?.value ?? '').split(',').filter(Boolean);
  // What is compared here becomes the selection the services table's tray shows.
  writeCompareIds(chosen);
  let rows: TableRow[] | undefined;
  let options: TableRow[] = [];
  let active = -1;
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  listbox.id = 'pick-options';
  input.setAttribute('aria-controls', listbox.id);

  const load = async () => {
    if (rows) return rows;
    const r = await request<ServiceIndexData>('load the services', '/services-index.json');
    if (r.ok) rows = tableRows(r.body);
    return rows;
  };
  const choose = (row: TableRow) => {
    if (chosen.length >= MAX_COMPARE_IDS) return;
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
          el('span', { className: `cloud cloud-${r.provider}` }, r.providerName),
          ' ',
          el('strong', {}, r.name),
          ' ',
          el('span', { className: 'muted' }, r.categoryName),
        ),
      ),
    );
    listbox.hidden = options.length === 0;
    input.setAttribute('aria-expanded', String(options.length > 0));
    if (active >= 0 && options[active]) input.setAttribute('aria-activedescendant', `pick-${options[active]!.id}`);
    else input.removeAttribute('aria-activedescendant');
  };
  input.addEventListener('input', async () => {
    const all = await load();
    const q = input.value.trim();
    active = -1;
    options =
      all && q
        ? all
            .filter((r) => !chosen.includes(r.id))
            .filter((r) =>
              matches(
                {
                  provider: r.provider,
                  category: r.category,
                  lifecycle: r.lifecycle,
                  freeTier: r.hasFreeTier,
                  text: r.text,
                },
                criteriaFrom(new URLSearchParams({ q })),
              ),
            )
            .sort(
              (a, b) =>
                rank(a, q) - rank(b, q) ||
                Number(a.lifecycle === 'retired') - Number(b.lifecycle === 'retired') ||
                a.name.length - b.name.length,
            )
            .slice(0, SHOWN)
        : [];
    show();
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      active = (active + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length;
      show();
    } else if (e.key === 'Enter' && active >= 0 && options[active]) {
      e.preventDefault();
      choose(options[active]!);
    } else if (e.key === 'Escape') {
      options = [];
      show();
    }
  });
  listbox.addEventListener('click', (e) => {
    const li = (e.target as Element).closest?.<HTMLElement>('li[data-id]');
    const row = li && options.find((r) => r.id === li.dataset.id);
    if (row) choose(row);
  });
  if (!chosen.length) input.focus({ preventScroll: true });
}
