/**
 * What the generated policies do, checked with the independent evaluators in
 * tests/validators/evaluate.ts over the real catalogue (content/) and the
 * vendor reference data (content/reference/):
 * - for every single-service list and 200 random lists per cloud, generated
 *   with dependencies=include, every representative call of each approved
 *   service and of what it requires is allowed;
 * - every identifier in the reference data that no approved service, required
 *   dependency or essential owns is denied.
 * Representative calls are derived from the catalogue's identifiers, never
 * listed per service: `<prefix>:List…` actions, resource types of each
 * approved namespace from the reference data (or the approved type and a
 * child of it), and the Google API names themselves.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../src/core/catalogue.ts';
import {
  AWS_ESSENTIAL_IAM_PREFIXES,
  AZURE_PLATFORM_NAMESPACES,
  GCP_RESTRICT_SERVICE_USAGE_COVERAGE,
  generatePolicy,
  gcpRestrictability,
  policyTargets,
  type PolicyTarget,
} from '../src/core/policies/index.ts';
import type { PolicyIdentifiers, ServiceEntry } from '../src/core/schemas.ts';
import { readContent } from '../src/scripts/lib/read-content.ts';
import { azureDenies, gcpDenies, scpDenies } from './validators/evaluate.ts';

const content = readContent();
const catalogue = createCatalogue({ ...content, version: 'test-catalogue', builtOn: '2026-11-23' });
const reference = (name: string) =>
  JSON.parse(readFileSync(new URL(`../content/reference/${name}`, import.meta.url), 'utf8'));
const awsPrefixes: string[] = reference('aws-iam-service-prefixes.json').map((r: { prefix: string }) => r.prefix);
const azureProviders: { namespace: string; resourceTypes: string[] }[] = reference('azure-resource-providers.json');
const gcpNames: string[] = reference('gcp-services.json').map((r: { name: string }) => r.name);
const typesOf = new Map(azureProviders.map((p) => [p.namespace.toLowerCase(), p.resourceTypes]));

const kindOf: Record<PolicyTarget, keyof PolicyIdentifiers> = {
  aws: 'iamPrefixes',
  azure: 'resourceProviders',
  gcp: 'serviceNames',
};
const own = (s: ServiceEntry, kind: keyof PolicyIdentifiers): string[] => [
  ...(s.identifiers[kind] ?? []),
  ...s.subServices.flatMap((x) => x.identifiers?.[kind] ?? []),
];

/**
 * The approved services (with their sub-services) and, transitively, what they require: each required service's own
 * identifiers and those of the sub-services a requirement names (`parts`), not the rest of it (nobody approved
 * those), or its sub-services' when it has none of its own. Their identifiers for this cloud.
 */
function expectedIdentifiers(target: PolicyTarget, ids: readonly string[]): string[] {
  const kind = kindOf[target];
  const approved = new Set(ids);
  const parts = new Map<string, Set<string>>();
  const reached: ServiceEntry[] = [];
  const out: string[] = [];
  const visit = (s: ServiceEntry) => {
    if (reached.includes(s) || s.provider !== target) return;
    reached.push(s);
    for (const d of s.requires) {
      if (d.identifiers) out.push(...(d.identifiers[kind] ?? []));
      const dep = d.service ? catalogue.service(d.service) : undefined;
      if (!dep) continue;
      for (const part of d.parts ?? []) parts.set(dep.id, new Set([...(parts.get(dep.id) ?? []), part]));
      visit(dep);
    }
  };
  for (const id of ids) visit(catalogue.service(id)!);
  for (const s of reached) {
    if (approved.has(s.id) || !s.identifiers[kind]?.length) out.push(...own(s, kind));
    else
      out.push(
        ...s.identifiers[kind]!,
        ...s.subServices.filter((sub) => parts.get(s.id)?.has(sub.id)).flatMap((sub) => sub.identifiers?.[kind] ?? []),
      );
  }
  return out;
}

/** Calls a working deployment makes, derived from identifiers. */
function representativeCalls(target: PolicyTarget, identifiers: readonly string[]): string[] {
  switch (target) {
    case 'aws':
      return identifiers.flatMap((p) => [`${p}:ListResources`, `${p}:GetConfiguration`]);
    case 'azure':
      return identifiers.flatMap((i) =>
        i.includes('/')
          ? [i, `${i}/children`]
          : (typesOf.get(i.toLowerCase()) ?? []).slice(0, 3).concat(`${i}/representativeResources`),
      );
    case 'gcp':
      return [...identifiers];
  }
}

const unrestricted = (name: string) =>
  gcpRestrictability(GCP_RESTRICT_SERVICE_USAGE_COVERAGE, name) === 'not-restrictable';

