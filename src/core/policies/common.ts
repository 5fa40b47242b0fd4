/**
 * What the three policy generators share: the options they take, the result
 * they return, how approved ids are resolved against the catalogue and the
 * provenance every document carries. Pure: no clock, no I/O, no Node-only
 * modules (the website runs this in the browser too).
 */
import { resolveApprovedIds, type Catalogue } from '../catalogue.ts';
import type { PolicyIdentifiers, ServiceEntry } from '../schemas.ts';
// The parts of a result the API describes are typed from their zod schemas (one definition for types and OpenAPI).
import type { AlsoAllowed, DependencyNote, Omission, PolicyWarning, Provenance } from './schemas.ts';

export type { AlsoAllowed, DependencyNote, Omission, PolicyWarning, Provenance };

export const policyTargets = ['aws', 'azure', 'gcp'] as const;
export type PolicyTarget = (typeof policyTargets)[number];

/**
 * AWS Organizations SCP size quotas, in characters. 5,120 is the quota AWS's own quota page states
 * (https://docs.aws.amazon.com/organizations/latest/userguide/orgs_reference_limits.html, and every copy of it
 * reachable in November 2026) and the default: a policy within it is accepted whichever quota an organisation
 * has. 10,240 is the quota reported as doubled on 15 May 2026 (https://cevo.com.au/post/aws-scp-limits-landing-zone-review/,
 * https://sjramblings.io/aws-organizations-scp-quotas-doubled-what-now/), by third parties only, so it is asked
 * for, never assumed. An SCP over the quota is refused when it is created, never applied in part.
 */
export const awsScpSizeLimits = [5120, 10240] as const;
/** The larger SCP quota a caller can ask for: advice offers it only where the SCP would fit it. */
export const AWS_SCP_LARGER_LIMIT = Math.max(...awsScpSizeLimits);
/** AWS's page of Organizations quotas, where the SCP size quota is stated. */
export const AWS_SCP_QUOTA_SOURCE =
  'https://docs.aws.amazon.com/organizations/latest/userguide/orgs_reference_limits.html';
export type AwsScpSizeLimit = (typeof awsScpSizeLimits)[number];

export const dependencyModes = ['report', 'include'] as const;
export type DependencyMode = (typeof dependencyModes)[number];
export const retiredModes = ['exclude', 'include'] as const;
export type RetiredMode = (typeof retiredModes)[number];
export const emptyCloudModes = ['refuse', 'deny-all'] as const;
export type EmptyCloudMode = (typeof emptyCloudModes)[number];

/** The generator's options its advice tells a caller to set, each with the value advised. */
export interface AdvisedOptions {
  retired: 'include';
  parent: string;
  sizeLimit: string;
  essentials: 'none';
}
/** How advice names an option and its value, in the words of the caller's interface. */
export type OptionWords = <K extends keyof AdvisedOptions>(option: K, value: AdvisedOptions[K]) => string;
/** The API's words: its query parameters (`retired=include`). */
export const queryParameterWords: OptionWords = (option, value) => `${option}=${value}`;

export interface PolicyOptions {
  /** How advice names the options to set (default: the API's query parameters). */
  optionWords?: OptionWords;
  /**
   * Today, YYYY-MM-DD. Passed in (the core never reads the clock); used only
   * to word lifecycle warnings, never written into a document, so the same
   * list gives the same document on any day.
   */
  today?: string;
  /** Human name of the approved list; goes into provenance (AWS `Id`, Azure metadata and display name). */
  listName?: string;
  /** AWS: SCP size quota to stay within (default 5,120, the quota AWS's quota page states). */
  awsSizeLimit?: AwsScpSizeLimit;
  /** AWS: IAM prefixes always allowed (default AWS_ESSENTIAL_IAM_PREFIXES; [] for none). */
  awsEssentials?: readonly string[];
  /**
   * AWS: principals the SCP does not restrict (break-glass and pipeline roles), as IAM role ARN patterns for
   * `ArnNotLike aws:PrincipalARN`; none by default.
   */
  awsExemptPrincipalArns?: readonly string[];
  /** Azure: the definition's displayName (default derived from the list name). */
  displayName?: string;
  /** Azure: resource-provider namespaces always allowed (default AZURE_PLATFORM_NAMESPACES). */
  azureExemptNamespaces?: readonly string[];
  /** Google Cloud: the resource the policy is set on (default `organizations/ORGANIZATION_ID`, a placeholder). */
  gcpParent?: string;
  /** report (default): name missing dependencies; include: add what approved services require. */
  dependencies?: DependencyMode;
  /** exclude (default): leave retired services out and report them; include: keep them, with a warning. */
  retired?: RetiredMode;
  /** refuse (default): no document when nothing of this cloud is expressed; deny-all: the deny-everything document. */
  emptyCloud?: EmptyCloudMode;
}

