/**
 * Checks catalogue content against the vendor reference data kept in
 * content/reference (see its README for sources and dates)
 * (AWS IAM prefixes, Azure resource providers, Google Cloud service names).
 * Used by the content tests and `npm run catalogue:report`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { ContentIssue } from '../../core/catalogue.ts';
import { AWS_ESSENTIAL_IAM_PREFIXES } from '../../core/policies/aws-scp.ts';
import { AZURE_PLATFORM_NAMESPACES } from '../../core/policies/azure-policy.ts';
import type { PolicyIdentifiers, ServiceEntry } from '../../core/schemas.ts';
import { vendorDocHosts } from '../../core/vendor-hosts.ts';

export const referenceDir = (root = process.cwd()) => resolve(root, process.env.REFERENCE_DIR ?? 'content/reference');

export interface ReferenceData {
  iamPrefixes: Set<string>;
  removedIamPrefixes: Set<string>;
  /** Lower-cased namespace -> lower-cased resource types. */
  azureProviders: Map<string, Set<string>>;
  gcpServices: Set<string>;
  /** `<provider> <identifier>` (Azure namespaces lower-cased) -> the identifier as the vendor spells it and its name. */
  names: Map<string, { id: string; name: string }>;
}

export function loadReference(dir = referenceDir()): ReferenceData | undefined {
  if (!existsSync(join(dir, 'aws-iam-service-prefixes.json'))) return undefined;
  const read = <T>(f: string): T => JSON.parse(readFileSync(join(dir, f), 'utf8')) as T;
  const aws = read<{ prefix: string; name: string }[]>('aws-iam-service-prefixes.json');
  const azure = read<{ namespace: string; services: string[]; resourceTypes: string[] }[]>(
    'azure-resource-providers.json',
  );
  const gcp = read<{ name: string; title: string | null; productNames?: string[] }[]>('gcp-services.json');
  const names = new Map<string, { id: string; name: string }>([
    ...aws.map((r) => [`aws ${r.prefix}`, { id: r.prefix, name: r.name }] as const),
    ...azure.map(
      (r) => [`azure ${r.namespace.toLowerCase()}`, { id: r.namespace, name: r.services.join('; ') }] as const,
    ),
    ...gcp.map((r) => [`gcp ${r.name}`, { id: r.name, name: r.title ?? r.productNames?.[0] ?? '' }] as const),
  ]);
  return {
    names,
    iamPrefixes: new Set(aws.map((r) => r.prefix)),
    removedIamPrefixes: new Set(
      read<{ prefix: string }[]>('aws-iam-service-prefixes-removed.json').map((r) => r.prefix),
    ),
    azureProviders: new Map(
      azure.map((r) => [r.namespace.toLowerCase(), new Set(r.resourceTypes.map((t) => t.toLowerCase()))]),
    ),
    gcpServices: new Set(gcp.map((r) => r.name)),
  };
}

/**
 * Where a dependency's source may point: the vendor's own documentation (Google serves its docs on two hosts, and
 * documents its Firebase products only on firebase.google.com).
 */
export const dependencySourceHosts: Record<string, string[]> = {
  aws: ['docs.aws.amazon.com'],
  azure: ['learn.microsoft.com'],
  gcp: ['cloud.google.com', 'docs.cloud.google.com', 'firebase.google.com'],
};

const expectedIdentifier: Record<string, keyof PolicyIdentifiers> = {
  aws: 'iamPrefixes',
  azure: 'resourceProviders',
  gcp: 'serviceNames',
};