function denies(target: PolicyTarget, doc: unknown, call: string): boolean {
  if (target === 'aws') return scpDenies(doc, call);
  if (target === 'azure') return azureDenies(doc, call);
  return gcpDenies(doc, call, unrestricted);
}

/** Everything in the reference data outside the expected identifiers and the essentials. */
function outsiders(target: PolicyTarget, expected: readonly string[]): string[] {
  const fold = (x: string) => x.toLowerCase();
  const allowed = new Set(expected.map(fold));
  switch (target) {
    case 'aws': {
      for (const e of AWS_ESSENTIAL_IAM_PREFIXES) allowed.add(e);
      return awsPrefixes.filter((p) => !allowed.has(p)).map((p) => `${p}:ListResources`);
    }
    case 'azure': {
      for (const e of AZURE_PLATFORM_NAMESPACES) allowed.add(fold(e));
      const types = [...allowed].filter((a) => a.includes('/'));
      return azureProviders
        .filter((p) => !allowed.has(fold(p.namespace)))
        .flatMap((p) => p.resourceTypes)
        .filter((t) => !types.some((a) => fold(t) === a || fold(t).startsWith(`${a}/`)));
    }
    case 'gcp':
      return gcpNames.filter((n) => !allowed.has(n) && !unrestricted(n));
  }
}

function check(target: PolicyTarget, ids: readonly string[]): 'policy' | 'empty-cloud' {
  const r = generatePolicy(target, catalogue, ids, { dependencies: 'include' });
  if (r.kind === 'empty-cloud') {
    // Only when none of the approved services of this cloud can be expressed, and each says why.
    for (const id of ids) expect(r.omitted.map((o) => o.id)).toContain(id);
    return r.kind;
  }
  if (r.kind !== 'policy') throw new Error(`${ids.join(',')}: ${r.kind} ${JSON.stringify(r).slice(0, 300)}`);
  const expected = expectedIdentifiers(target, ids);
  const wrongly = representativeCalls(target, expected).filter((c) => denies(target, r.document, c));
  expect(wrongly, `${ids.join(',')}: representative calls denied`).toEqual([]);
  const leaks = outsiders(target, expected).filter((c) => !denies(target, r.document, c));
  expect(leaks, `${ids.join(',')}: calls outside the approved list allowed`).toEqual([]);
  expect(r.dependencies.filter((d) => d.kind === 'requires' && d.status === 'missing')).toEqual([]);
  return r.kind;
}

const activeIds = (target: PolicyTarget) =>
  catalogue.services.filter((s) => s.provider === target && s.lifecycle?.status !== 'retired').map((s) => s.id);

describe.each(policyTargets)('%s policies do what they say', (target) => {
  it('for every single-service list: its calls and its requirements are allowed, everything else denied', () => {
    const ids = activeIds(target);
    expect(ids.length).toBeGreaterThan(20);
    const kinds = ids.map((id) => check(target, [id]));
    // Nearly every service has an identifier: a catalogue where most could not be expressed would be broken.
    expect(kinds.filter((k) => k === 'policy').length).toBeGreaterThan(ids.length * 0.8);
  });

  it('for every single-service list, approving the services the report names leaves no requirement missing', () => {
    for (const id of activeIds(target)) {
      const r = generatePolicy(target, catalogue, [id], {});
      if (r.kind !== 'policy') continue;
      const named = r.dependencies.flatMap((d) =>
        d.kind === 'requires' && d.status === 'missing' && d.service ? [d.service] : [],
      );
      const followed = generatePolicy(target, catalogue, [id, ...named], {});
      if (followed.kind !== 'policy') throw new Error(`${id}: ${followed.kind}`);
      const left = followed.dependencies.filter((d) => d.kind === 'requires' && d.status === 'missing' && d.service);
      expect(left, `${id}, then ${named.join(', ')}`).toEqual([]);
    }
  });

  it('for 100 random lists, approving the services the report names leaves no requirement missing', () => {
    const ids = activeIds(target);
    const missingServices = (list: readonly string[]): string[] => {
      const r = generatePolicy(target, catalogue, list, {});
      if (r.kind !== 'policy') return [];
      return r.dependencies.flatMap((d) =>
        d.kind === 'requires' && d.status === 'missing' && d.service ? [d.service] : [],
      );
    };
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: 25 }), (list) => {
        const named = missingServices(list);
        expect(missingServices([...list, ...named]), `${list.join(', ')}, then ${named.join(', ')}`).toEqual([]);
      }),
      { numRuns: 100, seed: 20261126 },
    );
  });

  it('for 200 random lists', () => {
    const ids = activeIds(target);
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...ids), { minLength: 1, maxLength: 25 }), (list) => {
        check(target, list);
      }),
      { numRuns: 200, seed: 20261123 },
    );
  });
});
