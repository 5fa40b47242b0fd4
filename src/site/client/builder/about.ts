/**
 * The "About this list" fields: name, organisation, owner and description,
 * kept in the stored list as they are typed.
 */
import { withParty, type ApprovedListState } from '../../list-state.ts';
import { updateList } from '../store.ts';
import type { BuilderPage } from './context.ts';

export interface AboutFields {
  /** Shows the stored fields (after clearing or importing replaced them). */
  show(state: Pick<ApprovedListState, 'name' | 'description' | 'organisation' | 'owner'>): void;
}

export function startAboutFields(page: BuilderPage, initial: ApprovedListState): AboutFields {
  const nameInput = page.find<HTMLInputElement>('[data-list-name]');
  const descInput = page.find<HTMLTextAreaElement>('[data-list-description]');
  const orgInput = page.find<HTMLInputElement>('[data-list-organisation]');
  const ownerInput = page.find<HTMLInputElement>('[data-list-owner]');
  nameInput.addEventListener('input', () => updateList((s) => ({ ...s, name: nameInput.value })));
  descInput.addEventListener('input', () => updateList((s) => ({ ...s, description: descInput.value })));
  orgInput.addEventListener('input', () => updateList((s) => withParty(s, 'organisation', orgInput.value)));
  ownerInput.addEventListener('input', () => updateList((s) => withParty(s, 'owner', ownerInput.value)));
  const show: AboutFields['show'] = (state) => {
    nameInput.value = state.name;
    descInput.value = state.description;
    orgInput.value = state.organisation ?? '';
    ownerInput.value = state.owner ?? '';
  };
  show(initial);
  return { show };
}
