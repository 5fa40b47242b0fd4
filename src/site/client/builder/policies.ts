/**
 * The policy buttons of the action bar (`data-policy`, one per cloud), the
 * Google Cloud parent field and the field of roles the AWS SCP exempts. One
 * click asks the API for the policy with its envelope, downloads the
 * document, says so in the bar, and shows the details in the cloud's panel:
 * what it allows, what else it lets through, what it had to leave out and
 * why, missing dependencies (one click to add them) and lifecycle warnings. A cloud the list has no (unretired) service of gets a
 * disabled button with the reason beside it, never a deny-everything download.
 */
import { AWS_SCP_LARGER_LIMIT, type PolicyDocumentResult, type PolicyTarget } from '../../../core/policies/common.ts';
import type { PolicyFormat as ApiPolicyFormat } from '../../../core/policies/iac.ts';
import { addIds, fileStem, removeIds, type ApprovedListState } from '../../list-state.ts';
import { plural } from '../../format.ts';
import { CONTROL_TOWER_ROLE_ARNS } from '../../../core/policies/essentials.ts';
import {
  alsoAllowsCounts,
  cloudNames,
  dependencyOffers,
  exemptRolesOf,
  exemptRolesProblem,
  gcpParentProblem,
  policyUnavailable,
  type PolicyEnvelopeView,
} from '../../policy-view.ts';
import type { BuiltData } from '../catalogue-data.ts';
import { el, focusResult, detailNotice, notice } from '../dom.ts';
import { download, request } from '../http.ts';
import { policyText, renderPolicyResult } from '../policy-result.ts';
import { readList, updateList } from '../store.ts';
import { prepareList, whileBusy, type BuilderPage } from './context.ts';

/**
 * The file format chosen in the bar: the policy document itself, Terraform,
 * or the cloud's own deployment format (CloudFormation, an ARM template, the
 * gcloud YAML). Every format carries the same policy; the API renders it.
 */
export type PolicyFormat = 'json' | 'terraform' | 'native';

const nativeFormat: Record<PolicyTarget, ApiPolicyFormat> = { aws: 'cloudformation', azure: 'arm', gcp: 'gcloud' };
const apiFormat = (target: PolicyTarget, format: PolicyFormat): ApiPolicyFormat =>
  format === 'native' ? nativeFormat[target] : format;

/** One cloud's policy button, where its details go, and what the bar says. */
interface PolicyButton {
  target: PolicyTarget;
  /** The API path segment: aws-scp, azure-policy, gcp-org-policy. */
  path: string;
  /** What the policy is called: "AWS service control policy". */
  label: string;
  button: HTMLButtonElement;
  reason: HTMLElement;
  panel: HTMLElement;
  out: HTMLElement;
  status: HTMLElement;
  /** The cloud's own option: where a Google Cloud policy applies, or the roles an SCP exempts. */
  option: OptionField | undefined;
  /** AWS: the SCP size quota chosen ('5120', AWS's published one, or '10240'); '' for the other clouds. */
  quota(): string;
}

export interface PolicyButtons {
  /** Enables each cloud's button, or disables it with the reason, for the list as it is now. */
  refresh(state: ApprovedListState, data: BuiltData | undefined): void;
}

