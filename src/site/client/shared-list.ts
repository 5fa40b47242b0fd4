/** "Import into my list" on a shared list page. */
import { addedFrom, replacedBy } from '../list-state.ts';
import { plural } from '../format.ts';
import { notice } from './dom.ts';
import { readList, updateList } from './store.ts';

export function startSharedImport(): void {
  const box = document.querySelector<HTMLElement>('[data-shared-import]');
  if (!box) return;
  box.hidden = false;
  const ids = JSON.parse(box.dataset.ids ?? '[]') as string[];
  const restricted = JSON.parse(box.dataset.restrictedIds ?? '[]') as string[];
  const out = box.querySelector<HTMLElement>('[data-shared-result]')!;
  for (const b of box.querySelectorAll<HTMLButtonElement>('button[data-shared-mode]')) {
    b.addEventListener('click', () => {
      const replace = b.dataset.sharedMode === 'replace';
      // Replacing loses the list kept in this browser, as clearing it does: asked the same way, unless it is empty.
      const mine = readList().ids.length;
      if (replace && mine && !confirm(`Replace your list of ${plural(mine, 'service')} with this one?`)) return;
      const { name = '', description, organisation, owner } = box.dataset;
      updateList((s) =>
        replace
          ? replacedBy({ name, description, organisation, owner, ids, restricted })
          : addedFrom(s, { ids, restricted }),
      );
      out.replaceChildren(notice('ok', `Done: your list now has ${plural(readList().ids.length, 'service')}.`));
      const link = document.createElement('a');
      link.href = '/list';
      link.textContent = 'Open my list';
      out.firstElementChild?.append(link);
    });
  }
}
