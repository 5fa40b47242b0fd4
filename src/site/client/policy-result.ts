/**
 * The details of a policy downloaded from the builder: how many services the policy
 * allows, what it left out and why, the dependencies it denies (each with an
 * "Add it" button that adds the service to the list and generates again),
 * the warnings (lifecycle, the Google Cloud placeholder), what else it lets
 * through, a button to download it again, and the document itself.
 */
import { GCP_DEFAULT_PARENT } from '../../core/policies/gcp-org-policy.ts';
import type { BuiltCatalogueData } from '../../core/catalogue.ts';
import { targetLabels, type Omission, type PolicyTarget } from '../../core/policies/common.ts';
import { humanDate, lifecycleWarning, partLifecycleWarning, plural } from '../format.ts';
import {
  alsoAllowsLines,
  alsoAllowsSummary,
  dependencyOffers,
  exemptRolesIn,
  sizeAgainstQuota,
  type DependencyReason,
  type PolicyEnvelopeView,
} from '../policy-view.ts';
import { el, detailNotice } from './dom.ts';
import { download } from './http.ts';

const omissionWords: Record<string, string> = {
  'other-provider': 'on another cloud',
  retired: 'retired by the vendor',
  'no-identifiers': 'no identifier this policy can use',
  'not-restrictable': 'this control cannot restrict it',
};

export interface PolicyResultInput {
  target: PolicyTarget;
  envelope: PolicyEnvelopeView;
  data: BuiltCatalogueData;
  /** The file the policy was downloaded as (in the chosen format), for "download again". */
  file: { filename: string; body: string; contentType: string };
  /** Sentence about ids left out because the catalogue does not know them ('' when none). */
  leftOut: string;
  /** Adds a service to the approved list and generates the policy again. */
  add: (id: string) => void;
  /** What the list's last change from this panel was ("Added …"), said where the offers are. */
  change?: string | undefined;
}

/** The policy document as the file to download. */
export function policyText(target: PolicyTarget, doc: unknown): string {
  // AWS counts every character against the SCP quota: keep its document minified, as the API answers it.
  return target === 'aws' ? JSON.stringify(doc) : `${JSON.stringify(doc, null, 2)}\n`;
}

export function renderPolicyResult(out: HTMLElement, input: PolicyResultInput): void {
  const { target, envelope: env, data, file, leftOut, add, change } = input;
  const doc = env.document;
  const byId = new Map(data.services.map((s) => [s.id, s]));
  const nameOf = (id: string) => byId.get(id)?.name ?? id;
  /** Why a service was left out, in the site's words (the API's detail suggests query parameters). */
  const why = (o: Omission): string => {
    if (o.reason !== 'retired') return `${omissionWords[o.reason] ?? o.reason}: ${o.detail}`;
    const l = byId.get(o.id)?.lifecycle;
    return (
      `${omissionWords.retired}${l?.sunsetDate ? ` on ${humanDate(l.sunsetDate)}` : ''}` +
      `${l?.successorSlug ? `; its successor is ${data.services.find((x) => x.slug === l.successorSlug)?.name ?? l.successorSlug}` : ''}`
    );
  };
  const exempt = exemptRolesIn(doc).length;
  const own = env.omitted.filter((o) => o.reason !== 'other-provider');
  const offers = dependencyOffers(env, data);
  const offerGroups = (
    [
      ['This policy denies what your services need:', offers.filter((o) => o.kind === 'requires')],
      ['It also denies what works best with them:', offers.filter((o) => o.kind === 'recommends')],
    ] as const
  ).filter(([, group]) => group.length > 0);
  const also = alsoAllowsLines(env, data);
  const size = sizeAgainstQuota(env);
  out.replaceChildren(
    el(
      'p',
      {},
      `${plural(env.included.length, 'service')} of this cloud allowed.`,
      exempt ? ` The deny does not apply to ${plural(exempt, 'exempt role')}.` : '',
      leftOut,
    ),
    // Near the quota, a service added with "Add it" can take the document over it: said before it happens.
    ...(size
      ? [
          size.near
            ? detailNotice(
                'warn',
                el(
                  'p',
                  { dataset: { policySize: 'near' } },
                  `The document is ${size.text}: close to it, so a service added to the list may take it over.`,
                ),
              )
            : el('p', { dataset: { policySize: '' } }, `The document is ${size.text}.`),
        ]
      : []),
    ...(own.length
      ? [
          detailNotice(
            'warn',
            el('p', {}, 'Left out of this policy:'),
            el(
              'ul',
              {},
              ...own.map((o) =>
                el('li', { dataset: { omitted: o.id } }, el('strong', {}, nameOf(o.id)), ` — ${why(o)}`),
              ),
            ),
          ),
        ]
      : []),
    // Where the offers are, among which "Add it" was pressed: the keyboard focus comes here after it (or its undo).
    ...(change ? [detailNotice('ok', el('p', { dataset: { policyChange: '' } }, change))] : []),
    // What the services need first, then what works best with them: each under its own words, so a recommendation
    // is never counted among what the policy denies them.
    ...offerGroups.map(([heading, group]) =>
      detailNotice(
        'warn',
        el('p', {}, el('strong', {}, heading)),
        el(
          'ul',
          { className: 'dependency-offers' },
          ...group.map((o) => {
            const addButton = o.addId
              ? el(
                  'button',
                  {
                    type: 'button',
                    className: 'secondary',
                    dataset: { addDependency: o.addId },
                    attrs: { 'aria-label': `Add it: ${nameOf(o.addId)}` },
                    onclick: () => add(o.addId!),
                  },
                  'Add it',
                )
              : '(no catalogue service owns it; add its identifiers to the policy yourself)';
            const [only] = o.reasons;
            if (o.reasons.length === 1 && only)
              return el(
                'li',
                { dataset: { dependency: o.addId ?? '' } },
                `${o.text} `,
                ...sourceLinks(only),
                addButton,
              );
            // Many services wanting one: the service to add first, then one row per reason with its own source.
            return el(
              'li',
              { dataset: { dependency: o.addId ?? '' } },
              el('p', {}, el('strong', {}, o.subject), `: ${o.summary} `, addButton),
              el(
                'ul',
                { className: 'dependency-reasons' },
                ...o.reasons.map((r) => el('li', {}, `${r.text} `, ...sourceLinks(r))),
              ),
            );
          }),
        ),
      ),
    ),
    ...(env.warnings.length
      ? [
          detailNotice(
            'warn',
            el('p', {}, 'Before you deploy it:'),
            el(
              'ul',
              {},
              ...env.warnings.map((w) => el('li', { dataset: { policyWarning: w.code } }, ...warningText(w, byId))),
            ),
          ),
        ]
      : []),
    el(
      'p',
      { className: 'row' },
      el(
        'button',
        {
          type: 'button',
          onclick: () => download(file.filename, file.body, file.contentType),
          dataset: { policyDownload: target },
        },
        `Download ${file.filename} again`,
      ),
    ),
    ...(also.length
      ? [
          el(
            'details',
            { dataset: { alsoAllows: target } },
            el('summary', {}, alsoAllowsSummary(env)),
            el(
              'ul',
              {},
              ...also.map((line, i) => el('li', { dataset: { alsoAllowsId: env.alsoAllows[i]!.id } }, line)),
            ),
          ),
        ]
      : []),
    el(
      'details',
      {},
      el('summary', {}, 'Show the policy'),
      // A box that scrolls: named and reachable by the keyboard, so it can be scrolled without a pointer.
      el(
        'pre',
        { tabIndex: 0, attrs: { role: 'region', 'aria-label': `The ${targetLabels[target]} as text` } },
        JSON.stringify(doc, null, 2),
      ),
    ),
  );
}

