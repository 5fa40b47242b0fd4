/**
 * Dependencies, shared identifiers, lifecycle and provenance, on a small
 * fixture catalogue whose edges and lifecycles are known.
 */
import { describe, expect, it } from 'vitest';
import { validateAzurePolicyDefinition } from '../../../tests/validators/azure-policy.ts';
import { scpDenies } from '../../../tests/validators/evaluate.ts';
import { createCatalogue } from '../catalogue.ts';
import type { ServiceEntry, ServiceEntryInput } from '../schemas.ts';
import { ServiceEntry as ServiceEntrySchema } from '../schemas.ts';
import { generatePolicy, type PolicyDocumentResult } from './index.ts';

const docs = 'https://docs.example.com/dependency';
const svc = (input: Partial<ServiceEntryInput> & { id: string; provider: string }): ServiceEntry =>
  ServiceEntrySchema.parse({
    slug: input.id,
    name: input.id,
    shortName: input.id,
    category: 'compute',
    description: 'x',
    vendorDocs: 'https://docs.example.com',
    hasFreeTier: false,
    lastReviewed: '2026-11-23',
    identifiers: {},
    ...input,
  });

const services = [
  svc({
    id: 'aws-lambda',
    provider: 'aws',
    identifiers: { iamPrefixes: ['lambda'] },
    requires: [
      { service: 'aws-cloudwatch-logs', reason: 'functions write their logs to CloudWatch Logs', source: docs },
    ],
    recommends: [{ service: 'aws-xray', reason: 'tracing', source: docs }],
  }),
  svc({
    id: 'aws-cloudwatch-logs',
    provider: 'aws',
    identifiers: { iamPrefixes: ['logs'] },
    requires: [{ identifiers: { iamPrefixes: ['kms'] }, reason: 'encrypted log groups', source: docs }],
  }),
  svc({ id: 'aws-xray', provider: 'aws', identifiers: { iamPrefixes: ['xray'] } }),
  // A required service let through by another's identifiers: batch jobs run on a container service that needs a
  // registry, and an on-premises edition shares the container service's prefix.
  svc({
    id: 'aws-batch',
    provider: 'aws',
    identifiers: { iamPrefixes: ['batch'] },
    requires: [{ service: 'aws-ecs', reason: 'jobs run as containers', source: docs }],
  }),
  svc({
    id: 'aws-ecs',
    provider: 'aws',
    identifiers: { iamPrefixes: ['ecs'] },
    requires: [{ service: 'aws-ecr', reason: 'images come from a registry', source: docs }],
  }),
  svc({ id: 'aws-ecs-anywhere', provider: 'aws', identifiers: { iamPrefixes: ['ecs'] } }),
  svc({ id: 'aws-ecr', provider: 'aws', identifiers: { iamPrefixes: ['ecr'] } }),
  svc({ id: 'aws-documentdb', provider: 'aws', identifiers: { iamPrefixes: ['rds'] } }),
  svc({ id: 'aws-rds', provider: 'aws', identifiers: { iamPrefixes: ['rds'] } }),
  svc({ id: 'aws-neptune', provider: 'aws', identifiers: { iamPrefixes: ['rds'] } }),
  svc({ id: 'aws-iam', provider: 'aws', identifiers: { iamPrefixes: ['iam'] } }),
  svc({
    id: 'aws-qldb',
    provider: 'aws',
    identifiers: { iamPrefixes: ['qldb'] },
    lifecycle: { status: 'retired', sunsetDate: '2025-07-31', announcementUrl: docs },
  }),
  svc({
    id: 'aws-codecommit',
    provider: 'aws',
    identifiers: { iamPrefixes: ['codecommit'] },
    lifecycle: { status: 'deprecated', sunsetDate: '2027-01-01', announcementUrl: docs },
  }),
  svc({
    id: 'azure-aks',
    provider: 'azure',
    identifiers: { resourceProviders: ['Microsoft.ContainerService'] },
    requires: [
      { service: 'azure-vm', reason: 'node pools are virtual machine scale sets', source: docs },
      { identifiers: { resourceProviders: ['Microsoft.Network'] }, reason: 'node networking', source: docs },
    ],
  }),
  svc({ id: 'azure-vm', provider: 'azure', identifiers: { resourceProviders: ['Microsoft.Compute'] } }),
  svc({ id: 'azure-disks', provider: 'azure', identifiers: { resourceProviders: ['Microsoft.Compute/disks'] } }),
  svc({
    id: 'gcp-gke',
    provider: 'gcp',
    identifiers: { serviceNames: ['container.googleapis.com'] },
    requires: [{ service: 'gcp-compute', reason: 'nodes are Compute Engine instances', source: docs }],
  }),
  svc({ id: 'gcp-compute', provider: 'gcp', identifiers: { serviceNames: ['compute.googleapis.com'] } }),
  // A chain (an Airflow service on a Kubernetes service on VMs), and a VM service with an optional sub-service.
  svc({
    id: 'gcp-airflow',
    provider: 'gcp',
    identifiers: { serviceNames: ['composer.googleapis.com'] },
    requires: [{ service: 'gcp-k8s', reason: 'environments run on a cluster', source: docs }],
  }),
  svc({
    id: 'gcp-k8s',
    provider: 'gcp',
    identifiers: { serviceNames: ['container.googleapis.com'] },
    requires: [{ service: 'gcp-vm', reason: 'nodes are VMs', source: docs }],
  }),
  svc({
    id: 'gcp-vm',
    provider: 'gcp',
    identifiers: { serviceNames: ['compute.googleapis.com'] },
    subServices: [
      {
        id: 'gcp-vm-login',
        name: 'VM login',
        description: 'optional sign-in to VMs',
        identifiers: { serviceNames: ['oslogin.googleapis.com'] },
      },
    ],
  }),
  svc({ id: 'gcp-lb', provider: 'gcp', identifiers: { serviceNames: ['compute.googleapis.com'] } }),
];
const catalogue = createCatalogue({
  version: 'fixture1',
  builtOn: '2026-11-23',
  providers: [],
  categories: [],
  services,
});
const policy = (r: ReturnType<typeof generatePolicy>): PolicyDocumentResult<any> => {
  if (r.kind !== 'policy') throw new Error(`expected a policy, got ${JSON.stringify(r)}`);
  return r;
};