export const omissionReasons = ['other-provider', 'retired', 'no-identifiers', 'not-restrictable'] as const;
export type OmissionReason = (typeof omissionReasons)[number];

export const warningCodes = [
  'deprecated',
  'part-closed',
  'part-sunset',
  'sunset',
  'retired-included',
  'preview',
  'placeholder-parent',
  'not-on-supported-list',
] as const;
export type WarningCode = (typeof warningCodes)[number];

export interface PolicyDocumentResult<D = unknown> {
  kind: 'policy';
  target: PolicyTarget;
  document: D;
  omitted: Omission[];
  provenance: Provenance;
  /** Catalogue services of this target expressed in the document (approved, and dependencies added). */
  included: string[];
  dependencies: DependencyNote[];
  alsoAllows: AlsoAllowed[];
  warnings: PolicyWarning[];
  /** Size as the provider counts it, where the provider has a limit we check. */
  size?: { value: number; limit: number; unit: string };
}

export interface PolicyTooLargeResult {
  kind: 'too-large';
  target: PolicyTarget;
  /** What is counted: `characters` (AWS, minified JSON), `conditions` / `bytes` (Azure) or `values` / `bytes` (Google Cloud). */
  unit: string;
  limit: number;
  size: number;
  excess: number;
  /** What the caller can do about it, in a sentence or two. */
  advice: string;
  omitted: Omission[];
  /** What the approved services need that the document would deny: a check names it whatever the size. */
  dependencies: DependencyNote[];
}

export interface UnknownServicesResult {
  kind: 'unknown-services';
  target: PolicyTarget;
  unknownIds: string[];
}

/** Nothing of this cloud would be in the document, and the caller did not ask for a deny-all one. */
export interface EmptyCloudResult {
  kind: 'empty-cloud';
  target: PolicyTarget;
  omitted: Omission[];
  warnings: PolicyWarning[];
}

export type PolicyResult<D = unknown> =
  PolicyDocumentResult<D> | PolicyTooLargeResult | UnknownServicesResult | EmptyCloudResult;

export interface ResolvedApproval {
  /**
   * Services of the target provider for the document, in catalogue id order,
   * without repeats: approved (less retired ones unless kept) and added
   * dependencies.
   */
  services: ServiceEntry[];
  /** Approved services of this target (kept ones only), the ones dependencies are reported for. */
  approved: Set<string>;
  /** Raw identifiers added because an approved service requires them (dependencies=include). */
  extraIdentifiers: PolicyIdentifiers;
  /** For each service added because another requires it: the sub-services those requirements name (`parts`). */
  addedParts: Map<string, Set<string>>;
  /** Approved services of other providers, and retired ones left out. */
  omitted: Omission[];
  unknownIds: string[];
  warnings: PolicyWarning[];
  catalogueVersion: string;
  listName?: string;
}

const providerKind: Record<PolicyTarget, keyof PolicyIdentifiers> = {
  aws: 'iamPrefixes',
  azure: 'resourceProviders',
  gcp: 'serviceNames',
};
export const identifierKindOf = (target: PolicyTarget): keyof PolicyIdentifiers => providerKind[target];

