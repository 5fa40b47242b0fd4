/**
 * The "Guardrail policies" buttons (`data-policy`, one per cloud) and the
 * Google Cloud parent field: asks the API for the policy with its envelope,
 * then shows what it allows, what else it lets through, what it had to leave
 * out and why, missing dependencies (one click to add them), lifecycle
 * warnings, a download button and the document itself. A list with no
 * service of a cloud gets a sentence, never a deny-everything download.
 */
import type { PolicyTarget } from '../../../core/policies/common.ts';
import { addIds, fileStem } from '../../list-state.ts';
import { cloudNames, gcpParentProblem, hasServiceOf, type PolicyEnvelopeView } from '../../policy-view.ts';
import { notice } from '../dom.ts';
import { request } from '../http.ts';
import { renderPolicyResult } from '../policy-result.ts';
import { updateList } from '../store.ts';
import { prepareList, whileBusy, type BuilderPage } from './context.ts';

/** One cloud's policy button and where its result goes. */
interface PolicyButton {
  target: PolicyTarget;
  /** The API path segment: aws-scp, azure-policy, gcp-org-policy. */
  path: string;
  button: HTMLButtonElement;
  out: HTMLElement;
}

export function startPolicies(page: BuilderPage): void {
  const gcpParent = page.root.querySelector<HTMLInputElement>('[data-gcp-parent]');
  const gcpParentError = page.root.querySelector<HTMLElement>('[data-gcp-parent-error]');
  gcpParent?.addEventListener('input', () => {
    const problem = gcpParentProblem(gcpParent.value);
    gcpParent.setAttribute('aria-invalid', problem ? 'true' : 'false');
    if (gcpParentError) gcpParentError.textContent = problem ?? '';
  });
  for (const button of page.root.querySelectorAll<HTMLButtonElement>('button[data-policy]')) {
    const target = button.dataset.policy! as PolicyTarget;
    const policy: PolicyButton = {
      target,
      path: button.dataset.policyPath!,
      button,
      out: page.find(`[data-policy-result="${target}"]`),
    };
    button.addEventListener('click', () => whileBusy(button, () => generatePolicy(policy, gcpParent)));
  }
}

async function generatePolicy(
  { target, path, button, out }: PolicyButton,
  gcpParent: HTMLInputElement | null,
): Promise<void> {
  const ready = await prepareList(out);
  if (!ready) return;
  const { body, leftOut, catalogue: cat } = ready;
  if (!hasServiceOf(target, body.approvedServiceIds, cat)) {
    // Never offer a deny-everything document by accident: say why there is none.
    const cloud = cloudNames[target];
    return void out.replaceChildren(
      notice(
        'warn',
        `Your list has no ${cloud} service, so there is no ${cloud} policy to download: ` +
          `it would deny every ${cloud} service. Add ${cloud} services first.`,
      ),
    );
  }
  const query = new URLSearchParams({ envelope: 'true' });
  if (target === 'gcp' && gcpParent?.value.trim()) {
    const problem = gcpParentProblem(gcpParent.value);
    if (problem) return void out.replaceChildren(notice('error', problem));
    query.set('parent', gcpParent.value.trim());
  }
  const r = await request<PolicyEnvelopeView>(
    `generate the ${button.textContent!.replace(/^Generate /, '')}`,
    `/v1/policies/${path}?${query}`,
    { json: { name: body.name, approvedServiceIds: body.approvedServiceIds } },
  );
  if (!r.ok) return void out.replaceChildren(notice('error', r.message));
  renderPolicyResult(out, {
    target,
    envelope: r.body,
    data: cat,
    filename: `${fileStem(body.name)}.${path}.json`,
    leftOut,
    add: (id) => {
      updateList((s) => addIds(s, [id]));
      button.click();
    },
  });
}