describe('dependencies', () => {
  it('reports what an approved service requires and the policy denies, with reason and source', () => {
    const r = policy(generatePolicy('aws', catalogue, ['aws-lambda'], {}));
    expect(r.dependencies).toEqual([
      {
        serviceId: 'aws-lambda',
        kind: 'requires',
        service: 'aws-cloudwatch-logs',
        reason: 'functions write their logs to CloudWatch Logs',
        source: docs,
        status: 'missing',
      },
      expect.objectContaining({ kind: 'recommends', service: 'aws-xray', status: 'missing' }),
      // What the denied CloudWatch Logs requires in turn: adding what the report names is enough.
      expect.objectContaining({ serviceId: 'aws-cloudwatch-logs', identifiers: ['kms'], status: 'missing' }),
    ]);
    expect(scpDenies(r.document, 'logs:PutLogEvents')).toBe(true);
    expect(r.included).toEqual(['aws-lambda']);
  });

  it('with dependencies=include adds what is required, transitively, and says so', () => {
    const r = policy(generatePolicy('aws', catalogue, ['aws-lambda'], { dependencies: 'include' }));
    expect(r.included).toEqual(['aws-cloudwatch-logs', 'aws-lambda']);
    expect(scpDenies(r.document, 'logs:PutLogEvents')).toBe(false);
    expect(scpDenies(r.document, 'kms:Decrypt')).toBe(false);
    expect(scpDenies(r.document, 'xray:PutTraceSegments')).toBe(true);
    expect(r.dependencies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ serviceId: 'aws-lambda', service: 'aws-cloudwatch-logs', status: 'added' }),
        expect.objectContaining({ serviceId: 'aws-cloudwatch-logs', identifiers: ['kms'], status: 'added' }),
        expect.objectContaining({ service: 'aws-xray', kind: 'recommends', status: 'missing' }),
      ]),
    );
  });

  it('follows a denied required service to what it requires, and include adds the whole chain', () => {
    const r = policy(generatePolicy('gcp', catalogue, ['gcp-airflow'], {}));
    expect(r.dependencies).toEqual([
      expect.objectContaining({ serviceId: 'gcp-airflow', service: 'gcp-k8s', status: 'missing' }),
      expect.objectContaining({ serviceId: 'gcp-k8s', service: 'gcp-vm', status: 'missing' }),
    ]);
    const added = policy(generatePolicy('gcp', catalogue, ['gcp-airflow'], { dependencies: 'include' }));
    expect(added.included).toEqual(['gcp-airflow', 'gcp-k8s', 'gcp-vm']);
    const followed = policy(generatePolicy('gcp', catalogue, ['gcp-airflow', 'gcp-k8s', 'gcp-vm'], {}));
    expect(followed.dependencies).toEqual([]);
  });

  it('a required service is there when its own identifiers are allowed, whatever its optional sub-services', () => {
    const alone = policy(generatePolicy('gcp', catalogue, ['gcp-k8s'], {}));
    expect(alone.dependencies).toEqual([expect.objectContaining({ service: 'gcp-vm', status: 'missing' })]);
    // Another approved service allows compute.googleapis.com; the VM service's sign-in API stays denied.
    const r = policy(generatePolicy('gcp', catalogue, ['gcp-k8s', 'gcp-lb'], {}));
    expect(r.document.spec.rules[0].values.allowedValues).toEqual([
      'compute.googleapis.com',
      'container.googleapis.com',
    ]);
    expect(r.dependencies).toEqual([]);
  });

  it('follows a required service another one lets through to what it requires', () => {
    const r = policy(generatePolicy('aws', catalogue, ['aws-batch', 'aws-ecs-anywhere'], {}));
    // ECS works through ECS Anywhere's prefix; the registry it needs is still denied.
    expect(scpDenies(r.document, 'ecs:RunTask')).toBe(false);
    expect(r.dependencies).toEqual([
      expect.objectContaining({ serviceId: 'aws-ecs', service: 'aws-ecr', status: 'missing' }),
    ]);
  });

  it('reports nothing once the dependency is approved', () => {
    const r = policy(generatePolicy('aws', catalogue, ['aws-lambda', 'aws-cloudwatch-logs', 'aws-xray'], {}));
    expect(r.dependencies.filter((d) => d.serviceId === 'aws-lambda')).toEqual([]);
  });

  it('Azure and Google Cloud: AKS needs compute and network, GKE needs Compute Engine', () => {
    const aks = policy(generatePolicy('azure', catalogue, ['azure-aks'], {}));
    expect(aks.dependencies.map((d) => d.service ?? d.identifiers?.join())).toEqual(['azure-vm', 'Microsoft.Network']);
    const added = policy(generatePolicy('azure', catalogue, ['azure-aks'], { dependencies: 'include' }));
    const conditions = JSON.stringify(added.document.properties.policyRule);
    expect(conditions).toContain('Microsoft.Compute/*');
    expect(conditions).toContain('Microsoft.Network/*');
    const gke = policy(generatePolicy('gcp', catalogue, ['gcp-gke'], { dependencies: 'include' }));
    expect(gke.document.spec.rules[0].values.allowedValues).toEqual([
      'compute.googleapis.com',
      'container.googleapis.com',
    ]);
  });
});

