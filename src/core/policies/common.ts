/**
 * What the three policy generators share: the options they take, the result
 * they return, how approved ids are resolved against the catalogue and the
 * provenance every document carries. Pure: no clock, no I/O, no Node-only
 * modules (the website runs this in the browser too).
 */
import { resolveApprovedIds, type Catalogue } from '../catalogue.ts';
import type { PolicyIdentifiers, ServiceEntry } from '../schemas.ts';

export const policyTargets = ['aws', 'azure', 'gcp'] as const;
export type PolicyTarget = (typeof policyTargets)[number];

/** AWS Organizations SCP size quotas, in characters: 10,240 since 15 May 2026; 5,120 before. */
export const awsScpSizeLimits = [10240, 5120] as const;
export type AwsScpSizeLimit = (typeof awsScpSizeLimits)[number];

export interface PolicyOptions {
  /** Generation date, YYYY-MM-DD. Passed in: the core never reads the clock. */
  today: string;
  /** Human name of the approved list; goes into provenance (AWS `Id`, Azure metadata and display name). */
  listName?: string;
  /** AWS: SCP size quota to stay within (default 10,240). */
  awsSizeLimit?: AwsScpSizeLimit;
  /** AWS: IAM prefixes always allowed (default AWS_ESSENTIAL_IAM_PREFIXES; [] for none). */
  awsEssentials?: readonly string[];
  /** Azure: the definition's displayName (default derived from the list name). */
  displayName?: string;
  /** Azure: resource-provider namespaces always allowed (default AZURE_PLATFORM_NAMESPACES). */
  azureExemptNamespaces?: readonly string[];
  /** Google Cloud: the resource the policy is set on (default `organizations/ORGANIZATION_ID`, a placeholder). */
  gcpParent?: string;
}

export const omissionReasons = ['other-provider', 'no-identifiers', 'not-restrictable'] as const;
export type OmissionReason = (typeof omissionReasons)[number];

/** An approved service that is not expressed in the generated document, and why. */
export interface Omission {
  id: string;
  reason: OmissionReason;
  detail: string;
}

export interface Provenance {
  catalogueVersion: string;
  generatedOn: string;
  listName?: string;
  /** Short hash of the approved ids (all providers), stable for the same set in any order. */
  listHash: string;
}

export interface PolicyDocumentResult<D = unknown> {
  kind: 'policy';
  target: PolicyTarget;
  document: D;
  omitted: Omission[];
  provenance: Provenance;
  /** Catalogue services of this target expressed in the document. */
  included: string[];
  /** Size as the provider counts it, where the provider has a limit we check. */
  size?: { value: number; limit: number; unit: string };
}

export interface PolicyTooLargeResult {
  kind: 'too-large';
  target: PolicyTarget;
  /** What is counted: `characters` (AWS, minified JSON) or `conditions` / `bytes` (Azure). */
  unit: string;
  limit: number;
  size: number;
  excess: number;
  /** What the caller can do about it, in a sentence or two. */
  advice: string;
  omitted: Omission[];
}

export interface UnknownServicesResult {
  kind: 'unknown-services';
  target: PolicyTarget;
  unknownIds: string[];
}

export type PolicyResult<D = unknown> = PolicyDocumentResult<D> | PolicyTooLargeResult | UnknownServicesResult;

export interface ResolvedApproval {
  /** Approved services of the target provider, in catalogue id order, without repeats. */
  services: ServiceEntry[];
  /** Approved services of other providers. */
  omitted: Omission[];
  unknownIds: string[];
  provenance: Provenance;
}

/**
 * Looks the approved ids up (ids or slugs), keeps the target provider's and
 * reports the rest. Repeats resolve once.
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
  const omitted: Omission[] = all
    .filter((s) => s.provider !== target)
    .map((s) => ({
      id: s.id,
      reason: 'other-provider',
      detail: `${s.provider} service; this ${targetLabels[target]} covers ${target} services only`,
    }));
  return {
    services: all.filter((s) => s.provider === target),
    omitted,
    unknownIds,
    provenance: {
      catalogueVersion: catalogue.version,
      generatedOn: options.today,
      ...(options.listName ? { listName: options.listName } : {}),
      listHash: listHash(all.map((s) => s.id)),
    },
  };
}

export const targetLabels: Record<PolicyTarget, string> = {
  aws: 'service control policy',
  azure: 'Azure Policy definition',
  gcp: 'organisation policy',
};

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

/** Sorted, de-duplicated copy; `key` decides what counts as the same value (first spelling wins). */
export function uniqueSorted(values: Iterable<string>, key: (v: string) => string = (v) => v): string[] {
  const seen = new Map<string, string>();
  for (const v of values) if (!seen.has(key(v))) seen.set(key(v), v);
  return [...seen.entries()].sort(([a], [b]) => compareText(a, b)).map(([, v]) => v);
}
