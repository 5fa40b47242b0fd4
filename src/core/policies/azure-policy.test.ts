import { describe, expect, it } from 'vitest';
import { validateAzurePolicyDefinition } from '../../../tests/validators/azure-policy.ts';
import { createCatalogue } from '../catalogue.ts';
import type { ServiceEntry } from '../schemas.ts';
import { AZURE_PLATFORM_NAMESPACES, generateAzurePolicy, truncate } from './azure-policy.ts';
import { REALISTIC_PROVIDER_SIZES, syntheticCatalogue } from '../../../tests/helpers/synthetic-catalogue.ts';
import { serviceEntry } from '../../../tests/fixtures/catalogue.ts';

const today = '2026-05-15';
const catalogue = syntheticCatalogue({ aws: 3, azure: REALISTIC_PROVIDER_SIZES.azure });
const azureIds = catalogue.services.filter((s) => s.provider === 'azure').map((s) => s.id);

const service = (id: string, resourceProviders: string[]): ServiceEntry =>
  serviceEntry(id, { identifiers: { resourceProviders } });

describe('generateAzurePolicy', () => {
  it('denies resource types outside approved and platform namespaces, one wildcard per pattern', () => {
    const small = createCatalogue({
      ...catalogue,
      services: [
        service('azure-storage', ['Microsoft.Storage']),
        service('azure-static-web-apps', ['Microsoft.Web/staticSites']),
        service('azure-storage-2', ['microsoft.storage']),
      ],
    });
    const r = generateAzurePolicy(small, ['azure-storage', 'azure-static-web-apps', 'azure-storage-2'], {
      today,
      listName: 'Prod',
    });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(validateAzurePolicyDefinition(r.document)).toEqual([]);
    const conditions = r.document.properties.policyRule.if.allOf;
    expect(conditions).toContainEqual({ field: 'type', notLike: 'Microsoft.Storage/*' });
    expect(conditions.filter((c) => 'notLike' in c && c.notLike.toLowerCase() === 'microsoft.storage/*')).toHaveLength(
      1,
    );
    expect(conditions).toContainEqual({ field: 'type', notIn: ['Microsoft.Web/staticSites'] });
    expect(conditions).toContainEqual({ field: 'type', notLike: 'Microsoft.Web/staticSites/*' });
    for (const ns of AZURE_PLATFORM_NAMESPACES)
      expect(conditions).toContainEqual({ field: 'type', notLike: `${ns}/*` });
    expect(r.document.properties).not.toHaveProperty('policyType');
    expect(r.document.properties.mode).toBe('all');
    expect(r.document.properties.metadata).toMatchObject({
      category: 'General',
      catalogueVersion: 'synthetic01',
      listName: 'Prod',
      approvedServiceCount: 3,
    });
    expect(r.document.properties.metadata).not.toHaveProperty('approvedServiceIds');
  });

  it('drops a resource type whose namespace is approved whole', () => {
    const small = createCatalogue({
      ...catalogue,
      services: [
        service('azure-web', ['Microsoft.Web']),
        service('azure-static-web-apps', ['Microsoft.Web/staticSites']),
      ],
    });
    const r = generateAzurePolicy(small, ['azure-web', 'azure-static-web-apps'], { today });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(r.document.properties.policyRule.if.allOf.some((c) => 'notIn' in c)).toBe(false);
  });

  it('is valid with no Azure service approved (platform namespaces only, when asked) and with all of them', () => {
    expect(generateAzurePolicy(catalogue, ['aws-svc-0000'], { today }).kind).toBe('empty-cloud');
    for (const ids of [['aws-svc-0000'], azureIds]) {
      const r = generateAzurePolicy(catalogue, ids, { today, emptyCloud: 'deny-all' });
      if (r.kind !== 'policy') throw new Error(r.kind);
      expect(validateAzurePolicyDefinition(r.document)).toEqual([]);
    }
  });

  it('refuses a rule over the 512-condition limit', () => {
    const many = createCatalogue({
      ...catalogue,
      services: Array.from({ length: 600 }, (_, i) => service(`azure-s${i}`, [`Microsoft.Ns${i}`])),
    });
    const r = generateAzurePolicy(
      many,
      many.services.map((s) => s.id),
      { today },
    );
    expect(r).toMatchObject({
      kind: 'too-large',
      unit: 'conditions',
      limit: 512,
      size: 600 + AZURE_PLATFORM_NAMESPACES.length,
    });
  });

  it('keeps displayName and description within Azure limits', () => {
    const r = generateAzurePolicy(catalogue, azureIds, {
      today,
      listName: 'x'.repeat(100),
      displayName: 'y'.repeat(128),
    });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(validateAzurePolicyDefinition(r.document)).toEqual([]);
  });

  it('cuts a long list name between characters, never inside a surrogate pair', () => {
    // "Allowed Azure services: " is 24 code units: the 128th unit falls inside an emoji, then between two.
    for (const listName of ['😀'.repeat(100), `x${'😀'.repeat(100)}`]) {
      const r = generateAzurePolicy(catalogue, azureIds.slice(0, 3), { today, listName });
      if (r.kind !== 'policy') throw new Error(r.kind);
      const { displayName } = r.document.properties;
      expect(displayName.length).toBeLessThanOrEqual(128);
      expect(displayName.endsWith('😀…')).toBe(true);
      expect(displayName.isWellFormed()).toBe(true);
      expect(validateAzurePolicyDefinition(r.document)).toEqual([]);
    }
  });

  it('truncate keeps short text, cuts long text to the limit with an ellipsis', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('ab…');
    expect(truncate('a😀b', 3)).toBe('a…');
    expect(truncate('😀😀', 3)).toBe('😀…');
  });
});
