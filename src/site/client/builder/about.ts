/** The "About this list" fields: name and description, kept in the stored list as they are typed. */
import type { ApprovedListState } from '../../list-state.ts';
import { updateList } from '../store.ts';
import type { BuilderPage } from './context.ts';

export interface AboutFields {
  /** Shows the stored name and description (after clearing or importing replaced them). */
  show(state: Pick<ApprovedListState, 'name' | 'description'>): void;
}

export function startAboutFields(page: BuilderPage, initial: ApprovedListState): AboutFields {
  const nameInput = page.find<HTMLInputElement>('[data-list-name]');
  const descInput = page.find<HTMLTextAreaElement>('[data-list-description]');
  nameInput.addEventListener('input', () => updateList((s) => ({ ...s, name: nameInput.value })));
  descInput.addEventListener('input', () => updateList((s) => ({ ...s, description: descInput.value })));
  const show: AboutFields['show'] = (state) => {
    nameInput.value = state.name;
    descInput.value = state.description;
  };
  show(initial);
  return { show };
}