function identifierIssues(ref: ReferenceData, s: ServiceEntry, ids: PolicyIdentifiers, field: string): string[] {
  const out: string[] = [];
  const own = expectedIdentifier[s.provider];
  for (const key of Object.keys(ids) as (keyof PolicyIdentifiers)[]) {
    if (key !== own) out.push(`${field}.${key}: a ${s.provider} service carries ${own} only`);
  }
  for (const p of ids.iamPrefixes ?? []) {
    if (ref.iamPrefixes.has(p)) continue;
    if (ref.removedIamPrefixes.has(p) && s.lifecycle?.status === 'retired') continue;
    out.push(`${field}.iamPrefixes: "${p}" is not an AWS IAM service prefix`);
  }
  for (const rp of ids.resourceProviders ?? []) {
    const [ns, ...rest] = rp.split('/');
    const types = ref.azureProviders.get(ns!.toLowerCase());
    if (!types) out.push(`${field}.resourceProviders: "${ns}" is not an Azure resource-provider namespace`);
    else if (rest.length && !types.has(rp.toLowerCase()))
      out.push(`${field}.resourceProviders: "${rp}" is not a resource type of ${ns}`);
  }
  for (const n of ids.serviceNames ?? []) {
    if (!ref.gcpServices.has(n)) out.push(`${field}.serviceNames: "${n}" is not a Google Cloud service name`);
  }
  return out;
}

export function referenceIssues(
  ref: ReferenceData,
  services: ServiceEntry[],
  fileOf: (s: ServiceEntry) => string,
): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const docsSeen = new Map<string, string>();
  for (const s of services) {
    const file = fileOf(s);
    const add = (message: string) => {
      const [field, ...m] = message.split(': ');
      issues.push({ file, field: field!, message: m.join(': ') });
    };
    const own = expectedIdentifier[s.provider];
    // A retired service may have none: its own identifier can have left the vendor's reference, and borrowing a
    // neighbour's (the API a successor still uses) would state a wrong fact. Policies leave it out either way.
    const retired = s.lifecycle?.status === 'retired';
    if (own && !retired && !s.identifiers[own] && !s.subServices.some((x) => x.identifiers?.[own])) {
      add(`identifiers.${own}: missing; policy generation needs it`);
    }
    identifierIssues(ref, s, s.identifiers, 'identifiers').forEach(add);
    s.subServices.forEach(
      (sub, i) =>
        sub.identifiers && identifierIssues(ref, s, sub.identifiers, `subServices.${i}.identifiers`).forEach(add),
    );
    for (const kind of ['requires', 'recommends'] as const) {
      s[kind].forEach((d, i) => {
        if (d.identifiers) identifierIssues(ref, s, d.identifiers, `${kind}.${i}.identifiers`).forEach(add);
        const host = new URL(d.source).hostname;
        const allowed = dependencySourceHosts[s.provider] ?? [];
        if (!allowed.includes(host))
          add(`${kind}.${i}.source: host ${host} is not the vendor documentation (${allowed.join(', ')})`);
      });
    }
    const url = new URL(s.vendorDocs);
    const hosts = vendorDocHosts[s.provider] ?? [];
    if (url.protocol !== 'https:') add(`vendorDocs: must be https`);
    if (hosts.length && !hosts.includes(url.hostname))
      add(`vendorDocs: host ${url.hostname} is not one of ${hosts.join(', ')}`);
    const key = s.vendorDocs.replace(/\/$/, '');
    if (docsSeen.has(key)) add(`vendorDocs: same URL as ${docsSeen.get(key)}`);
    else docsSeen.set(key, s.id);
  }
  return issues;
}

// ---------------------------------------------------------------- reconciliation

/**
 * Why a reference identifier is governed by no catalogue service. Each code
 * keeps the exclusions reviewable by kind; `note` says what the identifier is.
 */
export const exclusionReasons = {
  'no-catalogue-service': 'a current service the catalogue does not list yet',
  retired: 'the service is retired or closed; the identifier stays in the vendor reference',
  'account-level': 'an account, partner, billing or console function rather than a deployable service',
  'outside-cloud-platform':
    'another product line of the vendor (Microsoft 365, Dynamics, Power Platform; Google Ads, Maps, Workspace, consumer APIs)',
  'not-a-service': 'shared type definitions, test or internal APIs, never enabled on their own',
  'third-party': 'a partner resource provider published by another company',
} as const;
export type ExclusionReason = keyof typeof exclusionReasons;

export const IdentifierExclusion = z.strictObject({
  provider: z.enum(['aws', 'azure', 'gcp']),
  identifier: z.string().min(1).max(200),
  reason: z.enum(Object.keys(exclusionReasons) as [ExclusionReason, ...ExclusionReason[]]),
  note: z.string().min(1).max(300),
});
export type IdentifierExclusion = z.infer<typeof IdentifierExclusion>;

