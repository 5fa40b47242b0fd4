/** Properties every generator keeps, over randomly drawn approved lists. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateScp } from '../../../tests/validators/aws-scp.ts';
import { validateAzurePolicyDefinition } from '../../../tests/validators/azure-policy.ts';
import { validateGcpPolicy } from '../../../tests/validators/gcp-org-policy.ts';
import { generatePolicy, policyTargets, type PolicyTarget } from './index.ts';
import { syntheticCatalogue } from '../../../tests/helpers/synthetic-catalogue.ts';

const catalogue = syntheticCatalogue({ aws: 300, azure: 200, gcp: 200, seed: 5 });
const allIds = catalogue.services.map((s) => s.id);
const validators: Record<PolicyTarget, (doc: unknown) => string[]> = {
  aws: (d) => validateScp(d),
  azure: validateAzurePolicyDefinition,
  gcp: validateGcpPolicy,
};
const approvedLists = fc.uniqueArray(fc.constantFrom(...allIds), { minLength: 1, maxLength: 150 });
const target = fc.constantFrom(...policyTargets);

describe('generatePolicy', () => {
  it('answers a valid document or a too-large refusal, and accounts for every approved id', () => {
    fc.assert(
      fc.property(target, approvedLists, (t, ids) => {
        const r = generatePolicy(t, catalogue, ids, { today: '2026-05-15' });
        if (r.kind === 'unknown-services') throw new Error('no id is unknown here');
        if (r.kind === 'too-large') {
          expect(r.size).toBeGreaterThan(r.limit);
          return;
        }
        if (r.kind === 'empty-cloud') {
          const ours = ids.filter((id) => id.startsWith(`${t}-`));
          expect(ours.every((id) => r.omitted.some((o) => o.id === id))).toBe(true);
          return;
        }
        expect(validators[t](r.document)).toEqual([]);
        const accounted = [...r.included, ...r.omitted.map((o) => o.id)].sort();
        expect(accounted).toEqual([...ids].sort());
        expect(
          r.omitted
            .filter((o) => o.reason === 'other-provider')
            .map((o) => o.id)
            .sort(),
        ).toEqual(ids.filter((id) => !id.startsWith(`${t}-`)).sort());
      }),
      { numRuns: 150 },
    );
  });

  it('is deterministic: same set in any order gives byte-identical output', () => {
    fc.assert(
      fc.property(target, approvedLists, fc.string({ maxLength: 30 }), (t, ids, name) => {
        const options = { today: '2026-05-15', ...(name.trim() ? { listName: name } : {}) };
        const a = generatePolicy(t, catalogue, ids, options);
        const b = generatePolicy(t, catalogue, [...ids].reverse(), options);
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      }),
      { numRuns: 100 },
    );
  });

  it('names unknown ids and generates nothing', () => {
    for (const t of policyTargets) {
      expect(
        generatePolicy(t, catalogue, [allIds[0]!, 'no-such-service', 'no-such-service'], { today: '2026-05-15' }),
      ).toEqual({ kind: 'unknown-services', target: t, unknownIds: ['no-such-service'] });
    }
  });
});