export function startPolicies(page: BuilderPage): PolicyButtons {
  const options: Partial<Record<PolicyTarget, OptionField | undefined>> = {
    gcp: optionField(page, {
      name: 'gcp-parent',
      storageKey: 'csc.gcp-parent.v1',
      problem: gcpParentProblem,
      summary: (value, problem) => `Applies to: ${problem ? 'not valid' : value.trim() || 'not set'}`,
    }),
    aws: optionField(page, {
      name: 'aws-exempt',
      storageKey: 'csc.aws-exempt-roles.v1',
      problem: exemptRolesProblem,
      summary: (value, problem) => {
        const count = exemptRolesOf(value).length;
        return `Exempt roles: ${problem ? 'not valid' : count ? count : 'none'}`;
      },
    }),
  };
  // Control Tower's roles in one click, each once, after what is there.
  const awsExempt = options.aws;
  page.root.querySelector('[data-aws-exempt-control-tower]')?.addEventListener('click', () => {
    if (!awsExempt) return;
    awsExempt.set([...new Set([...exemptRolesOf(awsExempt.value()), ...CONTROL_TOWER_ROLE_ARNS])].join('\n'));
    awsExempt.input.focus();
  });
  const quota = awsQuota(page);
  const status = page.find('[data-bar-status]');
  const formatChoice = page.root.querySelector<HTMLSelectElement>('[data-policy-format]');
  const chosenFormat = (): PolicyFormat => (formatChoice?.value as PolicyFormat | undefined) ?? 'json';
  const policies: PolicyButton[] = [];
  let unavailable = new Map<PolicyTarget, string>();
  const apply = (p: PolicyButton) => {
    const why = unavailable.get(p.target);
    p.button.disabled = why !== undefined;
    p.reason.textContent = why ?? '';
  };
  for (const button of page.root.querySelectorAll<HTMLButtonElement>('button[data-policy]')) {
    const target = button.dataset.policy! as PolicyTarget;
    const policy: PolicyButton = {
      target,
      path: button.dataset.policyPath!,
      label: button.dataset.policyLabel!,
      button,
      reason: page.find(`[data-policy-reason="${target}"]`),
      panel: page.find(`[data-policy-panel="${target}"]`),
      out: page.find(`[data-policy-result="${target}"]`),
      status,
      option: options[target],
      quota: () => (target === 'aws' ? (quota?.value ?? '5120') : ''),
    };
    policies.push(policy);
    button.addEventListener('click', () =>
      // whileBusy enables the button again when done; the list may have lost its last service of this cloud meanwhile.
      whileBusy(button, () => downloadPolicy(policy, chosenFormat())).then(() => apply(policy)),
    );
  }
  // A cloud's panel holds the policy made for the list and option it was asked with: another list, parent or set of
  // exempt roles makes it stale, and it is taken down rather than offered for download again (it would approve what
  // was removed, or exempt roles no longer named).
  const outdated = (p: PolicyButton) => {
    const made = madeFor.get(p.target);
    if (made !== undefined) {
      if (made === madeKey(p, readList())) return;
      madeFor.delete(p.target);
      stale.add(p.target);
    } else if (!stale.has(p.target)) return;
    // Said again as the list changes on: whether the policy can be made for it now is part of what is said.
    // A cloud the list no longer has a service of cannot have its policy made again: its button says why.
    const why = unavailable.get(p.target);
    // A refusal that offered to take a service out again says so: that offer was for the list as it was.
    const since = refusals.delete(p.target)
      ? `Your list has changed since the ${p.label} was refused. `
      : `Your list has changed since this ${p.label} was made, so it is no longer offered. `;
    p.out.replaceChildren(
      detailNotice(
        'warn',
        since +
          (why === undefined
            ? `Press “${p.button.textContent?.trim()}” to make it for the list as it is now.`
            : `It cannot be made for the list as it is now: ${lowerFirst(why)}.`),
      ),
    );
    p.status.replaceChildren(
      why === undefined
        ? `The list has changed: make the ${p.label} again.`
        : `The list has changed: ${lowerFirst(why)}.`,
    );
  };
  for (const option of Object.values(options))
    option?.input.addEventListener('input', () => policies.forEach(outdated));
  quota?.addEventListener('change', () => policies.forEach(outdated));
  return {
    refresh(state, data) {
      unavailable = data ? unavailableClouds(state, data) : new Map();
      policies.forEach(apply);
      policies.forEach(outdated);
    },
  };
}

/** "No AWS service" as said after a colon: "no AWS service". */
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

/** Each catalogue service's cloud, known once a policy has been made (which loads the catalogue). */
let cloudOf = new Map<string, string>();

/**
 * What a policy was made for: the list's name, its services of this cloud (or of none the catalogue knows), and the
 * cloud's own options. Another cloud's service added or removed leaves this cloud's document as it was, so its panel
 * stays: "Add it" in the AWS panel does not take down the Azure and Google Cloud ones.
 */