function lifecycleWarnings(s: ServiceEntry, options: PolicyOptions): PolicyWarning[] {
  // A part closed to new customers or ending is still allowed with its service: a team adopting it now cannot sign
  // up, or builds on something that ends.
  const parts = s.subServices.flatMap((sub): PolicyWarning[] => {
    const l = sub.lifecycle;
    if (!l) return [];
    const closing = l.closedToNewCustomers && `no new customers from ${l.closedToNewCustomers}`;
    const closed = closing ? ` (${closing})` : '';
    return [
      l.status === 'sunset'
        ? {
            code: 'part-sunset',
            serviceId: s.id,
            partId: sub.id,
            ...(l.sunsetDate ? { date: l.sunsetDate } : {}),
            message: `${sub.name}, part of ${s.name}, ends on ${l.sunsetDate}${closed}: ${l.note}`,
          }
        : {
            code: 'part-closed',
            serviceId: s.id,
            partId: sub.id,
            message: `${sub.name}, part of ${s.name}, ${closing ? `takes ${closing}` : 'is no longer open to new customers'}: ${l.note}`,
          },
    ];
  });
  return [...parts, ...serviceLifecycleWarnings(s, options)];
}

function serviceLifecycleWarnings(s: ServiceEntry, options: PolicyOptions): PolicyWarning[] {
  const l = s.lifecycle;
  if (!l) return [];
  const date = l.sunsetDate;
  const past = date && options.today ? date <= options.today : false;
  const successor = l.successorSlug ? ` Successor: ${l.successorSlug}.` : '';
  const when = date ? (past ? ` since ${date}` : ` on ${date}`) : ' (no date announced)';
  switch (l.status) {
    case 'deprecated':
      return [
        {
          code: 'deprecated',
          serviceId: s.id,
          ...(date ? { date } : {}),
          message:
            `${s.name} is deprecated${l.closedToNewCustomers ? ` (no new customers from ${l.closedToNewCustomers})` : ''}; ` +
            `its end${date ? (past ? ` was ${date}` : ` is ${date}`) : ' date is not announced'}.${successor}`,
        },
      ];
    case 'sunset':
      return [
        {
          code: 'sunset',
          serviceId: s.id,
          ...(date ? { date } : {}),
          message:
            `${s.name} is being sunset${when}${l.closedToNewCustomers ? ` (no new customers from ${l.closedToNewCustomers})` : ''}: ` +
            `plan its replacement.${successor}`,
        },
      ];
    case 'retired':
      return [
        {
          code: 'retired-included',
          serviceId: s.id,
          ...(date ? { date } : {}),
          message: `${s.name} is retired${date ? ` (${date})` : ''} but kept in this policy as asked.${successor}`,
        },
      ];
    case 'preview':
      return [
        {
          code: 'preview',
          serviceId: s.id,
          message: `${s.name} is in preview${l.gaTarget ? ` (general availability: ${l.gaTarget})` : ''}; its identifiers may change.`,
        },
      ];
  }
}

/**
 * Looks the approved ids up (ids or slugs), keeps the target provider's,
 * leaves retired ones out unless asked, adds required dependencies when
 * asked, and reports the rest. Repeats resolve once.
 */
