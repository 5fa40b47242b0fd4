/**
 * Properties of generated documents over random lists of the real catalogue,
 * up to the whole of it: every document passes its cloud's validator (which
 * checks every documented limit: Azure metadata properties, displayName,
 * description, name and condition count; the SCP size quota; the Google
 * policy grammar), and is byte-identical across days and across reorderings.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../src/core/catalogue.ts';
import {
  AWS_ESSENTIALS,
  AZURE_ESSENTIALS,
  generatePolicy,
  policyTargets,
  type PolicyTarget,
} from '../src/core/policies/index.ts';
import { readContent } from '../src/scripts/lib/read-content.ts';
import { validateScp } from './validators/aws-scp.ts';
import { validateAzurePolicyDefinition } from './validators/azure-policy.ts';
import { validateGcpPolicy } from './validators/gcp-org-policy.ts';

const content = readContent();
const catalogue = createCatalogue({ ...content, version: 'test-catalogue', builtOn: '2026-11-23' });
const allIds = catalogue.services.map((s) => s.id);
/** Each cloud's validator; an SCP is held to the quota it was asked for (AWS's published 5,120 by default). */
const validators: Record<PolicyTarget, (doc: unknown, awsSizeLimit?: number) => string[]> = {
  aws: (d, limit) => validateScp(d, { limit: limit ?? 5120 }),
  azure: validateAzurePolicyDefinition,
  gcp: validateGcpPolicy,
};
const day = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const lists = fc.oneof(
  fc.uniqueArray(fc.constantFrom(...allIds), { minLength: 1, maxLength: 60 }),
  fc.shuffledSubarray(allIds, { minLength: 1 }),
);
const options = fc.record(
  {
    dependencies: fc.constantFrom('report' as const, 'include' as const),
    retired: fc.constantFrom('exclude' as const, 'include' as const),
    listName: fc.string({ minLength: 1, maxLength: 100 }),
    awsSizeLimit: fc.constantFrom(5120 as const, 10240 as const),
  },
  { requiredKeys: [] },
);

describe.each(policyTargets)('%s documents over random lists', (target) => {
  it('pass the validator and every limit, or are refused with the numbers', () => {
    fc.assert(
      fc.property(lists, options, (ids, opts) => {
        const r = generatePolicy(target, catalogue, ids, { ...opts, emptyCloud: 'deny-all' });
        if (r.kind === 'too-large') {
          expect(r.size - r.limit).toBe(r.excess);
          expect(r.excess).toBeGreaterThan(0);
          return;
        }
        if (r.kind !== 'policy') throw new Error(r.kind);
        expect(validators[target](r.document, opts.awsSizeLimit)).toEqual([]);
      }),
      { numRuns: 60, seed: 7 },
    );
  });

  it('the whole catalogue: Azure within every limit, the others valid or refused', () => {
    const r = generatePolicy(target, catalogue, allIds, {
      dependencies: 'include',
      retired: 'include',
      listName: 'Everything',
    });
    if (r.kind === 'too-large') expect(target).toBe('aws');
    else if (r.kind === 'policy') expect(validators[target](r.document)).toEqual([]);
    else throw new Error(r.kind);
  });

  it('are byte-identical across days and reorderings', () => {
    fc.assert(
      fc.property(lists, options, day, day, (ids, opts, d1, d2) => {
        const a = generatePolicy(target, catalogue, ids, { ...opts, today: d1 });
        const b = generatePolicy(target, catalogue, [...ids].reverse(), { ...opts, today: d2 });
        if (a.kind !== 'policy' || b.kind !== 'policy') return void expect(b.kind).toBe(a.kind);
        expect(JSON.stringify(b.document)).toBe(JSON.stringify(a.document));
      }),
      { numRuns: 60, seed: 11 },
    );
  });
});

describe('always-allowed essentials', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const reference = (name: string) =>
    JSON.parse(readFileSync(new URL(`../content/reference/${name}`, import.meta.url), 'utf8')) as Record<
      string,
      string
    >[];
  it.each([
    ['AWS', AWS_ESSENTIALS, new Set(reference('aws-iam-service-prefixes.json').map((r) => r.prefix))],
    ['Azure', AZURE_ESSENTIALS, new Set(reference('azure-resource-providers.json').map((r) => r.namespace))],
  ] as const)(
    '%s: each has a reason and a vendor source, exists in the reference data, and the README lists exactly them',
    (label, table, known) => {
      for (const e of table) {
        expect(e.reason.length, e.identifier).toBeGreaterThan(5);
        expect(e.source, e.identifier).toMatch(/^https:\/\/(docs\.aws\.amazon\.com|learn\.microsoft\.com)\//);
        expect(known.has(e.identifier), `${e.identifier} is not in the reference data`).toBe(true);
      }
      const line = readme.split('\n').find((l) => l.startsWith(`- ${label}: \``))!;
      expect([...line.matchAll(/`([^`]+)`/g)].map((m) => m[1])).toEqual(table.map((e) => e.identifier));
    },
  );
});
