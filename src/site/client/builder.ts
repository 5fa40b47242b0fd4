/**
 * The approved-list builder (/list). This file only wires the parts together;
 * each part owns one section of the page and lives in ./builder/:
 *
 * - about.ts      name and description of the list
 * - list-view.ts  the list grouped by provider and category, with lifecycle warnings
 * - downloads.ts  the action bar's list buttons: interchange JSON (in the browser), markdown and the share link
 * - policies.ts   the action bar's policy buttons: one click downloads a cloud's policy, details below
 * - import.ts     reading a service list file, then replacing or adding to the list
 * - context.ts    what they share: element lookup, the sendable list, the busy button
 *
 * A new section of the page gets its own module here and one start call below.
 */
import { emptyList, type ApprovedListState } from '../list-state.ts';
import { loadCatalogueData, type BuiltData } from './catalogue-data.ts';
import { onListChange, readList, writeList } from './store.ts';
import { trackHeight } from './dom.ts';
import { startAboutFields } from './builder/about.ts';
import { builderPage } from './builder/context.ts';
import { startDownloads } from './builder/downloads.ts';
import { startImport } from './builder/import.ts';
import { listView } from './builder/list-view.ts';
import { startPolicies } from './builder/policies.ts';

export function startBuilder(): void {
  const root = document.querySelector<HTMLElement>('[data-builder]');
  if (!root) return;
  root.hidden = false;
  const page = builderPage(root);
  const state = readList();
  const about = startAboutFields(page, state);

  const view = listView(page);
  const policies = startPolicies(page);
  let data: BuiltData | undefined;
  const render = (s: ApprovedListState) => {
    view.render(s, data);
    policies.refresh(s, data);
  };
  onListChange(render);
  render(state);
  void loadCatalogueData().then((r) => {
    if (!r.ok) return view.showError(r.message, 'Your list is safe in this browser; reload the page to try again.');
    data = r.body;
    render(readList());
  });

  page.find<HTMLButtonElement>('[data-list-clear]').addEventListener('click', () => {
    if (confirm('Remove every service from your list?')) {
      writeList(emptyList());
      about.show(emptyList());
      // The button leaves the view with the list it emptied: the bar says so, and the keyboard goes to the list.
      page.find('[data-bar-status]').textContent = 'Your list is empty now: every service was removed.';
      page.find<HTMLElement>('[data-list-groups]').focus();
    }
  });

  startDownloads(page);
  startImport(page, about);
  // Where the action bar stays at the top of the window, what scrolls into view stops below it, not under it.
  trackHeight(page.find('[data-builder-bar]'), '--builder-bar-height');
}
