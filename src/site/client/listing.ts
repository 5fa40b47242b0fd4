/**
 * Listing pages (a provider's or a category's services): filters apply in
 * place through the API's search index (./catalogue-search.ts, built from
 * /catalogue.json when search words are first typed), so the words find and
 * order what GET /v1/services finds for the same filters, typos and
 * synonyms included; without words the facets need no index and the list
 * keeps its name order. The URL keeps the filters so a filtered view can be
 * shared, and compare selection stops at 10.
 */
import { criteriaFrom, serviceQuery } from '../filter.ts';
import { plural } from '../format.ts';
import { loadLocalSearch, type LocalSearch } from './catalogue-search.ts';
import { statusLine, trackHeight } from './dom.ts';

export const MAX_COMPARE = 10;

export function startListing(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-filter-form]');
  const list = document.querySelector<HTMLElement>('[data-service-list]');
  const rows = [...document.querySelectorAll<HTMLElement>('[data-service-list] > li[data-service]')];
  const statusEl = document.querySelector<HTMLElement>('[data-filter-status]');
  const say = statusEl ? statusLine(statusEl) : undefined;
  const none = document.querySelector<HTMLElement>('[data-no-match]');

  if (form && list) {
    const byId = new Map(rows.map((li) => [li.dataset.service!, li]));
    /** undefined: not asked yet; null: could not be loaded (the form then submits to /search). */
    let local: LocalSearch | null | undefined;
    let loading: Promise<void> | undefined;
    const load = () =>
      (loading ??= loadLocalSearch().then((r) => {
        local = r.ok ? r.body : null;
        if (!r.ok) say?.(`${r.message} Press “Apply filters” to search on the search page.`, 'now');
      }));
    const inPlace = (q: string) => !q || !!local;
    const facetMatch = (li: HTMLElement, c: ReturnType<typeof criteriaFrom>) =>
      !(
        (c.provider.length && !c.provider.includes(li.dataset.provider!)) ||
        (c.category.length && !c.category.includes(li.dataset.category!)) ||
        (c.lifecycle.length && !c.lifecycle.includes(li.dataset.lifecycle!)) ||
        (c.freeTier && li.dataset.free !== c.freeTier)
      );
    const apply = (updateUrl: boolean) => {
      const params = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
      const c = criteriaFrom(params);
      if (!inPlace(c.q)) {
        if (local === undefined) void load().then(() => apply(updateUrl));
        return;
      }
      // With search words: the index's matches, best first; without: every row passing the facets, in name order.
      const shown = c.q
        ? local!.index
            .query(serviceQuery(c, 1, Math.max(1, rows.length)))
            .items.map((s) => byId.get(s.id))
            .filter((li): li is HTMLElement => li !== undefined)
        : rows.filter((li) => facetMatch(li, c));
      const visible = new Set(shown);
      for (const li of rows) li.hidden = !visible.has(li);
      list.append(...shown, ...rows.filter((li) => !visible.has(li)));
      say?.(
        shown.length === rows.length && !c.q
          ? plural(rows.length, 'service')
          : `${plural(shown.length, 'service')} of ${rows.length} match the filters${c.q ? ', best match first' : ''}`,
        updateUrl ? undefined : 'quiet',
      );
      if (none) none.hidden = shown.length > 0;
      if (updateUrl) {
        const visibleParams = new URLSearchParams();
        for (const [k, v] of params)
          if (v && !form.querySelector(`input[type=hidden][name="${k}"]`)) visibleParams.append(k, v);
        const qs = visibleParams.toString();
        history.replaceState(null, '', qs ? `?${qs}` : location.pathname);
      }
    };
    // A filtered URL opened directly (or after reload): restore the form from it.
    const initial = new URLSearchParams(location.search);
    if ([...initial.keys()].length) {
      for (const el of form.querySelectorAll<HTMLInputElement>('input[name]')) {
        if (el.type === 'hidden') continue;
        const values = initial.getAll(el.name).flatMap((v) => v.split(','));
        if (el.type === 'checkbox' || el.type === 'radio')
          el.checked = values.includes(el.value) || (el.type === 'radio' && el.value === '' && !values.length);
        else el.value = initial.get(el.name) ?? '';
      }
      if (
        form.querySelector(
          'input[type=checkbox]:checked, input[type=radio][value="true"]:checked, input[type=radio][value="false"]:checked',
        )
      )
        form.querySelector('details')?.setAttribute('open', '');
    }
    form.querySelector('input[name=q]')?.addEventListener('focus', () => void load(), { once: true });
    form.addEventListener('input', () => apply(true));
    form.addEventListener('submit', (e) => {
      // Without the index (it could not be loaded) the form goes to /search, which answers the same way.
      if (
        !inPlace(criteriaFrom(new URLSearchParams(new FormData(form) as unknown as Record<string, string>)).q) &&
        local === null
      )
        return;
      e.preventDefault();
      apply(true);
    });
    apply(false);
  }

  const compareForm = document.querySelector<HTMLFormElement>('form[data-compare-form]');
  if (compareForm) {
    const boxes = () => [...compareForm.querySelectorAll<HTMLInputElement>('input[data-compare]')];
    const submit = compareForm.querySelector<HTMLButtonElement>('[data-compare-submit]');
    // The row with the compare button stays at the top of the window: what scrolls into view stops below it.
    const row = compareForm.querySelector<HTMLElement>(':scope > p.row:first-child');
    if (row) trackHeight(row, '--compare-row-height');
    const sync = () => {
      const picked = boxes().filter((b) => b.checked).length;
      for (const b of boxes()) b.disabled = !b.checked && picked >= MAX_COMPARE;
      if (submit) submit.textContent = picked ? `Compare ${picked} selected` : 'Compare selected';
      // Once a service is ticked, the message that none was no longer holds.
      if (picked) compareForm.querySelector('[data-compare-hint]')?.remove();
    };
    compareForm.addEventListener('change', sync);
    compareForm.addEventListener('submit', (e) => {
      if (!boxes().some((b) => b.checked)) {
        e.preventDefault();
        alertNone(compareForm);
      }
    });
    sync();
  }
}

function alertNone(form: HTMLFormElement): void {
  let msg = form.querySelector<HTMLElement>('[data-compare-hint]');
  if (!msg) {
    msg = document.createElement('p');
    msg.className = 'notice';
    msg.setAttribute('role', 'alert');
    msg.dataset.compareHint = '';
    form.querySelector('p.row')?.after(msg);
  }
  msg.textContent = 'Tick at least one service (up to 10) to compare.';
}
