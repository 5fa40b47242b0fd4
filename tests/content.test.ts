/**
 * The real catalogue: the content on disk is checked against the
 * reference data in content/reference, equivalents go both ways, lifecycle
 * facts are complete, and every service's icon is served by the built site.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, formatContentIssues } from '../src/core/catalogue.ts';
import { exportServiceList, importServiceList, serviceListSchemaUrl } from '../src/core/service-list.ts';
import { thirdPartyHost } from '../src/core/vendor-hosts.ts';
import { contentToday, readContent } from '../src/scripts/lib/read-content.ts';
import {
  dependencySourceHosts,
  exclusionReasons,
  loadExclusions,
  loadReference,
  reconcileIdentifiers,
  referenceDir,
  referenceIssues,
} from '../src/scripts/lib/reference.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

const content = readContent();
const reference = loadReference();
const byProvider = (p: string) => content.services.filter((s) => s.provider === p);

describe('catalogue content', () => {
  it('validates against the schemas and cross-entry rules (symmetric equivalents, known successors, unique ids)', () => {
    expect(formatContentIssues(content.issues)).toBe('');
  });

  it('exports every service as one valid interchange document that reads back to the same ids', () => {
    const catalogue = createCatalogue({ version: 'content', builtOn: '2026-05-15', ...content });
    const ids = catalogue.services.map((s) => s.id);
    const schemaUrl = serviceListSchemaUrl('https://catalogue.test');
    const doc = exportServiceList(catalogue, ids, { name: 'Everything' }, { today: '2026-05-15', schemaUrl });
    const back = importServiceList(catalogue, JSON.parse(JSON.stringify(doc)), schemaUrl);
    if (!back.ok) throw new Error(JSON.stringify(back.errors.slice(0, 5)));
    expect([...back.approvedServiceIds].sort()).toEqual([...ids].sort());
    expect(back.unknownServiceIds).toEqual([]);
  });

  it('covers at least 200 AWS, 170 Azure and 130 Google Cloud services', () => {
    expect(byProvider('aws').length).toBeGreaterThanOrEqual(200);
    expect(byProvider('azure').length).toBeGreaterThanOrEqual(170);
    expect(byProvider('gcp').length).toBeGreaterThanOrEqual(130);
  });

  it('puts every category of the shared set to use', () => {
    const used = new Set(content.services.map((s) => s.category));
    const unused = content.categories.filter((c) => !used.has(c.id)).map((c) => c.id);
    expect(unused).toEqual([]);
  });

  it('marks at least 25 services with a lifecycle block, each with the facts its status needs', () => {
    const marked = content.services.filter((s) => s.lifecycle);
    expect(marked.length).toBeGreaterThanOrEqual(25);
    for (const s of marked) {
      const l = s.lifecycle!;
      const where = `${s.id} (${l.status})`;
      expect(l.note, `${where}: note`).toBeTruthy();
      expect(l.announcementUrl, `${where}: announcementUrl`).toBeTruthy();
      if (l.status === 'retired' || l.status === 'sunset') expect(l.sunsetDate, `${where}: sunsetDate`).toBeTruthy();
      // Whether the dates still fit the status is the freshness rule, checked as of today (CATALOGUE_TODAY) with the content issues above.
    }
  });

  it("cites the vendor's own page for every lifecycle change, but for a reviewed few whose note says whose report it is", () => {
    // Where no vendor page could be found, a third party's report may stand in, said in the note and labelled on the
    // pages; each such entry is reviewed and named here.
    const reviewed: Record<string, string> = { 'gcp-blockchain-node-engine': 'docs.chainstack.com' };
    const found: Record<string, string> = {};
    for (const s of content.services)
      for (const l of [s.lifecycle, ...s.subServices.map((x) => x.lifecycle)]) {
        const host = l && thirdPartyHost(s.provider, l.announcementUrl);
        if (!host) continue;
        found[s.id] = host;
        // The note names whose report it is (Chainstack for docs.chainstack.com).
        expect((l!.note ?? '').toLowerCase(), `${s.id}: the note names the report's author`).toContain(
          host.split('.').at(-2),
        );
      }
    expect(found).toEqual(reviewed);
  });

  it('gives every service a review date no later than today', () => {
    const today = contentToday();
    const future = content.services.filter((s) => s.lastReviewed > today).map((s) => `${s.id} ${s.lastReviewed}`);
    expect(future).toEqual([]);
  });

  it('offers no retired service as an equivalent of a service still offered', () => {
    const byId = new Map(content.services.map((s) => [s.id, s]));
    const live = content.services.filter((s) => s.lifecycle?.status !== 'retired');
    const links = live.flatMap((s) =>
      Object.values(s.equivalents)
        .flat()
        .filter((id) => byId.get(id)?.lifecycle?.status === 'retired')
        .map((id) => `${s.id} -> ${id}`),
    );
    expect(links).toEqual([]);
  });

  it('has real examples of every lifecycle status (preview, deprecated, sunset, retired)', () => {
    const statuses = new Set(content.services.map((s) => s.lifecycle?.status).filter(Boolean));
    expect([...statuses].sort()).toEqual(['deprecated', 'preview', 'retired', 'sunset']);
  });

  it('has a successor of the same provider for every successorSlug', () => {
    const byId = new Map(content.services.map((s) => [s.id, s]));
    for (const s of content.services.filter((x) => x.lifecycle?.successorSlug)) {
      expect(byId.get(s.lifecycle!.successorSlug!)?.provider, s.id).toBe(s.provider);
    }
  });

  it('records at least 60 dependencies a service needs to work, on every cloud, each with a vendor documentation source', () => {
    const requires = content.services.flatMap((s) => s.requires.map((d) => ({ s, d })));
    expect(requires.length).toBeGreaterThanOrEqual(60);
    for (const p of ['aws', 'azure', 'gcp'])
      expect(requires.filter((x) => x.s.provider === p).length, p).toBeGreaterThanOrEqual(12);
    for (const { s, d } of [...requires, ...content.services.flatMap((s) => s.recommends.map((d) => ({ s, d })))]) {
      expect(dependencySourceHosts[s.provider], `${s.id}: ${d.source}`).toContain(new URL(d.source).hostname);
    }
  });

  it('makes the cases a guardrail gets wrong without dependencies explicit', () => {
    const needs = (id: string, dep: string) =>
      content.services.find((s) => s.id === id)?.requires.some((d) => d.service === dep);
    const suggests = (id: string, dep: string) =>
      content.services.find((s) => s.id === id)?.recommends.some((d) => d.service === dep);
    expect(needs('aws-lambda', 'aws-cloudwatch')).toBe(true);
    // A function in a VPC makes its network interfaces with its own role's ec2 actions.
    expect(suggests('aws-lambda', 'aws-vpc')).toBe(true);
    // S3 encrypts with its own keys by default: KMS is needed only where a bucket chose SSE-KMS.
    expect(needs('aws-s3', 'aws-kms')).toBe(false);
    expect(suggests('aws-s3', 'aws-kms')).toBe(true);
    expect(needs('azure-kubernetes-service', 'azure-virtual-machine-scale-sets')).toBe(true);
    expect(needs('azure-kubernetes-service', 'azure-virtual-network')).toBe(true);
    expect(needs('gcp-kubernetes-engine', 'gcp-compute-engine')).toBe(true);
    // What deploying with the vendor's own tools makes and reads: CDK's bootstrap bucket, image repository and
    // version parameter; SAM's artifact bucket; the bucket Cloud Build (and a source deploy to Cloud Run) uploads to.
    for (const dep of ['aws-s3', 'aws-ecr', 'aws-systems-manager']) expect(needs('aws-cdk', dep), dep).toBe(true);
    expect(needs('aws-sam', 'aws-s3')).toBe(true);
    expect(needs('gcp-cloud-build', 'gcp-cloud-storage')).toBe(true);
    expect(suggests('gcp-cloud-run', 'gcp-cloud-storage')).toBe(true);
    expect(suggests('gcp-gemini-enterprise-agent-platform', 'gcp-cloud-storage')).toBe(true);
    // Cluster monitoring keeps its data in Azure Monitor's workspaces; Standard logic apps run on App Service.
    expect(suggests('azure-kubernetes-service', 'azure-monitor')).toBe(true);
    expect(suggests('azure-logic-apps', 'azure-app-service')).toBe(true);
  });

  it('gives short names no longer than full names and descriptions of their own', () => {
    const seen = new Map<string, string>();
    for (const s of content.services) {
      expect(s.shortName.length, s.id).toBeLessThanOrEqual(s.name.length);
      expect(seen.get(s.description), `${s.id} repeats the description of ${seen.get(s.description)}`).toBeUndefined();
      seen.set(s.description, s.id);
    }
  });
});

it('finds the reference data in the repository', () => {
  expect(reference, `no reference data at ${referenceDir()}`).toBeDefined();
});

describe(`catalogue content against the reference data (${referenceDir()})`, () => {
  it('uses only real IAM prefixes, resource-provider namespaces and service names, official https docs, unique per service', () => {
    const issues = referenceIssues(reference!, content.services, (s) => content.fileOf.get(s.id) ?? s.id);
    expect(formatContentIssues(issues)).toBe('');
  });

  it('governs every reference identifier: named by a catalogue service, always allowed, or excluded with a reason; no stale exclusion', () => {
    const r = reconcileIdentifiers(reference!, content.services, loadExclusions());
    expect(r.unowned.map((u) => `${u.provider} ${u.identifier} (${u.name})`)).toEqual([]);
    expect(r.stale.map((x) => `${x.exclusion.provider} ${x.exclusion.identifier}: ${x.why}`)).toEqual([]);
    for (const e of r.excluded) expect(Object.keys(exclusionReasons), e.identifier).toContain(e.reason);
  });

  it('rejects dependency identifiers unknown to the reference data and sources off the vendor documentation; reports stale exclusions', () => {
    const lambda = content.services.find((s) => s.id === 'aws-lambda')!;
    const bad = {
      ...lambda,
      requires: [{ identifiers: { iamPrefixes: ['no-such-prefix'] }, reason: 'x', source: 'https://example.com/why' }],
      recommends: [],
    };
    const messages = referenceIssues(reference!, [bad], () => 'f').map((i) => `${i.field}: ${i.message}`);
    expect(messages).toEqual([
      'requires.0.identifiers.iamPrefixes: "no-such-prefix" is not an AWS IAM service prefix',
      'requires.0.source: host example.com is not the vendor documentation (docs.aws.amazon.com)',
    ]);
    const stale = reconcileIdentifiers(reference!, content.services, [
      { provider: 'aws', identifier: 'lambda', reason: 'no-catalogue-service', note: 'owned by aws-lambda' },
      { provider: 'aws', identifier: 'iam-not-real', reason: 'retired', note: 'not in the reference' },
    ]).stale.map((x) => `${x.exclusion.identifier}: ${x.why}`);
    expect(stale).toEqual(['lambda: a catalogue service names it now', 'iam-not-real: not in the reference data']);
  });

  it('names the service that owns each identifier the vendors document for it', () => {
    const owner = (provider: string, id: string) =>
      content.services
        .filter(
          (s) =>
            s.provider === provider &&
            [s.identifiers, ...s.subServices.map((x) => x.identifiers ?? {})].some((i) =>
              [...(i.iamPrefixes ?? []), ...(i.serviceNames ?? [])].includes(id),
            ),
        )
        .map((s) => s.id);
    expect(owner('aws', 'ec2-instance-connect')).toContain('aws-ec2');
    expect(owner('aws', 'pi')).toEqual(expect.arrayContaining(['aws-rds']));
    // S3 Object Lambda (closed to new customers) and S3 Files are services of their own: approving S3 allows neither.
    expect(owner('aws', 's3-object-lambda')).toEqual(['aws-s3-object-lambda']);
    expect(owner('aws', 's3files')).toEqual(['aws-s3-files']);
    // A retired service borrows no live service's identifier: Elastic Graphics ran on EC2's.
    expect(owner('aws', 'ec2')).not.toContain('aws-elastic-graphics');
    for (const p of ['pipes', 'scheduler', 'schemas']) expect(owner('aws', p)).toContain('aws-eventbridge');
    for (const n of ['redis.googleapis.com', 'memcache.googleapis.com'])
      expect(owner('gcp', n)).toContain('gcp-memorystore');
    // WAF Classic's prefixes belong to the retired service alone: approving AWS WAF does not allow them.
    for (const p of ['waf', 'waf-regional']) expect(owner('aws', p)).toEqual(['aws-waf-classic']);
    expect(owner('aws', 'wafv2')).toEqual(['aws-waf']);
    // Artifact Analysis's API is its own, not the retired Container Registry's.
    expect(owner('gcp', 'containeranalysis.googleapis.com')).toEqual(['gcp-artifact-analysis']);
    // The retired HDInsight on AKS does not claim the namespace whose clusters the HDInsight still offered uses.
    const hdinsight = content.services.filter((s) =>
      s.identifiers.resourceProviders?.some((r) => r.split('/')[0] === 'Microsoft.HDInsight'),
    );
    expect(hdinsight.map((s) => s.id)).toEqual(['azure-hdinsight']);
  });

  it('lets a retired service carry no identifier, and no service still offered', () => {
    const retired = content.services.find((s) => s.id === 'gcp-container-registry')!;
    const bare = { ...retired, identifiers: {} };
    expect(referenceIssues(reference!, [bare], () => 'f')).toEqual([]);
    const offered = { ...bare, lifecycle: { ...retired.lifecycle!, status: 'deprecated' as const } };
    expect(referenceIssues(reference!, [offered], () => 'f').map((i) => `${i.field}: ${i.message}`)).toEqual([
      'identifiers.serviceNames: missing; policy generation needs it',
    ]);
  });

  it('keeps the lifecycle events recorded in the reference data', () => {
    const events = JSON.parse(readFileSync(join(referenceDir(), 'lifecycle-events.json'), 'utf8')) as {
      provider: string;
      service: string;
      status: string;
      date: string | null;
    }[];
    for (const e of events) {
      // An exact name wins over a longer name that starts with it (AWS CodeStar, not AWS CodeStar Notifications).
      const candidates = byProvider(e.provider);
      const s =
        candidates.find((x) => x.name === e.service || x.shortName === e.service) ??
        candidates.find((x) => x.name.startsWith(`${e.service} `));
      expect(s, `${e.provider} ${e.service}`).toBeDefined();
      expect(s!.lifecycle?.status ?? 'active', e.service).toBe(e.status);
      // The event's day is the end of a retired or sunset service, and the closing day of a deprecated one.
      if (e.date && (e.status === 'retired' || e.status === 'sunset'))
        expect(s!.lifecycle?.sunsetDate, e.service).toBe(e.date);
      if (e.date && e.status === 'deprecated') expect(s!.lifecycle?.closedToNewCustomers, e.service).toBe(e.date);
    }
  });
});

describe('service icons in the built site', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('serves an SVG at every serviceIcon path the API gives', async () => {
    const services: { id: string; serviceIcon: string }[] = [];
    for (let page = 1; ; page++) {
      const body = (await (await fetch(`${server.url}/v1/services?pageSize=100&page=${page}`)).json()) as {
        data: typeof services;
        totalPages: number;
      };
      services.push(...body.data);
      if (page >= body.totalPages) break;
    }
    expect(services.length).toBe(content.services.length);
    const failures: string[] = [];
    await Promise.all(
      services.map(async (s) => {
        const res = await fetch(new URL(s.serviceIcon, server.url));
        const text = await res.text();
        if (
          res.status !== 200 ||
          !res.headers.get('content-type')?.startsWith('image/svg+xml') ||
          !text.startsWith('<svg')
        )
          failures.push(`${s.id}: ${s.serviceIcon} -> ${res.status}`);
      }),
    );
    expect(failures).toEqual([]);
  });
});