export function resolveApproval(
  target: PolicyTarget,
  catalogue: Catalogue,
  approvedIds: readonly string[],
  options: PolicyOptions,
): ResolvedApproval {
  const { services, unknownIds } = resolveApprovedIds(catalogue, approvedIds);
  // Sorted by id whatever order the catalogue holds: the document must be byte-identical for the same set.
  const all = [...services].sort((a, b) => compareText(a.id, b.id));
  const omitted: Omission[] = [];
  const warnings: PolicyWarning[] = [];
  const kept: ServiceEntry[] = [];
  for (const s of all) {
    if (s.provider !== target) {
      omitted.push({
        id: s.id,
        reason: 'other-provider',
        detail: `${s.provider} service; this ${targetLabels[target]} covers ${target} services only`,
      });
    } else if (s.lifecycle?.status === 'retired' && options.retired !== 'include') {
      omitted.push({
        id: s.id,
        reason: 'retired',
        detail:
          `retired${s.lifecycle.sunsetDate ? ` on ${s.lifecycle.sunsetDate}` : ''}` +
          `${s.lifecycle.successorSlug ? `; successor: ${s.lifecycle.successorSlug}` : ''}; ` +
          `ask with ${(options.optionWords ?? queryParameterWords)('retired', 'include')} to keep it`,
      });
    } else {
      kept.push(s);
      warnings.push(...lifecycleWarnings(s, options));
    }
  }
  const chosen = new Map(kept.map((s) => [s.id, s]));
  const extra: string[] = [];
  const addedParts = new Map<string, Set<string>>();
  if (options.dependencies === 'include') {
    // Breadth-first over `requires`, so what an added dependency requires is added too.
    const queue = [...kept];
    while (queue.length) {
      const s = queue.shift()!;
      for (const d of s.requires) {
        if (d.identifiers) extra.push(...(d.identifiers[providerKind[target]] ?? []));
        const dep = d.service ? catalogue.service(d.service) : undefined;
        if (!dep || dep.provider !== target) continue;
        if (!chosen.has(dep.id)) {
          chosen.set(dep.id, dep);
          queue.push(dep);
        }
        if (d.parts) {
          const parts = addedParts.get(dep.id) ?? new Set<string>();
          for (const part of d.parts) parts.add(part);
          addedParts.set(dep.id, parts);
        }
      }
    }
  }
  return {
    services: [...chosen.values()].sort((a, b) => compareText(a.id, b.id)),
    approved: new Set(kept.map((s) => s.id)),
    extraIdentifiers: extra.length ? { [providerKind[target]]: uniqueSorted(extra) } : {},
    addedParts,
    omitted,
    unknownIds,
    warnings,
    catalogueVersion: catalogue.version,
    ...(options.listName ? { listName: options.listName } : {}),
  };
}

export function provenanceOf(approval: ResolvedApproval, included: readonly string[]): Provenance {
  return {
    catalogueVersion: approval.catalogueVersion,
    ...(approval.listName ? { listName: approval.listName } : {}),
    listHash: listHash(included),
  };
}

/**
 * What the document lets through, asked per identifier: `inDocument` for
 * identifiers the document itself allows (approved or essential),
 * `essential` for those the essentials alone allow, `alwaysAllowed` for
 * identifiers the provider control never restricts.
 */
export interface AllowedScope {
  inDocument(identifier: string): boolean;
  essential(identifier: string): boolean;
  alwaysAllowed?(identifier: string): boolean;
}

/**
 * The dependencies of the document's services it does not satisfy (or that
 * were added), and the other catalogue services of this cloud it lets
 * through, from the scope the generator built.
 */