/**
 * A reason's vendor pages, each link named for a screen reader with what it is the source of (every link has the
 * same visible words). They open in a new tab: followed in this one, they would leave the panel, which is made in the
 * page and not kept.
 */
function sourceLinks(reason: DependencyReason): (Node | string)[] {
  return reason.sources.flatMap((source, i) => {
    const label = reason.sources.length > 1 ? `Source ${i + 1}` : 'Source';
    return [
      el(
        'a',
        {
          href: source,
          target: '_blank',
          rel: 'noopener',
          attrs: { 'aria-label': `${label}: ${reason.about} (opens in a new tab)` },
        },
        label,
      ),
      ' ',
    ];
  });
}

/**
 * A warning as this page words it: a service's lifecycle, or a part's, as its own page says it (names and dates, not ids), the
 * Google Cloud placeholder with the field on this page that fixes it (not the API's `parent=`), else the API's
 * sentence.
 */
function warningText(
  w: PolicyEnvelopeView['warnings'][number],
  byId: ReadonlyMap<string, BuiltCatalogueData['services'][number]>,
): (Node | string)[] {
  const s = w.serviceId ? byId.get(w.serviceId) : undefined;
  if (s?.lifecycle && (w.code === 'deprecated' || w.code === 'sunset' || w.code === 'preview')) {
    const slug = s.lifecycle.successorSlug;
    const successor = slug ? [...byId.values()].find((x) => x.slug === slug) : undefined;
    const text = lifecycleWarning(s.name, s.lifecycle, successor?.name, successor?.lifecycle?.status ?? 'active');
    if (text) return [text];
  }
  // A part of a service, in the words of the list's own notice and with the date as people write it.
  if (s && (w.code === 'part-closed' || w.code === 'part-sunset')) {
    const part = s.subServices.find((sub) => sub.id === w.partId);
    const text = part && partLifecycleWarning(s.name, part);
    if (text) return [text];
  }
  if (w.code !== 'placeholder-parent') return [w.message];
  return [
    `The policy name still has the placeholder ${GCP_DEFAULT_PARENT}: set `,
    el('a', { href: '#gcp-parent' }, 'where the Google Cloud policy applies'),
    ' and make it again, or replace the placeholder in the file before gcloud org-policies set-policy accepts it.',
  ];
}