export const exclusionsFile = (root = process.cwd()) => resolve(root, 'content/identifier-exclusions.json');

export function loadExclusions(file = exclusionsFile()): IdentifierExclusion[] {
  return z.array(IdentifierExclusion).parse(JSON.parse(readFileSync(file, 'utf8')));
}

export interface UnownedIdentifier {
  provider: 'aws' | 'azure' | 'gcp';
  identifier: string;
  /** The vendor's name for it, from the reference data. */
  name: string;
}

export interface Reconciliation {
  /** Per provider: reference identifiers a catalogue service (or sub-service) names. */
  owned: Record<UnownedIdentifier['provider'], number>;
  /** Per provider: reference identifiers the policy generators always allow. */
  essential: Record<UnownedIdentifier['provider'], number>;
  excluded: IdentifierExclusion[];
  /** Neither owned, essential nor excluded. */
  unowned: UnownedIdentifier[];
  /** Exclusions that no longer hold: owned now, essential, unknown to the reference data, or listed twice. */
  stale: { exclusion: IdentifierExclusion; why: string }[];
}

/**
 * Every AWS IAM prefix, Azure namespace and Google service name of the
 * reference data is either governed (named by a catalogue service or one of
 * its sub-services, or always allowed by the policy generators) or excluded
 * with a reason. Azure namespaces compare case-insensitively, and a namespace
 * counts as named when a service names it or one of its resource types.
 */
export function reconcileIdentifiers(
  ref: ReferenceData,
  services: ServiceEntry[],
  exclusions: IdentifierExclusion[],
): Reconciliation {
  const key = (provider: string, id: string) =>
    `${provider} ${provider === 'azure' ? id.split('/')[0]!.toLowerCase() : id}`;
  const owned = new Set<string>();
  for (const s of services) {
    for (const ids of [s.identifiers, ...s.subServices.map((x) => x.identifiers ?? {})]) {
      for (const p of ids.iamPrefixes ?? []) owned.add(key('aws', p));
      for (const n of ids.resourceProviders ?? []) owned.add(key('azure', n));
      for (const n of ids.serviceNames ?? []) owned.add(key('gcp', n));
    }
  }
  const essential = new Set([
    ...AWS_ESSENTIAL_IAM_PREFIXES.map((p) => key('aws', p)),
    ...AZURE_PLATFORM_NAMESPACES.map((n) => key('azure', n)),
  ]);
  const all: UnownedIdentifier[] = [
    ...[...ref.iamPrefixes].map((identifier) => ({ provider: 'aws' as const, identifier })),
    ...[...ref.azureProviders.keys()].map((identifier) => ({ provider: 'azure' as const, identifier })),
    ...[...ref.gcpServices].map((identifier) => ({ provider: 'gcp' as const, identifier })),
  ].map((x) => ({
    ...x,
    identifier: ref.names.get(key(x.provider, x.identifier))?.id ?? x.identifier,
    name: ref.names.get(key(x.provider, x.identifier))?.name ?? '',
  }));
  const inReference = new Set(all.map((x) => key(x.provider, x.identifier)));
  const stale: Reconciliation['stale'] = [];
  const excludedKeys = new Set<string>();
  for (const e of exclusions) {
    const k = key(e.provider, e.identifier);
    if (excludedKeys.has(k)) stale.push({ exclusion: e, why: 'listed more than once' });
    else if (!inReference.has(k)) stale.push({ exclusion: e, why: 'not in the reference data' });
    else if (owned.has(k)) stale.push({ exclusion: e, why: 'a catalogue service names it now' });
    else if (essential.has(k)) stale.push({ exclusion: e, why: 'always allowed by the policy generators' });
    excludedKeys.add(k);
  }
  const counts = () => ({ aws: 0, azure: 0, gcp: 0 });
  const result: Reconciliation = { owned: counts(), essential: counts(), excluded: exclusions, unowned: [], stale };
  for (const x of all) {
    const k = key(x.provider, x.identifier);
    if (owned.has(k)) result.owned[x.provider]++;
    else if (essential.has(k)) result.essential[x.provider]++;
    else if (!excludedKeys.has(k)) result.unowned.push(x);
  }
  return result;
}
