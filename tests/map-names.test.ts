/**
 * The cross-cloud map's row names on the real catalogue, as a cloud
 * architect reads them: the rows of the capabilities every comparison starts
 * with are named for the capability, not for one cloud's product or a
 * variant of it ("Spot VMs", "Subnet", "Snapshots" were such names). The
 * names come from the services' keywords and names (src/core/map.ts), so a
 * keyword added or removed in the content can rename a row: these cases say
 * which names must hold.
 */
import { describe, expect, it } from 'vitest';
import { createCatalogue } from '../src/core/catalogue.ts';
import { buildCapabilityMap, rowServiceIds } from '../src/core/map.ts';
import { readContent } from '../src/scripts/lib/read-content.ts';

const map = buildCapabilityMap(createCatalogue({ version: 'test', builtOn: '2026-01-01', ...readContent() }));

/** The services of a row (one per cloud is enough to find it) and the name an architect expects. */
const cases: [services: string[], name: string][] = [
  [['aws-ec2', 'azure-virtual-machines', 'gcp-compute-engine'], 'Virtual machines'],
  [['aws-ec2-auto-scaling', 'azure-virtual-machine-scale-sets', 'gcp-compute-engine'], 'Autoscaling'],
  [['aws-batch', 'azure-batch', 'gcp-batch'], 'Batch jobs'],
  [['aws-ebs', 'azure-managed-disks', 'gcp-persistent-disk'], 'Disk storage'],
  [['aws-vpc', 'azure-virtual-network', 'gcp-virtual-private-cloud'], 'Virtual network'],
  [['aws-network-firewall', 'azure-firewall', 'gcp-cloud-next-generation-firewall'], 'Network firewall'],
  [['aws-direct-connect', 'azure-expressroute', 'gcp-cloud-interconnect'], 'Dedicated connection'],
  [['aws-privatelink', 'azure-private-link'], 'Private endpoint'],
  [['aws-kms', 'azure-key-vault', 'gcp-cloud-key-management-service'], 'Key management'],
  [['aws-iam', 'azure-rbac', 'gcp-identity-and-access-management'], 'Access control'],
  [['aws-ecr', 'azure-container-registry', 'gcp-artifact-registry'], 'Container registry'],
  [['aws-rds', 'azure-database-for-mysql', 'gcp-cloud-sql'], 'Relational database'],
  [['aws-sqs', 'azure-service-bus', 'gcp-pub-sub'], 'Messaging'],
  [['aws-cloudwatch', 'azure-monitor', 'gcp-cloud-logging'], 'Logging'],
  [['aws-x-ray', 'azure-monitor', 'gcp-cloud-trace'], 'Distributed tracing'],
  [['aws-bedrock', 'azure-openai'], 'Foundation models'],
  [['aws-iam-identity-center', 'azure-entra-id', 'gcp-cloud-identity'], 'Single sign-on'],
  [['aws-organizations', 'azure-management-groups', 'gcp-resource-manager'], 'Resource hierarchy'],
  [['aws-systems-manager', 'azure-update-manager', 'gcp-vm-manager'], 'Patch management'],
  [['aws-inspector', 'gcp-artifact-analysis'], 'Vulnerability scanning'],
];

describe('the cross-cloud map names the rows of common capabilities for the capability', () => {
  it.each(cases)('the row of %j is %s', (services, name) => {
    const rows = map.data.filter((r) =>
      services.every((id) => rowServiceIds(r, { includeRetired: true }).includes(id)),
    );
    expect(rows.map((r) => r.name)).toContain(name);
  });

  it('names no row after a variant of a service or a part of a network', () => {
    const names = new Set(map.data.map((r) => r.name));
    for (const misleading of ['Spot VMs', 'Subnet', 'Snapshots', 'IPS', 'Log Analytics'])
      expect(names.has(misleading), misleading).toBe(false);
  });
});
