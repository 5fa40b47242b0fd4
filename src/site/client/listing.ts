/**
 * Listing pages: filters apply in place (the same rules as /search and the
 * API), the URL keeps them so a filtered view can be shared, and compare
 * selection stops at 10.
 */
import { criteriaFrom, matches, words, type FilterableRow } from '../filter.ts';
import { plural } from '../format.ts';

export const MAX_COMPARE = 10;

export function startListing(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-filter-form]');
  const rows = [...document.querySelectorAll<HTMLElement>('[data-service-list] > li[data-service]')];
  const status = document.querySelector<HTMLElement>('[data-filter-status]');
  const none = document.querySelector<HTMLElement>('[data-no-match]');

  if (form) {
    const data: FilterableRow[] = rows.map((li) => ({
      provider: li.dataset.provider!,
      category: li.dataset.category!,
      lifecycle: li.dataset.lifecycle!,
      freeTier: li.dataset.free === 'true',
      text: [
        li.dataset.text ?? '',
        ...words(
          `${li.querySelector('h3 a')?.textContent ?? ''} ${li.querySelector('[data-description]')?.textContent ?? ''}`,
        ),
      ].join(' '),
    }));
    const apply = (updateUrl: boolean) => {
      const params = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
      const c = criteriaFrom(params);
      let shown = 0;
      rows.forEach((li, i) => {
        const ok = matches(data[i]!, c);
        li.hidden = !ok;
        if (ok) shown++;
      });
      if (status)
        status.textContent =
          shown === rows.length
            ? plural(rows.length, 'service')
            : `${plural(shown, 'service')} of ${rows.length} match the filters`;
      if (none) none.hidden = shown > 0;
      if (updateUrl) {
        const visible = new URLSearchParams();
        for (const [k, v] of params)
          if (v && !form.querySelector(`input[type=hidden][name="${k}"]`)) visible.append(k, v);
        const qs = visible.toString();
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
    form.addEventListener('input', () => apply(true));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      apply(true);
    });
    apply(false);
  }

  const compareForm = document.querySelector<HTMLFormElement>('form[data-compare-form]');
  if (compareForm) {
    const boxes = () => [...compareForm.querySelectorAll<HTMLInputElement>('input[data-compare]')];
    const submit = compareForm.querySelector<HTMLButtonElement>('[data-compare-submit]');
    const sync = () => {
      const picked = boxes().filter((b) => b.checked).length;
      for (const b of boxes()) b.disabled = !b.checked && picked >= MAX_COMPARE;
      if (submit) submit.textContent = picked ? `Compare ${picked} selected` : 'Compare selected';
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
