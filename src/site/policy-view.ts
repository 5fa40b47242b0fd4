/**
 * What the builder says beside a generated policy, as plain data: the
 * dependencies to offer with one click, the other services the document also
 * lets through, the warnings, why a cloud's policy cannot be offered,
 * and whether a Google Cloud parent is well formed. Pure, so it is unit
 * tested; the island only turns it into elements.
 */
import type { BuiltCatalogueData } from '../core/catalogue.ts';
import { MAX_EXEMPT_PRINCIPALS, ROLE_ARN_PATTERN } from '../core/policies/aws-scp.ts';
import { GCP_PARENT_FORMATS, GCP_PARENT_PATTERN } from '../core/policies/gcp-org-policy.ts';
import type { AlsoAllowed, DependencyNote, Omission, PolicyTarget, PolicyWarning } from '../core/policies/common.ts';
import { lifecycleLabel } from './format.ts';

export interface PolicyEnvelopeView {
  document: unknown;
  omitted: Omission[];
  included: string[];
  dependencies: DependencyNote[];
  alsoAllows: AlsoAllowed[];
  warnings: PolicyWarning[];
}

export interface DependencyOffer {
  kind: 'requires' | 'recommends';
  /** The sentence to show. */
  text: string;
  /** The catalogue service the one-click button adds, when a catalogue service owns the dependency. */
  addId?: string;
  /** Where the vendor says so: one page per distinct source. */
  sources: string[];
}

export const cloudNames: Record<PolicyTarget, string> = { aws: 'AWS', azure: 'Azure', gcp: 'Google Cloud' };

const nameLookup = (data: Pick<BuiltCatalogueData, 'services'>) => {
  const names = new Map(data.services.map((s) => [s.id, s.name]));
  return (id: string) => names.get(id) ?? id;
};

/** "A", "A and B", "A, B and C". */
const listInWords = (items: readonly string[]): string =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * Missing dependencies as sentences, requirements first, one for each service or identifiers needed, however many of
 * the list's services need it: "AWS Lambda needs Amazon CloudWatch: <reason>", or "Azure App Service and Azure SQL
 * Database work best with Azure Private Link: <reason> (App Service); <reason> (SQL Database)".
 */
export function dependencyOffers(
  env: PolicyEnvelopeView,
  data: Pick<BuiltCatalogueData, 'services'>,
): DependencyOffer[] {
  const name = nameLookup(data);
  const groups = new Map<string, DependencyNote[]>();
  for (const d of env.dependencies) {
    if (d.status !== 'missing') continue;
    const key = `${d.kind} ${d.service ?? (d.identifiers ?? []).join(',')}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups.values()]
    .sort((a, b) => (a[0]!.kind === b[0]!.kind ? 0 : a[0]!.kind === 'requires' ? -1 : 1))
    .map((notes) => {
      const d = notes[0]!;
      const what = d.service ? name(d.service) : (d.identifiers ?? []).join(', ');
      const several = notes.length > 1;
      const verb =
        d.kind === 'requires' ? (several ? 'need' : 'needs') : several ? 'work best with' : 'works best with';
      // Each reason said once, with the services that give it; alone when every service gives the same one.
      const byReason = new Map<string, string[]>();
      for (const n of notes) byReason.set(n.reason, [...(byReason.get(n.reason) ?? []), name(n.serviceId)]);
      const reasons =
        byReason.size === 1
          ? d.reason
          : [...byReason].map(([reason, services]) => `${reason} (${listInWords(services)})`).join('; ');
      return {
        kind: d.kind,
        text: `${listInWords(notes.map((n) => name(n.serviceId)))} ${verb} ${what}: ${reasons}.`,
        ...(d.service ? { addId: d.service } : {}),
        sources: [...new Set(notes.map((n) => n.source))],
      };
    });
}

/**
 * "Amazon RDS (rds, through Amazon DocumentDB)" for each other service the document lets through; "only" before the
 * identifiers when the rest of that service stays denied, and its lifecycle when it is not active ("Amazon
 * CodeWhisperer, retired (…)"): a service the list left out on purpose, closed or retired, is let through all the same.
 */
export function alsoAllowsLines(env: PolicyEnvelopeView, data: Pick<BuiltCatalogueData, 'services'>): string[] {
  const name = nameLookup(data);
  const status = new Map(data.services.map((s) => [s.id, s.lifecycle?.status]));
  return env.alsoAllows.map((a) => {
    const s = status.get(a.id);
    return (
      `${name(a.id)}${s ? `, ${lifecycleLabel(s).toLowerCase()}` : ''} ` +
      `(${a.partial ? 'only ' : ''}${a.identifiers.join(', ')}${a.essential ? ', always allowed' : ''}` +
      `${a.through.length ? `, through ${a.through.map(name).join(', ')}` : ''})`
    );
  });
}

/**
 * Why a cloud's policy cannot be offered for this list, or undefined when it
 * can: the list has no service of the cloud, or only retired ones (left out of
 * every policy), so the document would deny everything of that cloud.
 */
export function policyUnavailable(
  target: PolicyTarget,
  ids: readonly string[],
  data: Pick<BuiltCatalogueData, 'services'>,
): string | undefined {
  const byId = new Map(data.services.map((s) => [s.id, s]));
  const ofCloud = ids.flatMap((id) => byId.get(id) ?? []).filter((s) => s.provider === target);
  if (ofCloud.some((s) => s.lifecycle?.status !== 'retired')) return undefined;
  return ofCloud.length ? `Only retired ${cloudNames[target]} services` : `No ${cloudNames[target]} service`;
}

/** Why a Google Cloud parent is not accepted, or undefined when it is (empty means "not given"). */
export function gcpParentProblem(value: string): string | undefined {
  const v = value.trim();
  if (!v || GCP_PARENT_PATTERN.test(v)) return undefined;
  return `The parent must be ${GCP_PARENT_FORMATS}, for example organizations/123456789012.`;
}

/** The roles typed for the SCP to leave alone: one per line (or comma-separated), each once, in the order typed. */
export function exemptRolesOf(value: string): string[] {
  return [...new Set(value.split(/[\s,]+/).filter(Boolean))];
}

/**
 * Why the roles typed for the SCP to exempt are not accepted, or undefined when they are (none is fine): the API's
 * own rule for `exemptPrincipalArns`, told by line.
 */
export function exemptRolesProblem(value: string): string | undefined {
  const roles = exemptRolesOf(value);
  if (roles.length > MAX_EXEMPT_PRINCIPALS) return `At most ${MAX_EXEMPT_PRINCIPALS} roles: there are ${roles.length}.`;
  const bad = roles.findIndex((r) => !ROLE_ARN_PATTERN.test(r));
  if (bad === -1) return undefined;
  return (
    `Role ${bad + 1} is not an IAM role ARN or pattern: arn:aws:iam::<account or *>:role/<name>, with * and ? ` +
    'allowed, and a name that is more than wildcards.'
  );
}

/** The roles an SCP's deny leaves alone, as the document itself says (none for other documents). */
export function exemptRolesIn(doc: unknown): string[] {
  const statements = (doc as { Statement?: { Condition?: { ArnNotLike?: Record<string, unknown> } }[] })?.Statement;
  const roles = Array.isArray(statements) ? statements[0]?.Condition?.ArnNotLike?.['aws:PrincipalARN'] : undefined;
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}
