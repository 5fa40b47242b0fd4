/**
 * The list itself, compact: services grouped by provider and category, one
 * line each with its lifecycle badge and a remove button, and above them the warnings (services
 * not active and generally available, those whose lifecycle changes in the
 * next 12 months, ids this catalogue does not know).
 * Re-rendered on every change to the stored list.
 */
import { removeIds, type ApprovedListState } from '../../list-state.ts';
import { groupList, PART_NOTICE_NOTE, partNoticeHeading, type GroupedList, type ListedService } from '../../group.ts';
import { humanDate, lifecycleLabel, plural } from '../../format.ts';
import { changesInNextYear, localToday } from '../../list-lifecycle.ts';
import type { BuiltData } from '../catalogue-data.ts';
import { el, detailNotice, notice } from '../dom.ts';
import { updateList } from '../store.ts';
import type { BuilderPage } from './context.ts';
import type { PolicyTarget } from '../../../core/policies/common.ts';
import { changeSubject, datedByClosing } from '../../../core/lifecycle.ts';
import { cloudNames } from '../../policy-view.ts';

export interface ListView {
  /** Draws the list; before the catalogue has loaded only the count can be shown. */
  render(state: ApprovedListState, data: BuiltData | undefined): void;
  /** Replaces the list with a message (the catalogue could not be loaded). */
  showError(...children: (Node | string)[]): void;
}

export function listView(page: BuilderPage): ListView {
  const groups = page.find('[data-list-groups]');
  const warnings = page.find('[data-list-warnings]');
  const total = page.find('[data-list-total]');
  return {
    render(state, data) {
      total.textContent = `(${state.ids.length})`;
      if (!data) return;
      const grouped = groupList(data, state.ids);
      warnings.replaceChildren(...listWarnings(grouped), ...lifecycleNotice(data, grouped));
      const restricted = new Set(state.restricted);
      groups.replaceChildren(
        ...(state.ids.length ? grouped.providers.map((p) => providerSection(p, restricted)) : [emptyListMessage()]),
      );
    },
    showError(...children) {
      groups.replaceChildren(notice('error', ...children));
    },
  };
}

/** The notices shown above the list. */
function listWarnings(g: GroupedList): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (g.warnings.length) {
    // One line naming them: each service says why on its own line in the list below.
    const count = g.warnings.length;
    out.push(
      detailNotice(
        'warn',
        el(
          'p',
          {},
          el(
            'strong',
            {},
            `${plural(count, 'service')} in your list ${count === 1 ? 'is' : 'are'} not active and generally available: `,
          ),
          ...g.warnings.flatMap((w, i) => [i ? ', ' : '', el('a', { href: `#listed-${w.id}` }, w.name)]),
          '. Each says why below; policies leave retired services out.',
        ),
      ),
    );
  }
  if (g.partWarnings.length) {
    const count = g.partWarnings.length;
    const parts = detailNotice(
      'warn',
      el('p', {}, el('strong', {}, partNoticeHeading(count, 'in your list'))),
      el(
        'ul',
        {},
        ...g.partWarnings.map((w) =>
          el('li', {}, el('a', { href: `/services/${w.slug}` }, `${w.part} (part of ${w.service})`), ' — ', w.text),
        ),
      ),
      el('p', {}, PART_NOTICE_NOTE),
    );
    parts.dataset['partWarnings'] = String(count);
    out.push(parts);
  }
  if (g.unknownIds.length) {
    out.push(
      detailNotice(
        'warn',
        el(
          'p',
          { dataset: { unknownIds: '' } },
          'Not in this catalogue, so left out of every download, policy and saved link ' +
            `(they stay in your list until you remove them): ${g.unknownIds.join(', ')}.`,
        ),
        el(
          'button',
          { type: 'button', className: 'secondary', onclick: () => updateList((x) => removeIds(x, g.unknownIds)) },
          'Remove them',
        ),
      ),
    );
  }
  return out;
}