const madeKey = (p: PolicyButton, state: ApprovedListState): string =>
  JSON.stringify([
    state.name,
    state.ids.filter((id) => (cloudOf.get(id) ?? p.target) === p.target).sort(),
    p.option?.value().trim() ?? '',
    p.quota(),
  ]);

/**
 * The SCP size quota field, kept in this browser when the larger one is chosen (it says what one organisation's
 * AWS accepts, not what the list approves).
 */
function awsQuota(page: BuilderPage): HTMLSelectElement | null {
  const select = page.root.querySelector<HTMLSelectElement>('[data-aws-quota]');
  if (!select) return null;
  const stored = storedValue('csc.aws-scp-quota.v1');
  if (stored.read() === '10240') select.value = '10240';
  select.addEventListener('change', () => stored.write(select.value === '10240' ? select.value : ''));
  return select;
}

/** The key of the list each cloud's shown policy was made for. */
const madeFor = new Map<PolicyTarget, string>();
/** The clouds whose panel says the policy made before is no longer offered (until one is made again). */
const stale = new Set<PolicyTarget>();
/**
 * The clouds whose panel shows a policy refused after "Add it" (or its undo), which may offer to take the service
 * out again: `madeFor` keeps the list it was refused for, so a change to the list or the options takes it down.
 */
const refusals = new Set<PolicyTarget>();

/** A field of one cloud's own option, checked as the API checks it, with its summary under the cloud's button. */
interface OptionField {
  input: HTMLInputElement | HTMLTextAreaElement;
  value(): string;
  /** Why the value is not accepted, or undefined; also said at the field (a download asks before it goes on). */
  problem(): string | undefined;
  /** Sets the value as if typed. */
  set(value: string): void;
}

/**
 * `data-<name>` with its error (`data-<name>-error`) and its summary in the bar (`data-<name>-summary`). Kept in this
 * browser like the list itself, so a reload does not bring the placeholder back; not part of a saved or exported
 * list: it says where one organisation applies the policy and whom it exempts, not what the list approves.
 */
function optionField(
  page: BuilderPage,
  spec: {
    name: string;
    storageKey: string;
    problem: (value: string) => string | undefined;
    summary: (value: string, problem: string | undefined) => string;
  },
): OptionField | undefined {
  const input = page.root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-${spec.name}]`);
  if (!input) return undefined;
  const error = page.root.querySelector<HTMLElement>(`[data-${spec.name}-error]`);
  // The field sits with the list's details below; the bar repeats its state under the cloud's button.
  const summary = page.root.querySelector<HTMLElement>(`[data-${spec.name}-summary]`);
  const stored = storedValue(spec.storageKey);
  /** Says what is wrong with the value, or that nothing is. */
  const judge = () => {
    const problem = spec.problem(input.value);
    input.setAttribute('aria-invalid', problem ? 'true' : 'false');
    if (error) error.textContent = problem ?? '';
  };
  input.value ||= stored.read();
  judge();
  if (summary) summary.textContent = spec.summary(input.value, spec.problem(input.value));
  input.addEventListener('input', () => {
    const problem = spec.problem(input.value);
    // Only a value the API takes is kept: a reload does not greet anyone with an error for a half-typed one.
    if (!problem) stored.write(input.value);
    if (summary) summary.textContent = spec.summary(input.value, problem);
    // A value put right is said to be right at once; one being typed is judged when the field is left (or a download
    // asks for it): a half-typed ARN or parent is no mistake yet, and its error read out at every key interrupted.
    if (!problem || !input.matches(':focus')) judge();
  });
  input.addEventListener('change', judge);
  return {
    input,
    value: () => input.value,
    problem: () => (judge(), spec.problem(input.value)),
    set(value) {
      input.value = value;
      input.dispatchEvent(new Event('input'));
    },
  };
}

/** A value kept in this browser's storage ('' when none, or when storage is unavailable). */
const storedValue = (key: string) => ({
  read(): string {
    try {
      return localStorage.getItem(key) ?? '';
    } catch {
      return '';
    }
  },
  write(value: string): void {
    try {
      if (value.trim()) localStorage.setItem(key, value.trim());
      else localStorage.removeItem(key);
    } catch {
      // Storage full or refused: the field still works for this visit.
    }
  },
});

/** The clouds whose policy cannot be offered for this list, with the reason to show. */
function unavailableClouds(state: ApprovedListState, data: BuiltData): Map<PolicyTarget, string> {
  const out = new Map<PolicyTarget, string>();
  for (const target of Object.keys(cloudNames) as PolicyTarget[]) {
    const why = policyUnavailable(target, state.ids, data);
    if (why) out.set(target, why);
  }
  return out;
}

/** Shows a cloud's details panel with these contents, and a short line in the bar pointing to it. */
function show(p: PolicyButton, line: string, ...children: Node[]): void {
  // What the panel said of a policy made before is replaced.
  stale.delete(p.target);
  p.panel.hidden = false;
  p.out.replaceChildren(...children);
  p.status.replaceChildren(line, ' ', el('a', { href: `#policy-${p.target}-h` }, 'Details'));
}