describe('alsoAllows', () => {
  it('names every other service the document lets through a shared identifier', () => {
    const r = policy(generatePolicy('aws', catalogue, ['aws-documentdb'], {}));
    expect(r.alsoAllows).toEqual([
      { id: 'aws-iam', identifiers: ['iam'], through: [], essential: true, partial: false },
      { id: 'aws-neptune', identifiers: ['rds'], through: ['aws-documentdb'], essential: false, partial: false },
      { id: 'aws-rds', identifiers: ['rds'], through: ['aws-documentdb'], essential: false, partial: false },
    ]);
  });

  it('Azure: a namespace lets its resource types through', () => {
    const r = policy(generatePolicy('azure', catalogue, ['azure-vm'], {}));
    expect(r.alsoAllows).toEqual([
      {
        id: 'azure-disks',
        identifiers: ['Microsoft.Compute/disks'],
        through: ['azure-vm'],
        essential: false,
        partial: false,
      },
    ]);
  });
});

describe('lifecycle', () => {
  it('leaves retired services out by default and reports them; keeps them on request with a warning', () => {
    const r = policy(generatePolicy('aws', catalogue, ['aws-qldb', 'aws-lambda'], {}));
    expect(r.omitted).toEqual([{ id: 'aws-qldb', reason: 'retired', detail: expect.stringContaining('2025-07-31') }]);
    expect(scpDenies(r.document, 'qldb:SendCommand')).toBe(true);
    const kept = policy(generatePolicy('aws', catalogue, ['aws-qldb', 'aws-lambda'], { retired: 'include' }));
    expect(scpDenies(kept.document, 'qldb:SendCommand')).toBe(false);
    expect(kept.warnings).toEqual([
      expect.objectContaining({ code: 'retired-included', serviceId: 'aws-qldb', date: '2025-07-31' }),
    ]);
  });

  it('a list with only retired services of this cloud is an empty cloud', () => {
    expect(generatePolicy('aws', catalogue, ['aws-qldb'], {})).toMatchObject({
      kind: 'empty-cloud',
      omitted: [{ id: 'aws-qldb', reason: 'retired' }],
    });
  });

  it('warns about deprecated services with the date', () => {
    const r = policy(generatePolicy('aws', catalogue, ['aws-codecommit'], { today: '2026-11-23' }));
    expect(r.warnings).toEqual([
      {
        code: 'deprecated',
        serviceId: 'aws-codecommit',
        date: '2027-01-01',
        message: expect.stringContaining('2027-01-01'),
      },
    ]);
  });
});