/** The changes to the listed services (and their parts) in the next 12 months, soonest first, with a link to the timeline. */
function lifecycleNotice(data: BuiltData, g: GroupedList): HTMLElement[] {
  const changing = changesInNextYear(data, g.knownIds, localToday());
  if (!changing.length) return [];
  const count = changing.length;
  return [
    detailNotice(
      'warn',
      el(
        'p',
        { dataset: { listChanges: String(count) } },
        el('strong', {}, `${plural(count, 'change')} to services in your list in the next 12 months:`),
      ),
      el(
        'ul',
        {},
        ...changing.map((c) =>
          el(
            'li',
            {},
            el('a', { href: c.page }, changeSubject(c)),
            // The day something happens, said as what happens ("Sunset announced on …" read as the announcement's day).
            datedByClosing(c)
              ? ` — ${lifecycleLabel(c.status)}: no new customers from ${humanDate(c.date!)}`
              : ` — ${lifecycleLabel(c.status)}: ends on ${humanDate(c.date!)}`,
          ),
        ),
      ),
      el('p', {}, 'Every change in the catalogue: ', el('a', { href: '/lifecycle' }, 'lifecycle timeline'), '.'),
    ),
  ];
}

function emptyListMessage(): HTMLElement {
  return el(
    'p',
    { className: 'notice' },
    'Your list is empty. Open any service in the ',
    el('a', { href: '/' }, 'catalogue'),
    ' and choose “Add to my list”, or import a file below.',
  );
}

type ProviderGroup = GroupedList['providers'][number];

/** One cloud: its name and count, then its categories as small headings over one line per service. */
function providerSection(p: ProviderGroup, restricted: ReadonlySet<string>): HTMLElement {
  return el(
    'section',
    { className: `list-cloud cloud-${p.id}`, attrs: { 'aria-label': p.name } },
    el('h3', {}, `${p.name} `, el('span', { className: 'muted' }, `(${p.count})`)),
    ...p.categories.flatMap((c) => [
      el('h4', {}, c.name),
      el(
        'ul',
        { className: 'compact-list' },
        ...c.services.map((s) =>
          serviceItem(s, cloudNames[p.id as PolicyTarget] ?? p.name, restricted.has(s.service.id)),
        ),
      ),
    ]),
  );
}

/**
 * One line: icon, name, cloud, lifecycle badge, a `restricted` mark when the list has one, remove; a service that is
 * not active says why on a second line.
 */
function serviceItem({ service, warning }: ListedService, cloud: string, restricted: boolean): HTMLElement {
  return el(
    'li',
    { className: 'listed', id: `listed-${service.id}`, dataset: { listed: service.id } },
    el('img', { src: `/icons/services/${service.id}.svg`, width: 20, height: 20, alt: '' }),
    el('a', { href: `/services/${service.slug}`, className: 'listed-name' }, service.name),
    el(
      'span',
      { className: 'listed-meta' },
      el('span', { className: 'listed-cloud cloud muted' }, cloud),
      service.lifecycle &&
        el('span', { className: `badge ${service.lifecycle.status}` }, lifecycleLabel(service.lifecycle.status)),
      restricted &&
        el(
          'span',
          {
            className: 'badge restricted',
            dataset: { restricted: '' },
            attrs: { title: 'Approved with conditions of its own, as the list this came from says' },
          },
          'Restricted',
        ),
    ),
    el(
      'button',
      {
        type: 'button',
        className: 'secondary small listed-remove',
        onclick: (e: MouseEvent) => {
          // The service after this one in the page (the next category's first when this one ends one), else before.
          const all = [...document.querySelectorAll<HTMLElement>('[data-listed]')];
          const at = all.indexOf((e.currentTarget as HTMLElement).closest<HTMLElement>('[data-listed]')!);
          const nextId = (all[at + 1] ?? all[at - 1])?.dataset.listed;
          updateList((x) => removeIds(x, [service.id]));
          // The list is drawn again: keep the keyboard's place on the next service's button, else on the list.
          const next = nextId && document.querySelector<HTMLElement>(`#listed-${CSS.escape(nextId)} .listed-remove`);
          (next || document.querySelector<HTMLElement>('[data-list-groups]'))?.focus();
        },
      },
      el('span', { attrs: { 'aria-hidden': 'true' } }, '×'),
      el('span', { className: 'visually-hidden' }, `Remove ${service.name}`),
    ),
    warning && el('p', { className: 'listed-warning' }, warning),
  );
}
