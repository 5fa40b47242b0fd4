import { describe, expect, it } from 'vitest';
import { validateGcpPolicy } from '../../../tests/validators/gcp-org-policy.ts';
import { createCatalogue } from '../catalogue.ts';
import type { ServiceEntry } from '../schemas.ts';
import {
  GCP_RESTRICT_SERVICE_USAGE_COVERAGE,
  GCP_SUPPORTED_SERVICES,
  gcpRestrictability,
  generateGcpOrgPolicy,
  onSupportedList,
} from './gcp-org-policy.ts';
import { REALISTIC_PROVIDER_SIZES, syntheticCatalogue } from '../../../tests/helpers/synthetic-catalogue.ts';
import { serviceEntry } from '../../../tests/fixtures/catalogue.ts';

const today = '2026-05-15';
const catalogue = syntheticCatalogue({ gcp: REALISTIC_PROVIDER_SIZES.gcp, azure: 2 });
const gcpIds = catalogue.services.filter((s) => s.provider === 'gcp').map((s) => s.id);

const service = (id: string, serviceNames: string[]): ServiceEntry =>
  serviceEntry(id, { identifiers: { serviceNames } });

describe('generateGcpOrgPolicy', () => {
  it('allows the approved service API names under gcp.restrictServiceUsage', () => {
    const small = createCatalogue({
      ...catalogue,
      services: [
        service('gcp-storage', ['storage.googleapis.com']),
        service('gcp-compute', ['compute.googleapis.com']),
      ],
    });
    const r = generateGcpOrgPolicy(small, ['gcp-storage', 'gcp-compute'], { today });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(r.document).toEqual({
      name: 'organizations/ORGANIZATION_ID/policies/gcp.restrictServiceUsage',
      spec: { rules: [{ values: { allowedValues: ['compute.googleapis.com', 'storage.googleapis.com'] } }] },
    });
    expect(validateGcpPolicy(r.document)).toEqual([]);
  });

  it("refuses a policy over Google's limits (500 values, 32 KB) rather than hand out one it would reject", () => {
    const named = (count: number, length: number) =>
      createCatalogue({
        ...catalogue,
        services: Array.from({ length: count }, (_, i) =>
          service(`gcp-s${i}`, [`${String(i).padStart(length, 'a')}.googleapis.com`]),
        ),
      });
    const ids = (count: number) => Array.from({ length: count }, (_, i) => `gcp-s${i}`);
    const atLimit = generateGcpOrgPolicy(named(500, 5), ids(500), { today });
    if (atLimit.kind !== 'policy') throw new Error(atLimit.kind);
    expect(validateGcpPolicy(atLimit.document)).toEqual([]);
    const tooMany = generateGcpOrgPolicy(named(501, 5), ids(501), { today });
    expect(tooMany).toMatchObject({ kind: 'too-large', unit: 'values', size: 501, limit: 500, excess: 1 });
    // 300 names of 110 characters: fewer values than the limit, more bytes.
    const tooBig = generateGcpOrgPolicy(named(300, 95), ids(300), { today });
    expect(tooBig).toMatchObject({ kind: 'too-large', unit: 'bytes', limit: 32_000 });
    if (tooBig.kind === 'too-large') expect(tooBig.advice).toMatch(/over Google's limit of 32000/);
  });

  it('reports approved services the constraint never restricts instead of listing them', () => {
    const small = createCatalogue({
      ...catalogue,
      services: [
        service('gcp-logging', ['logging.googleapis.com']),
        service('gcp-storage', ['storage.googleapis.com']),
      ],
    });
    const r = generateGcpOrgPolicy(small, ['gcp-logging', 'gcp-storage'], { today, gcpParent: 'folders/123' });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(r.document.name).toBe('folders/123/policies/gcp.restrictServiceUsage');
    expect(r.document.spec.rules).toEqual([{ values: { allowedValues: ['storage.googleapis.com'] } }]);
    expect(r.omitted).toEqual([
      { id: 'gcp-logging', reason: 'not-restrictable', detail: expect.stringContaining('logging.googleapis.com') },
    ]);
    expect(validateGcpPolicy(r.document)).toEqual([]);
  });

  it('denies all restrictable services when no Google Cloud service is approved, only when asked', () => {
    expect(generateGcpOrgPolicy(catalogue, ['azure-svc-0000'], { today }).kind).toBe('empty-cloud');
    const r = generateGcpOrgPolicy(catalogue, ['azure-svc-0000'], { today, emptyCloud: 'deny-all' });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(r.document.spec.rules).toEqual([{ denyAll: true }]);
    expect(validateGcpPolicy(r.document)).toEqual([]);
  });

  it('is valid for every service of a realistic catalogue', () => {
    const r = generateGcpOrgPolicy(catalogue, gcpIds, { today });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(validateGcpPolicy(r.document)).toEqual([]);
  });

  it('reads coverage stated either way', () => {
    expect(gcpRestrictability(GCP_RESTRICT_SERVICE_USAGE_COVERAGE, 'iam.googleapis.com')).toBe('not-restrictable');
    expect(gcpRestrictability(GCP_RESTRICT_SERVICE_USAGE_COVERAGE, 'compute.googleapis.com')).toBe('restrictable');
    const supported = {
      ...GCP_RESTRICT_SERVICE_USAGE_COVERAGE,
      model: 'supported' as const,
      services: ['batch.googleapis.com'],
    };
    expect(gcpRestrictability(supported, 'batch.googleapis.com')).toBe('restrictable');
    expect(gcpRestrictability(supported, 'compute.googleapis.com')).toBe('unverified');
    expect(gcpRestrictability({ ...supported, complete: true }, 'compute.googleapis.com')).toBe('not-restrictable');
  });

  it("says when Google's list of supported services leaves an approved service out, and keeps it listed", () => {
    // Read as far as the page allowed: alphabetical, so a name up to the last one read that it lacks is not supported.
    const read = [...GCP_SUPPORTED_SERVICES.services];
    expect(read).toEqual([...read].sort());
    expect(read).toContain(GCP_SUPPORTED_SERVICES.readThrough);
    expect(onSupportedList('artifactregistry.googleapis.com')).toBe('listed');
    expect(onSupportedList('accesscontextmanager.googleapis.com')).toBe('not-listed');
    expect(onSupportedList('storage.googleapis.com')).toBe('unread');
    const small = createCatalogue({
      ...catalogue,
      services: [
        service('gcp-vpc-sc', ['accesscontextmanager.googleapis.com']),
        service('gcp-registry', ['artifactregistry.googleapis.com']),
        service('gcp-storage', ['storage.googleapis.com']),
      ],
    });
    const r = generateGcpOrgPolicy(small, ['gcp-vpc-sc', 'gcp-registry', 'gcp-storage'], { today });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(r.document.spec.rules[0]).toEqual({
      values: {
        allowedValues: [
          'accesscontextmanager.googleapis.com',
          'artifactregistry.googleapis.com',
          'storage.googleapis.com',
        ],
      },
    });
    const notListed = r.warnings.filter((w) => w.code === 'not-on-supported-list');
    expect(notListed.map((w) => w.serviceId)).toEqual(['gcp-vpc-sc']);
    expect(notListed[0]!.message).toMatch(/accesscontextmanager\.googleapis\.com is not on Google's list/);
    expect(notListed[0]!.message).toMatch(/as read on \d{4}-\d{2}-\d{2}.*check the live page/);
    expect(notListed[0]!.message).toMatch(/usable whether approved or not/);
  });
});