describe('provenance', () => {
  it('is the same on any day and does not change when another cloud’s services change', () => {
    const a = policy(
      generatePolicy('aws', catalogue, ['aws-lambda', 'azure-vm'], { today: '2026-01-01', listName: 'Prod' }),
    );
    const b = policy(
      generatePolicy('aws', catalogue, ['gcp-gke', 'aws-lambda'], { today: '2027-06-30', listName: 'Prod' }),
    );
    expect(JSON.stringify(b.document)).toBe(JSON.stringify(a.document));
    expect(a.document.Id).toMatch(/^csc-fixture1-prod-[0-9a-f]{10}$/);
    const c = policy(generatePolicy('aws', catalogue, ['aws-lambda', 'aws-xray'], { listName: 'Prod' }));
    expect(c.document.Id).not.toBe(a.document.Id);
  });

  it('Google Cloud: warns while the parent is the placeholder, not once it is given', () => {
    const r = policy(generatePolicy('gcp', catalogue, ['gcp-gke'], {}));
    expect(r.warnings.map((w) => w.code)).toEqual(['placeholder-parent']);
    const p = policy(generatePolicy('gcp', catalogue, ['gcp-gke'], { gcpParent: 'projects/123456789012' }));
    expect(p.warnings).toEqual([]);
    expect(p.document.name).toBe('projects/123456789012/policies/gcp.restrictServiceUsage');
  });

  it('Azure: the definition is valid and within every metadata limit', () => {
    const r = policy(generatePolicy('azure', catalogue, ['azure-aks', 'azure-vm'], { listName: 'x'.repeat(2000) }));
    expect(validateAzurePolicyDefinition(r.document)).toEqual([]);
  });
});
