/**
 * The services table island: builds the API's search index from
 * /catalogue.json once (./catalogue-search.ts), then filters, ranks, sorts
 * and pages in place, rendering only the current page (50 rows) so the
 * document stays small; the state lives in the address (?q=&provider=
 * &category=&lifecycle=&freeTier=&sort=&page=) so any view can be shared.
 * With search words and no column chosen, rows are in the API's relevance
 * order (typos and synonyms included: `kubernets`, `k8s`).
 */
import { criteriaFrom, criteriaQuery } from '../filter.ts';
import { lifecycleLabels, plural } from '../format.ts';
import {
  effectiveSort,
  parseSort,
  sortParam,
  tableRows,
  tableView,
  type Sort,
  type TableRow,
} from '../service-index.ts';
import { loadLocalSearch } from './catalogue-search.ts';
import { startCompareTray } from './compare-tray.ts';
import { el, statusLine } from './dom.ts';
import { renderListButtons } from './list-buttons.ts';

const SORT_WORDS: Record<string, string> = {
  relevance: 'relevance',
  name: 'name',
  provider: 'cloud',
  category: 'category',
  lifecycle: 'lifecycle',
  freeTier: 'free tier',
};

export async function startServicesTable(): Promise<void> {
  const filter = document.querySelector<HTMLFormElement>('form[data-table-filter]');
  const form = document.querySelector<HTMLFormElement>('form[data-table]');
  if (!filter || !form) return;
  const body = form.querySelector<HTMLElement>('[data-table-body]')!;
  const say = statusLine(form.querySelector<HTMLElement>('[data-table-status]')!);
  const pager = form.querySelector<HTMLElement>('[data-table-pager]')!;
  const empty = form.querySelector<HTMLElement>('[data-table-empty]')!;
  const reset = filter.querySelector<HTMLButtonElement>('[data-table-reset]')!;
  const input = filter.querySelector<HTMLInputElement>('input[name=q]')!;
  filter.querySelector<HTMLElement>('[data-needs-no-js]')!.hidden = true;

  // Names of the services on the prerendered page, until the index arrives.
  const names = new Map<string, string>(
    [...body.querySelectorAll<HTMLTableRowElement>('tr[data-service]')].map((tr) => [
      tr.dataset.service!,
      tr.querySelector('a')?.textContent ?? tr.dataset.service!,
    ]),
  );
  const tray = startCompareTray(form, (id) => names.get(id));

  // What the visitor types or picks while the index is on its way is theirs: the address fills only the fields
  // left untouched, and the table then shows the visitor's filter.
  const touched = new Set<string>();
  const noteTouched = (e: Event) => touched.add((e.target as HTMLInputElement | HTMLSelectElement).name);
  filter.addEventListener('input', noteTouched);
  const loaded = await loadLocalSearch();
  filter.removeEventListener('input', noteTouched);
  if (!loaded.ok) {
    // The prerendered first page stays usable; say that filtering in place is unavailable.
    say(`${loaded.message} The first page is shown; filters still work through the search page.`, 'now');
    filter.querySelector<HTMLElement>('[data-needs-no-js]')!.hidden = false;
    return;
  }
  const { catalogue, index } = loaded.body;
  const rows = tableRows(catalogue);
  for (const r of rows) names.set(r.id, r.name);
  tray.render();

  let sort: Sort = parseSort(null);
  let page = 1;
  const fillField = (field: HTMLInputElement | HTMLSelectElement, value: string) => {
    // A shared address may combine values (lifecycle=deprecated,sunset): offer that combination as an option.
    if (field instanceof HTMLSelectElement && value && ![...field.options].some((o) => o.value === value))
      field.append(
        el(
          'option',
          { value },
          value
            .split(',')
            .map((v) => lifecycleLabels[v as keyof typeof lifecycleLabels] ?? v)
            .join(', '),
        ),
      );
    field.value = value;
  };
  /** The view an address names: its sort, page and filters (all but the fields in `keep`, the visitor's own). */
  const fromAddress = (params: URLSearchParams, keep: ReadonlySet<string> = new Set()) => {
    sort = parseSort(params.get('sort'));
    page = Number(params.get('page') ?? '1');
    for (const field of filter.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[name]')) {
      if (keep.has(field.name)) continue;
      fillField(field, params.getAll(field.name).join(','));
    }
  };
  fromAddress(new URLSearchParams(location.search), touched);

  // Sortable headers: a button in each, aria-sort on the sorted one.
  const headers = [...form.querySelectorAll<HTMLTableCellElement>('th[data-sort-key]')];
  for (const th of headers) {
    const label = th.textContent!.trim();
    th.replaceChildren(
      el('button', { type: 'button', className: 'sort', dataset: { sort: th.dataset.sortKey! } }, label),
    );
  }

  const rowCache = new Map<string, HTMLTableRowElement>();
  const rowFor = (r: TableRow) => {
    let tr = rowCache.get(r.id);
    if (!tr) rowCache.set(r.id, (tr = rowElement(r)));
    return tr;
  };
  let lastShown: string | undefined;

  /**
   * Shows the view and, unless `address` is false, writes it in the address: a new history entry for a step someone
   * takes (a page, a sort, a filter picked, the first letter of a run of typing), so Back returns to the view before
   * it; the same entry for the rest of that run. The count is told to a screen reader for a step taken (`told`, by
   * default when the address changes, and after Back or Forward), not for the page's first state, which it reads itself.
   */
  const render = (address: 'push' | 'replace' | false, told = address !== false) => {
    const criteria = criteriaFrom(new URLSearchParams(new FormData(filter) as unknown as Record<string, string>));
    const view = tableView(rows, index, criteria, sort, page);
    const shown = effectiveSort(sort, criteria.q);
    page = view.page;
    // Rows are made once per service and reused, and left alone when a keystroke does not change them:
    // building 50 rows of elements on every keystroke would cost most of a frame.
    const shownIds = view.rows.map((r) => r.id).join(' ');
    if (shownIds !== lastShown) {
      lastShown = shownIds;
      body.replaceChildren(...view.rows.map(rowFor));
      renderListButtons();
      tray.render();
    }
    for (const th of headers)
      if (th.dataset.sortKey === shown.key) th.setAttribute('aria-sort', shown.descending ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    const filtered = view.total !== rows.length;
    say(
      `${filtered ? `${plural(view.total, 'service')} of ${rows.length} match` : plural(view.total, 'service')}` +
        `, ${shown.key === 'relevance' ? 'best match first' : `sorted by ${SORT_WORDS[shown.key]}`}${shown.descending ? ' (descending)' : ''}` +
        (view.pages > 1 ? ` · page ${view.page} of ${view.pages}` : ''),
      told ? undefined : 'quiet',
    );
    empty.hidden = view.total > 0;
    reset.hidden = !filtered;
    pager.replaceChildren(pagerList(view.page, view.pages));
    // One page needs no pager: a lone "1" reads as a control that does nothing.
    pager.hidden = view.pages <= 1;
    if (address) {
      const qs = new URLSearchParams(criteriaQuery(criteria));
      const sorted = sortParam(sort);
      if (sorted) qs.set('sort', sorted);
      if (view.page > 1) qs.set('page', String(view.page));
      const s = qs.toString();
      const url = s ? `/services?${s}` : '/services';
      if (address === 'push' && url !== location.pathname + location.search) history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    }
  };

  // A run of keystrokes is one step: its first letter makes the history entry, the rest update it.
  let typing = false;
  input.addEventListener('blur', () => (typing = false));
  filter.addEventListener('input', (e) => {
    page = 1;
    const keystroke = e.target === input;
    render(keystroke && typing ? 'replace' : 'push');
    typing = keystroke;
  });
  filter.addEventListener('submit', (e) => {
    e.preventDefault();
    render('push');
  });
  filter.addEventListener('reset', () =>
    setTimeout(() => {
      page = 1;
      render('push');
    }),
  );
  // Back and Forward: the view of the address they land on.
  addEventListener('popstate', () => {
    if (location.pathname !== '/services') return;
    typing = false;
    fromAddress(new URLSearchParams(location.search));
    render(false, true);
  });
  form.addEventListener('click', (e) => {
    const target = e.target as Element;
    const sortButton = target.closest?.<HTMLButtonElement>('button[data-sort]');
    if (sortButton) {
      const key = sortButton.dataset.sort!;
      const current = effectiveSort(sort, input.value.trim());
      sort = parseSort(current.key === key && !current.descending ? `-${key}` : key);
      page = 1;
      render('push');
      return;
    }
    const pageButton = target.closest?.<HTMLButtonElement>('button[data-page]');
    if (pageButton) {
      page = Number(pageButton.dataset.page);
      const pressed = pageButton.getAttribute('aria-label');
      render('push');
      form.querySelector('.table-scroll')?.scrollIntoView({ block: 'start' });
      // The pager is made anew: the keyboard focus goes to its button of the same name ("Next page" again), else
      // to the page now shown, rather than to the page itself.
      const again =
        [...pager.querySelectorAll<HTMLButtonElement>('button[data-page]')].find(
          (b) => b.getAttribute('aria-label') === pressed,
        ) ?? pager.querySelector<HTMLButtonElement>('button[aria-current="page"]');
      again?.focus({ preventScroll: true });
    }
  });
  if (touched.size) page = 1;
  // What the visitor picked while the index loaded is a step of theirs, as it would have been after.
  render(touched.size > 0 && 'push');
}

function pagerList(page: number, pages: number): HTMLElement {
  const button = (n: number, label: string, aria: string) =>
    el(
      'button',
      {
        type: 'button',
        className: 'secondary small',
        dataset: { page: String(n) },
        attrs: { 'aria-label': aria, ...(n === page && label === String(n) ? { 'aria-current': 'page' } : {}) },
      },
      label,
    );
  const numbers = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const items: HTMLElement[] = [];
  if (page > 1) items.push(el('li', {}, button(page - 1, '‹ Previous', 'Previous page')));
  numbers.forEach((n, i) => {
    if (i > 0 && n - numbers[i - 1]! > 1)
      items.push(el('li', { className: 'muted', attrs: { 'aria-hidden': 'true' } }, '…'));
    items.push(el('li', {}, button(n, String(n), `Page ${n}`)));
  });
  if (page < pages) items.push(el('li', {}, button(page + 1, 'Next ›', 'Next page')));
  return el('ol', {}, ...items);
}

function rowElement(r: TableRow): HTMLTableRowElement {
  const img = el('img', { src: r.icon, width: 22, height: 22, alt: '', decoding: 'async' });
  img.setAttribute('width', '22');
  img.setAttribute('height', '22');
  return el(
    'tr',
    { dataset: { service: r.id, provider: r.provider } },
    el(
      'td',
      {},
      el('span', { className: 'svc-name' }, img, el('a', { href: `/services/${r.slug}`, title: r.name }, r.name)),
    ),
    el('td', {}, el('span', { className: `cloud cloud-${r.provider}` }, r.providerName)),
    el('td', {}, r.categoryName),
    el(
      'td',
      {},
      r.lifecycle === 'active'
        ? el('span', { className: 'muted' }, 'Active')
        : el('span', { className: `badge ${r.lifecycle}` }, lifecycleLabels[r.lifecycle]),
    ),
    el('td', {}, r.hasFreeTier ? 'Yes' : el('span', { className: 'muted' }, 'No')),
    el(
      'td',
      {},
      el(
        'span',
        { className: 'row-tools' },
        el(
          'label',
          { className: 'check' },
          el('input', { type: 'checkbox', name: 'ids', value: r.id, dataset: { compare: '' } }),
          ' Compare',
          el('span', { className: 'visually-hidden' }, ` ${r.name}`),
        ),
        el(
          'button',
          {
            type: 'button',
            className: 'secondary tiny',
            hidden: true,
            dataset: { listToggle: r.id },
          },
          el('span', { dataset: { label: '' } }, 'Add to my list'),
          el('span', { className: 'visually-hidden' }, `: ${r.name}`),
        ),
      ),
    ),
  );
}
