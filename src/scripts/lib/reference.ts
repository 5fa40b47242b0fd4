/**
 * Checks catalogue content against the vendor reference data kept in
 * content/reference (see its README for sources and dates)
 * (AWS IAM prefixes, Azure resource providers, Google Cloud service names).
 * Used by the content tests and `npm run catalogue:report`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ContentIssue } from '../../core/catalogue.ts';
import type { PolicyIdentifiers, ServiceEntry } from '../../core/schemas.ts';

export const referenceDir = (root = process.cwd()) => resolve(root, process.env.REFERENCE_DIR ?? 'content/reference');

export interface ReferenceData {
  iamPrefixes: Set<string>;
  removedIamPrefixes: Set<string>;
  /** Lower-cased namespace -> lower-cased resource types. */
  azureProviders: Map<string, Set<string>>;
  gcpServices: Set<string>;
}

export function loadReference(dir = referenceDir()): ReferenceData | undefined {
  if (!existsSync(join(dir, 'aws-iam-service-prefixes.json'))) return undefined;
  const read = <T>(f: string): T => JSON.parse(readFileSync(join(dir, f), 'utf8')) as T;
  return {
    iamPrefixes: new Set(read<{ prefix: string }[]>('aws-iam-service-prefixes.json').map((r) => r.prefix)),
    removedIamPrefixes: new Set(
      read<{ prefix: string }[]>('aws-iam-service-prefixes-removed.json').map((r) => r.prefix),
    ),
    azureProviders: new Map(
      read<{ namespace: string; resourceTypes: string[] }[]>('azure-resource-providers.json').map((r) => [
        r.namespace.toLowerCase(),
        new Set(r.resourceTypes.map((t) => t.toLowerCase())),
      ]),
    ),
    gcpServices: new Set(read<{ name: string }[]>('gcp-services.json').map((r) => r.name)),
  };
}

/**
 * Official documentation hosts per provider. Besides the main docs sites, two
 * product lines are documented only on their own vendor-run sites: Kiro (an
 * AWS product) at kiro.dev, and Firebase (part of Google Cloud) at
 * firebase.google.com.
 */
export const vendorDocHosts: Record<string, string[]> = {
  aws: ['docs.aws.amazon.com', 'aws.amazon.com', 'kiro.dev'],
  azure: ['learn.microsoft.com', 'azure.microsoft.com'],
  gcp: ['cloud.google.com', 'firebase.google.com'],
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
    if (own && !s.identifiers[own] && !s.subServices.some((x) => x.identifiers?.[own])) {
      add(`identifiers.${own}: missing; policy generation needs it`);
    }
    identifierIssues(ref, s, s.identifiers, 'identifiers').forEach(add);
    s.subServices.forEach(
      (sub, i) =>
        sub.identifiers && identifierIssues(ref, s, sub.identifiers, `subServices.${i}.identifiers`).forEach(add),
    );
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