export function scopeReport(
  target: PolicyTarget,
  catalogue: Catalogue,
  approval: ResolvedApproval,
  included: readonly string[],
  scope: AllowedScope,
): { dependencies: DependencyNote[]; alsoAllows: AlsoAllowed[] } {
  const kind = providerKind[target];
  const inc = new Set(included);
  const allowed = (id: string) => scope.inDocument(id) || (scope.alwaysAllowed?.(id) ?? false);
  const dependencies: DependencyNote[] = [];
  const seen = new Set<string>();
  // The document's services, then each required service that is not one of them (denied, or let through by another
  // service's identifiers): what that one requires is checked too and reported with it, so adding what the report
  // names is enough (its recommendations are not followed).
  const reported = approval.services.filter((s) => inc.has(s.id));
  const visited = new Set(reported.map((s) => s.id));
  for (let at = 0; at < reported.length; at++) {
    const s = reported[at]!;
    const inDocument = inc.has(s.id);
    for (const [edgeKind, edges] of [
      ['requires', s.requires],
      ['recommends', inDocument ? s.recommends : []],
    ] as const) {
      for (const d of edges) {
        const dep = d.service ? catalogue.service(d.service) : undefined;
        if (d.service && (!dep || dep.provider !== target)) continue;
        const ids = dep ? identifiersOf(dep, kind) : (d.identifiers?.[kind] ?? []);
        if (!dep && !ids.length) continue;
        // A required service works when its own identifiers are allowed, and those of the sub-services the
        // requirement names (`parts`): its other sub-services are not asked for.
        const needed = dep ? requiredIdentifiersOf(dep, kind, d.parts) : ids;
        const added = approval.services.some((x) => x.id === dep?.id) && !approval.approved.has(dep!.id);
        const rawAdded =
          !dep && edgeKind === 'requires' && ids.every((i) => (approval.extraIdentifiers[kind] ?? []).includes(i));
        const satisfied = dep ? inc.has(dep.id) || (needed.length > 0 && needed.every(allowed)) : ids.every(allowed);
        let status: DependencyNote['status'] | undefined;
        if (edgeKind === 'requires' && (added ? inc.has(dep!.id) : rawAdded)) status = 'added';
        else if (!satisfied) status = 'missing';
        if (edgeKind === 'requires' && dep && !inc.has(dep.id) && !visited.has(dep.id)) {
          visited.add(dep.id);
          reported.push(dep);
        }
        if (!status) continue;
        const key = `${s.id}|${edgeKind}|${d.service ?? ids.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        // A service the document lets partly through (the VPC's compute API, through Compute Engine) is named with
        // what it still denies, or "denied" would read as a contradiction of "also allows".
        const denied = status === 'missing' && dep ? needed.filter((i) => !allowed(i)) : [];
        dependencies.push({
          serviceId: s.id,
          kind: edgeKind,
          ...(dep ? { service: dep.id } : { identifiers: ids }),
          ...(denied.length && denied.length < needed.length ? { denied } : {}),
          reason: d.reason,
          source: d.source,
          status,
        });
      }
    }
  }
  // Which document services own each identifier (lower-cased), to say through what another service gets in.
  const byIdentifier = new Map<string, string[]>();
  for (const s of approval.services)
    if (inc.has(s.id))
      for (const i of documentIdentifiersOf(approval, s, kind))
        byIdentifier.set(i.toLowerCase(), [...(byIdentifier.get(i.toLowerCase()) ?? []), s.id]);
  const owners = (identifier: string): string[] => {
    const id = identifier.toLowerCase();
    if (target !== 'azure') return byIdentifier.get(id) ?? [];
    // Azure: a namespace lets its types through, a type its child types.
    const found: string[] = [];
    for (const [own, ids] of byIdentifier) if (id === own || id.startsWith(`${own}/`)) found.push(...ids);
    return found;
  };
  const alsoAllows: AlsoAllowed[] = [];
  for (const [s, all] of identifierIndex(catalogue, target)) {
    if (inc.has(s.id)) continue;
    const ids = all.filter((i) => scope.inDocument(i));
    if (!ids.length) continue;
    const through = new Set(ids.flatMap(owners));
    alsoAllows.push({
      id: s.id,
      identifiers: ids,
      through: [...through].sort(compareText),
      essential: ids.some((i) => scope.essential(i)),
      partial: ids.length < all.length,
    });
  }
  alsoAllows.sort((a, b) => compareText(a.id, b.id));
  return { dependencies, alsoAllows };
}

/** Per catalogue and cloud: each service with its identifiers (sub-services included), sorted; built once. */
const indexes = new WeakMap<Catalogue, Map<PolicyTarget, [ServiceEntry, string[]][]>>();
function identifierIndex(catalogue: Catalogue, target: PolicyTarget): [ServiceEntry, string[]][] {
  let perTarget = indexes.get(catalogue);
  if (!perTarget) indexes.set(catalogue, (perTarget = new Map()));
  let index = perTarget.get(target);
  if (!index) {
    index = catalogue.services
      .filter((s) => s.provider === target)
      .sort((a, b) => compareText(a.id, b.id))
      .map((s) => [s, uniqueSorted(identifiersOf(s, providerKind[target]))] as [ServiceEntry, string[]])
      .filter(([, ids]) => ids.length > 0);
    perTarget.set(target, index);
  }
  return index;
}

export const targetLabels: Record<PolicyTarget, string> = {
  aws: 'service control policy',
  azure: 'Azure Policy definition',
  gcp: 'organisation policy',
};

/**
 * What a service needs allowed to work: its own identifiers, without its sub-services, which are optional parts of
 * it (Compute Engine's VMs do not need OS Login), except the ones a requirement names (`parts`: Azure Machine
 * Learning's Application Insights needs Azure Monitor's Log Analytics). A service with none of its own needs its
 * sub-services'.
 */
export function requiredIdentifiersOf(
  service: ServiceEntry,
  kind: keyof PolicyIdentifiers,
  parts: Iterable<string> = [],
): string[] {
  const own = service.identifiers[kind] ?? [];
  if (!own.length) return identifiersOf(service, kind);
  const named = new Set(parts);
  return [...own, ...service.subServices.flatMap((sub) => (named.has(sub.id) ? (sub.identifiers?.[kind] ?? []) : []))];
}

/**
 * The identifiers a service brings into a document: an approved service all of its own and its sub-services'; a
 * service added because an approved one requires it (`dependencies=include`) only what it needs to work, since
 * nobody approved the rest of it (Lambda's logs need CloudWatch Logs, not CloudWatch Synthetics or RUM).
 */
export function documentIdentifiersOf(
  approval: ResolvedApproval,
  service: ServiceEntry,
  kind: keyof PolicyIdentifiers,
): string[] {
  return approval.approved.has(service.id)
    ? identifiersOf(service, kind)
    : requiredIdentifiersOf(service, kind, approval.addedParts.get(service.id));
}

/** The identifiers of a service and all its sub-services, for one identifier kind. */
export function identifiersOf(service: ServiceEntry, kind: keyof PolicyIdentifiers): string[] {
  return [service.identifiers[kind] ?? [], ...service.subServices.map((sub) => sub.identifiers?.[kind] ?? [])].flat();
}

/** Locale-independent ordering, so output is byte-identical on every machine. */
export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * cyrb53: a small, fast, non-cryptographic 53-bit string hash. Provenance
 * only (which list produced this document), never security.
 */
function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** 10 hex characters identifying a set of service ids (order and repeats ignored). */
export function listHash(ids: readonly string[]): string {
  return cyrb53([...new Set(ids)].sort(compareText).join('\n'))
    .toString(16)
    .padStart(14, '0')
    .slice(-10);
}

/** ASCII kebab form of a list name for identifiers (`Team A – prod` -> `team-a-prod`), at most `max` characters. */
export function slugify(text: string, max = 40): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/** One limit a provider sets on a document, and what the document would need of it. */
export interface LimitCheck {
  unit: string;
  size: number;
  limit: number;
}

/**
 * The refusal for the first limit a document would exceed, or undefined when it fits every one: a document over a
 * provider's limit is refused whole, never cut. `advice` words what to do for the limit exceeded.
 */
export function overLimit(
  target: PolicyTarget,
  checks: readonly LimitCheck[],
  report: { omitted: Omission[]; dependencies: DependencyNote[] },
  advice: (over: LimitCheck) => string,
): PolicyTooLargeResult | undefined {
  const over = checks.find((c) => c.size > c.limit);
  return (
    over && { kind: 'too-large', target, ...over, excess: over.size - over.limit, advice: advice(over), ...report }
  );
}

/** UTF-8 length without Node's Buffer (the core also runs in browsers). */
export const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/** Sorted, de-duplicated copy; `key` decides what counts as the same value (first spelling wins). */
export function uniqueSorted(values: Iterable<string>, key: (v: string) => string = (v) => v): string[] {
  const seen = new Map<string, string>();
  for (const v of values) if (!seen.has(key(v))) seen.set(key(v), v);
  return [...seen.entries()].sort(([a], [b]) => compareText(a, b)).map(([, v]) => v);
}
