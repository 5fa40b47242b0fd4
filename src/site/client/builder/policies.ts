/**
 * The "Guardrail policies" buttons (`data-policy`, one per cloud): asks the
 * API for the policy with its envelope, then shows what it allows, what it
 * had to leave out and why, a download button and the document itself.
 */
import type { z } from 'zod';
import type { PolicyEnvelope as PolicyEnvelopeSchema } from '../../../core/policies/schemas.ts';
import { fileStem } from '../../list-state.ts';
import { plural } from '../../format.ts';
import { el, notice } from '../dom.ts';
import { download, request } from '../http.ts';
import { prepareList, whileBusy, type BuilderPage } from './context.ts';

const omissionWords: Record<string, string> = {
  'other-provider': 'on another cloud',
  'no-identifiers': 'no identifier this policy can use',
  'not-restrictable': 'this control cannot restrict it',
};

/** What /v1/policies/…?envelope=true answers (a type only: the browser does not load the schema). */
type PolicyEnvelope = z.output<typeof PolicyEnvelopeSchema>;

/** One cloud's policy button and where its result goes. */
interface PolicyTarget {
  /** The cloud: aws, azure or gcp. */
  target: string;
  /** The API path segment: aws-scp, azure-policy, gcp-org-policy. */
  path: string;
  button: HTMLButtonElement;
  out: HTMLElement;
}

export function startPolicies(page: BuilderPage): void {
  for (const button of page.root.querySelectorAll<HTMLButtonElement>('button[data-policy]')) {
    const target = button.dataset.policy!;
    const policy: PolicyTarget = {
      target,
      path: button.dataset.policyPath!,
      button,
      out: page.find(`[data-policy-result="${target}"]`),
    };
    button.addEventListener('click', () => whileBusy(button, () => generatePolicy(policy)));
  }
}

async function generatePolicy({ target, path, button, out }: PolicyTarget): Promise<void> {
  const ready = await prepareList(out);
  if (!ready) return;
  const { body, leftOut } = ready;
  const r = await request<PolicyEnvelope>(
    `generate the ${button.textContent!.replace(/^Generate /, '')}`,
    `/v1/policies/${path}?envelope=true`,
    { json: { name: body.name, approvedServiceIds: body.approvedServiceIds } },
  );
  if (!r.ok) return void out.replaceChildren(notice('error', r.message));
  const { document: doc, omitted, included } = r.body;
  // AWS counts every character against the SCP quota: keep its document minified, as the API answers it.
  const text = target === 'aws' ? JSON.stringify(doc) : `${JSON.stringify(doc, null, 2)}\n`;
  const filename = `${fileStem(body.name)}.${path}.json`;
  const own = omitted.filter((o) => o.reason !== 'other-provider');
  const others = omitted.length - own.length;
  out.replaceChildren(
    el(
      'p',
      {},
      `${plural(included.length, 'service')} of this cloud allowed.`,
      others ? ` ${plural(others, 'service')} from other clouds left out.` : '',
      leftOut,
    ),
    ...(own.length ? [omissionNotice(own)] : []),
    el(
      'p',
      { className: 'row' },
      el(
        'button',
        {
          type: 'button',
          onclick: () => download(filename, text, 'application/json'),
          dataset: { policyDownload: target },
        },
        `Download ${filename}`,
      ),
    ),
    el('details', {}, el('summary', {}, 'Show the policy'), el('pre', {}, JSON.stringify(doc, null, 2))),
  );
}

/** The services of this cloud the policy could not express, each with the reason. */
function omissionNotice(omitted: PolicyEnvelope['omitted']): HTMLElement {
  return notice(
    'warn',
    el('p', {}, 'Left out of this policy:'),
    el(
      'ul',
      {},
      ...omitted.map((o) =>
        el(
          'li',
          { dataset: { omitted: o.id } },
          el('strong', {}, o.id),
          ` — ${omissionWords[o.reason] ?? o.reason}: ${o.detail}`,
        ),
      ),
    ),
  );
}
