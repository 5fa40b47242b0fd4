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
import { lifecycleLabel, plural } from './format.ts';

export interface PolicyEnvelopeView {
  document: unknown;
  omitted: Omission[];
  included: string[];
  dependencies: DependencyNote[];
  alsoAllows: AlsoAllowed[];
  warnings: PolicyWarning[];
  /** The document's size against the cloud's quota, where one is counted (the AWS SCP's characters). */
  size?: { value: number; limit: number; unit: string };
}

/** The share of the quota from which the size is said as a caution: an added service takes 10 to 40 characters. */
export const NEAR_QUOTA = 0.9;

/**
 * The document's size against its quota, in words ("1,053 of the 5,120 characters the quota allows"), and whether it is
 * near the quota, where "Add it" could take it over; undefined when the cloud counts none.
 */
export function sizeAgainstQuota(env: Pick<PolicyEnvelopeView, 'size'>): { text: string; near: boolean } | undefined {
  if (!env.size) return undefined;
  const { value, limit, unit } = env.size;
  const n = (x: number) => x.toLocaleString('en-GB');
  return { text: `${n(value)} of the ${n(limit)} ${unit} the quota allows`, near: value >= limit * NEAR_QUOTA };
}

export interface DependencyOffer {
  kind: 'requires' | 'recommends';
  /** The whole offer in one sentence. */
  text: string;
  /** What is denied: the service (with the parts still denied) or the identifiers. */
  subject: string;
  /** Who needs it and who works best with it, without the reasons: "Dataflow and Dataproc need it; BigQuery works best with it." */
  summary: string;
  /**
   * Each reason once, with the services that give it and where the vendor says so, needs first: an offer many
   * services share is shown as the subject, the summary and one row per reason rather than as one long sentence.
   */
  reasons: DependencyReason[];
  /** The catalogue service the one-click button adds, when a catalogue service owns the dependency. */
  addId?: string;
}

/** One reason of an offer: "Dataflow and Dataproc need it: <reason>." */
export interface DependencyReason {
  kind: 'requires' | 'recommends';
  /** The row's sentence, the subject named as "it". */
  text: string;
  /** The same, the service (or identifiers) named without the parts denied: what a source link is the source of. */
  about: string;
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
 * the list's services need it or work best with it: "AWS Lambda needs Amazon CloudWatch: <reason>", "Azure App Service
 * and Azure SQL Database work best with Azure Private Link: <reason> (App Service); <reason> (SQL Database)", or, when
 * one needs it and another only works best with it, both in one offer among what is needed. A service that is not in
 * the list but needed by one that is (a requirement followed through) is named with the service that needs it.
 */
export function dependencyOffers(
  env: PolicyEnvelopeView,
  data: Pick<BuiltCatalogueData, 'services'>,
): DependencyOffer[] {
  const name = nameLookup(data);
  const missing = env.dependencies.filter((d) => d.status === 'missing');
  const listed = new Set(env.included);
  /** "Amazon CloudWatch (which AWS Lambda needs)" for a service the list has only because another needs it. */
  const who = (id: string): string => {
    if (listed.has(id)) return name(id);
    const by = [...new Set(missing.filter((d) => d.service === id && d.kind === 'requires').map((d) => d.serviceId))];
    return by.length
      ? `${name(id)} (which ${listInWords(by.map(name))} ${by.length > 1 ? 'need' : 'needs'})`
      : name(id);
  };
  /** The notes by their reason, each reason in the order first given. */
  const byReason = (notes: readonly DependencyNote[]): Map<string, DependencyNote[]> => {
    const out = new Map<string, DependencyNote[]>();
    for (const n of notes) out.set(n.reason, [...(out.get(n.reason) ?? []), n]);
    return out;
  };
  /** Each reason said once, with the services that give it; alone when every service gives the same one. */
  const reasonsOf = (notes: readonly DependencyNote[]): string => {
    const reasons = byReason(notes);
    return reasons.size === 1
      ? notes[0]!.reason
      : [...reasons].map(([reason, of]) => `${reason} (${listInWords(of.map((n) => name(n.serviceId)))})`).join('; ');
  };
  /** "Dataflow and Dataproc need" / "Dataflow works best with". */
  const whoVerb = (of: readonly DependencyNote[], kind: DependencyOffer['kind']): string => {
    const several = of.length > 1;
    const verb = kind === 'requires' ? (several ? 'need' : 'needs') : several ? 'work best with' : 'works best with';
    return `${listInWords(of.map((n) => who(n.serviceId)))} ${verb}`;
  };
  const groups = new Map<string, DependencyNote[]>();
  for (const d of missing) {
    const key = d.service ?? `identifiers ${(d.identifiers ?? []).join(',')}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups.values()]
    .map((notes): DependencyOffer => {
      const d = notes[0]!;
      // A service the policy lets partly through is named with what it still denies.
      const denied = [...new Set(notes.flatMap((n) => n.denied ?? []))];
      const named = d.service ? name(d.service) : (d.identifiers ?? []).join(', ');
      const what = denied.length ? `${named} (its ${listInWords(denied)}, which this policy denies)` : named;
      const needs = notes.filter((n) => n.kind === 'requires');
      const wants = notes.filter((n) => n.kind === 'recommends');
      const clause = (of: readonly DependencyNote[], kind: DependencyOffer['kind'], object: string) =>
        `${whoVerb(of, kind)} ${object}: ${reasonsOf(of)}`;
      const text = needs.length
        ? clause(needs, 'requires', what) + (wants.length ? `; ${clause(wants, 'recommends', 'it')}` : '')
        : clause(wants, 'recommends', what);
      const summary = [
        needs.length && `${whoVerb(needs, 'requires')} it`,
        wants.length && `${whoVerb(wants, 'recommends')} it`,
      ]
        .filter(Boolean)
        .join('; ');
      const reasons = (
        [
          ['requires', needs],
          ['recommends', wants],
        ] as const
      ).flatMap(([kind, of]) =>
        [...byReason(of)].map(([reason, given]): DependencyReason => ({
          kind,
          text: `${whoVerb(given, kind)} it: ${reason}.`,
          about: `${whoVerb(given, kind)} ${named}`,
          sources: [...new Set(given.map((n) => n.source))],
        })),
      );
      return {
        kind: needs.length ? 'requires' : 'recommends',
        text: `${text}.`,
        subject: what,
        summary: `${summary}.`,
        reasons,
        ...(d.service ? { addId: d.service } : {}),
      };
    })
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'requires' ? -1 : 1));
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
 * Why the other services a policy lets through are let through, counted: the essentials every policy keeps allowed
 * (billing, IAM and the like, which a governance team expects), and identifiers an approved service shares (which it
 * may not expect). Said apart, so a dozen essentials do not read as a dozen surprises.
 */
export function alsoAllowsCounts(env: Pick<PolicyEnvelopeView, 'alsoAllows'>): string {
  const essential = env.alsoAllows.filter((a) => a.essential).length;
  const shared = env.alsoAllows.length - essential;
  return [
    essential && `${essential} always allowed as an essential`,
    shared && `${shared} through identifiers shared with approved services`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The heading of the list of other services a policy lets through. */
export const alsoAllowsSummary = (env: Pick<PolicyEnvelopeView, 'alsoAllows'>): string =>
  `This policy also allows ${plural(env.alsoAllows.length, 'other catalogue service')}: ${alsoAllowsCounts(env)}`;

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