/**
 * The envelope each cloud's policy was last generated with, by the request that asked for it (path, query and
 * body): the same list asked for again, in another format or for a second download, is answered from here and
 * costs none of the 10 policy and save requests a minute. One per cloud; the answer is a pure function of the
 * request and the catalogue, which does not change under an open page.
 */
const lastEnvelope = new Map<PolicyTarget, { request: string; envelope: Omit<PolicyDocumentResult, 'kind'> }>();

/**
 * An SCP over the quota, in this page's words: what can be done here (the larger quota is a field of this page, and
 * the page has no way to drop the always-allowed essentials), where the API's own advice names its query parameters.
 */
function scpTooLarge(problem: unknown, quota: string, exemptRoles: number): HTMLElement | undefined {
  const p = problem as { type?: unknown; size?: unknown; limit?: unknown; excess?: unknown } | undefined;
  if (typeof p?.type !== 'string' || !p.type.endsWith('/policy-too-large')) return undefined;
  const { size, limit, excess } = p;
  if (typeof size !== 'number' || typeof limit !== 'number' || typeof excess !== 'number') return undefined;
  const larger = AWS_SCP_LARGER_LIMIT;
  // The larger quota is offered only when the SCP would fit it.
  const largerQuotaOffered = Number(quota) < larger && size <= larger;
  const fewer =
    'approve fewer AWS services in this list (for example one SCP per organisational unit, each with its own list).';
  return el(
    'p',
    {},
    `The SCP would be ${size.toLocaleString('en-GB')} characters, ${excess.toLocaleString('en-GB')} over the ` +
      `${limit.toLocaleString('en-GB')}-character quota. `,
    ...(largerQuotaOffered
      ? [
          el('a', { href: '#aws-quota' }, 'Choose the SCP size quota'),
          ` of ${larger.toLocaleString('en-GB')} characters if AWS accepts SCPs that large in your organisation, or ${fewer}`,
        ]
      : [
          ...(Number(quota) < larger
            ? [
                `Even the ${larger.toLocaleString('en-GB')}-character quota would be ${(size - larger).toLocaleString('en-GB')} characters short. `,
              ]
            : []),
          `To make one, ${fewer}`,
        ]),
    ...(exemptRoles
      ? [
          ` The roles it exempts take part of the quota too: fewer or shorter patterns (a path such as role/admin/*) leave room.`,
        ]
      : []),
  );
}

/** A service the panel just added to the list ("Add it") or took out again (its undo). */
type ListChange = { added: string } | { removed: string };

/**
 * Generates one cloud's policy with its envelope and, when `save` is true,
 * downloads it in `format`; the details go into the cloud's panel either way.
 * "Add it" on a missing dependency generates again without a second download,
 * and says what it added; when the policy cannot be made for the list with it
 * (an SCP it takes over the quota), the refusal offers to take it out again,
 * which brings the policy before it back.
 */
