/**
 * "Add to my list" buttons on any page (`button[data-list-toggle="<id>"]`,
 * rendered hidden so that they only appear when this script runs) and the
 * header count. Loaded on every page: keep it tiny.
 */
import { hasId, toggleId, type ApprovedListState } from '../list-state.ts';
import { onListChange, readList, updateList } from './store.ts';

/** Brings buttons and counters in step with the list (call after adding buttons to the page). */
export function renderListButtons(state: ApprovedListState = readList()): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>('button[data-list-toggle]')) {
    const on = hasId(state, b.dataset.listToggle!);
    b.hidden = false;
    // The label says the state and the action ("In my list (remove)"): a toggle's name must not change with its state
    // (aria-pressed beside a changing label was read as "In my list (remove), pressed"), so the state is only data.
    b.dataset.inList = String(on);
    const label = b.querySelector('[data-label]');
    if (label) label.textContent = on ? 'In my list (remove)' : 'Add to my list';
  }
  for (const c of document.querySelectorAll<HTMLElement>('[data-list-count]')) {
    c.textContent = String(state.ids.length);
    c.hidden = false;
    c.setAttribute('aria-label', `${state.ids.length} service${state.ids.length === 1 ? '' : 's'} in your list`);
  }
}

export function startListButtons(): void {
  // One polite status for the page, there before anything is said in it (a live region added with its text is not
  // always read): a button's label changing is not announced by every screen reader.
  const said = document.createElement('p');
  said.className = 'visually-hidden';
  said.setAttribute('role', 'status');
  said.dataset.listSaid = '';
  document.body.append(said);
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-list-toggle]');
    if (!button) return;
    const id = button.dataset.listToggle!;
    const next = updateList((s) => toggleId(s, id));
    // The service's name as the button's own hidden text gives it (": Amazon S3").
    const name = button.querySelector('.visually-hidden')?.textContent?.replace(/^[\s:]+/, '') || 'The service';
    const count = `${next.ids.length} service${next.ids.length === 1 ? '' : 's'}`;
    said.textContent = hasId(next, id)
      ? `Added ${name} to your list (${count}).`
      : `Removed ${name} from your list (${count}).`;
  });
  onListChange(renderListButtons);
  renderListButtons();
}