export async function downloadPolicy(
  p: PolicyButton,
  format: PolicyFormat,
  save = true,
  change?: ListChange,
): Promise<void> {
  const ready = await prepareList(p.out);
  if (!ready) return show(p, `No ${p.label}.`);
  const { body, leftOut, catalogue: cat } = ready;
  if (cloudOf.size !== cat.services.length) cloudOf = new Map(cat.services.map((s) => [s.id, s.provider]));
  const nameOf = (id: string) => cat.services.find((s) => s.id === id)?.name ?? id;
  /**
   * What the list's change from this panel was, said where the offers are (or were). A service added that lets
   * others through with the identifiers they share (the VPC's `ec2` is EC2's too) names them: the list approves
   * more than the one service added.
   */
  const changeLine = (made?: Pick<PolicyEnvelopeView, 'alsoAllows'>) => {
    if (!change) return undefined;
    const done =
      'added' in change
        ? `Added ${nameOf(change.added)} to your list`
        : `Took ${nameOf(change.removed)} out of your list again`;
    if (!made) return `${done}, but the ${p.label} could not be made for the list as it is now:`;
    const line = `${done}; this policy is made for the list ${'added' in change ? 'with' : 'without'} it.`;
    const through = 'added' in change ? made.alsoAllows.filter((a) => a.through.includes(change.added)) : [];
    if (!through.length) return line;
    const names = through.map((a) => nameOf(a.id));
    const shown = names.length > 5 ? [...names.slice(0, 5), `${names.length - 5} more`] : names;
    return (
      `${line} Its identifiers also let through ${shown.slice(0, -1).join(', ')}${shown.length > 1 ? ' and ' : ''}` +
      `${shown.at(-1)}, which share them (listed below, with what of each).`
    );
  };
  /**
   * Refuses the policy. After "Add it", the panel says the service was added; when the policy is too large with it,
   * it offers to take it out again, which brings back the policy before it from this page (the request for that
   * list was answered before). Any other refusal (a rate limit, a network failure) is no reason to drop the service:
   * the cloud's button makes the policy again.
   */
  const refused = (line: string, problem: HTMLElement, tooLarge = false) => {
    const said = changeLine();
    const id = `policy-${p.target}-change`;
    const undo =
      tooLarge && change && 'added' in change
        ? el(
            'p',
            {},
            el(
              'button',
              {
                type: 'button',
                dataset: { undoAdd: change.added },
                attrs: { 'aria-describedby': id },
                onclick: (e) => {
                  // One press: the panel is made again at once, and a second one would take nothing more out.
                  (e.currentTarget as HTMLButtonElement).disabled = true;
                  updateList((s) => removeIds(s, [change.added]));
                  void whileBusy(p.button, () => downloadPolicy(p, format, false, { removed: change.added })).then(() =>
                    focusChange(p),
                  );
                },
              },
              `Take ${nameOf(change.added)} out of your list again`,
            ),
          )
        : undefined;
    show(
      p,
      line,
      ...(said ? [el('p', { id, dataset: { policyChange: '' } }, said)] : []),
      problem,
      ...(undo ? [undo] : []),
    );
    if (!said) return;
    // Held to the list it was refused for: a change to it (or to the options) takes the refusal and its offer down.
    madeFor.set(p.target, madeKey(p, readList()));
    refusals.add(p.target);
  };
  const query = new URLSearchParams({ envelope: 'true' });
  const optionProblem = p.option?.problem();
  if (optionProblem) {
    const what = p.target === 'gcp' ? 'the Google Cloud parent is' : 'the exempt roles are';
    return refused(`No ${p.label}: ${what} not valid.`, detailNotice('error', optionProblem));
  }
  const parent = p.target === 'gcp' ? (p.option?.value().trim() ?? '') : '';
  if (parent) query.set('parent', parent);
  const exempt = p.target === 'aws' ? exemptRolesOf(p.option?.value() ?? '') : [];
  if (exempt.length) query.set('exemptPrincipalArns', exempt.join(','));
  if (p.quota() === '10240') query.set('sizeLimit', '10240');
  const path = `/v1/policies/${p.path}?${query}`;
  const json = { name: body.name, approvedServiceIds: body.approvedServiceIds };
  const asked = `${path} ${JSON.stringify(json)}`;
  let env = lastEnvelope.get(p.target)?.request === asked ? lastEnvelope.get(p.target)!.envelope : undefined;
  if (!env) {
    const r = await request<Omit<PolicyDocumentResult, 'kind'>>(`generate the ${p.label}`, path, { json });
    if (!r.ok) {
      const tooLarge = p.target === 'aws' ? scpTooLarge(r.problem, p.quota(), exempt.length) : undefined;
      // Announced: the bar says only that there is no policy, and why (a rate limit and its wait, a network failure,
      // the size quota) is here alone. An invalid option above is not: its field says why as it is checked.
      return refused(`No ${p.label}.`, notice('error', tooLarge ?? r.message), tooLarge !== undefined);
    }
    env = r.body;
    lastEnvelope.set(p.target, { request: asked, envelope: env });
  }
  // The file in the chosen format, also when only shown ("Add it"): "download again" hands out that format.
  let file = { filename: `${fileStem(body.name)}.${p.path}.json`, body: '', contentType: 'application/json' };
  if (format === 'json') file.body = policyText(p.target, env.document);
  else {
    // Rendered here by the function the API renders ?format= with, so the file is the API's byte for byte and a
    // download costs at most one request: policy requests share the rate limit (10 a minute) with saves. Loaded
    // when first asked for: it brings the YAML writer the gcloud file needs.
    const { renderPolicy, warningsFor } = await import('../../../core/policies/iac.ts');
    const result = { ...env, kind: 'policy' as const, target: p.target };
    file = renderPolicy(result, apiFormat(p.target, format), { parentGiven: parent !== '' });
    // Only the warnings that hold for this file (the Terraform file has no placeholder parent), as the API says.
    env = { ...env, warnings: warningsFor(result, apiFormat(p.target, format)) };
  }
  const { filename } = file;
  if (save) download(filename, file.body, file.contentType);
  // Counted as the panel lists them: a service (or identifiers) once, however many of the list's services need it.
  const offers = dependencyOffers(env, cat);
  const missing = offers.filter((o) => o.kind === 'requires').length;
  const recommended = offers.length - missing;
  const notes = [
    missing && plural(missing, 'missing dependency', 'missing dependencies'),
    recommended && `${plural(recommended, 'recommended service')} denied`,
    env.warnings.length && plural(env.warnings.length, 'warning'),
    env.alsoAllows.length && `${env.alsoAllows.length} more allowed (${alsoAllowsCounts(env)})`,
  ].filter(Boolean);
  // Made again without a download ("Add it"): the file downloaded before no longer matches the list.
  const summary =
    `${save ? `Downloaded ${filename}` : `Made ${filename} again, not downloaded (download it from the details)`}: ` +
    `${plural(env.included.length, 'service')} allowed` +
    (notes.length ? `; ${notes.join(', ')}.` : '.');
  show(p, summary);
  madeFor.set(p.target, madeKey(p, readList()));
  refusals.delete(p.target);
  renderPolicyResult(p.out, {
    target: p.target,
    envelope: env,
    data: cat,
    file,
    leftOut,
    change: changeLine(env),
    add: (id) => {
      updateList((s) => addIds(s, [id]));
      void whileBusy(p.button, () => downloadPolicy(p, format, false, { added: id })).then(() => focusChange(p));
    },
  });
}

/**
 * "Add it" (or its undo) goes with the panel it was in, whose contents are made again: the keyboard focus moves to
 * what the panel now says of the change, which stands where the offers were, or to the button that takes the service
 * out again when the policy is too large with it; the panel's heading would scroll a narrow screen far up.
 */
function focusChange(p: PolicyButton): void {
  const target =
    p.out.querySelector<HTMLElement>('[data-undo-add]') ??
    p.out.querySelector<HTMLElement>('[data-policy-change]') ??
    p.panel.querySelector<HTMLElement>('h2');
  if (target) focusResult(target);
}
