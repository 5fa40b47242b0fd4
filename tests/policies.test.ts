/**
 * POST /v1/policies/{aws-scp,azure-policy,gcp-org-policy} through the built
 * server: every answer is a document the provider's grammar accepts, or an
 * RFC 9457 problem naming what was wrong. The services used are named here
 * and must exist (a missing one fails the suite); catalogue-wide checks read
 * content/ directly, so they follow whatever the catalogue holds.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceEntry } from '../src/core/schemas.ts';
import { readContent } from '../src/scripts/lib/read-content.ts';
import { validateScp } from './validators/aws-scp.ts';
import { azureDenies, scpDenies } from './validators/evaluate.ts';
import { validateAzurePolicyDefinition } from './validators/azure-policy.ts';
import { validateGcpPolicy } from './validators/gcp-org-policy.ts';
import { expectProblem, postJson, send } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

type Target = 'aws' | 'azure' | 'gcp';
const endpoints: Record<Target, string> = {
  aws: '/v1/policies/aws-scp',
  azure: '/v1/policies/azure-policy',
  gcp: '/v1/policies/gcp-org-policy',
};
const targets = Object.keys(endpoints) as Target[];
const validators: Record<Target, (doc: unknown, text: string) => string[]> = {
  aws: (doc, text) => validateScp(doc, { text }),
  azure: (doc) => validateAzurePolicyDefinition(doc),
  gcp: (doc) => validateGcpPolicy(doc),
};

/** Real, active services of each cloud the tests rely on. */
const sample: Record<Target, string[]> = {
  aws: ['aws-lambda', 'aws-s3', 'aws-documentdb'],
  azure: ['azure-storage', 'azure-kubernetes-service', 'azure-functions'],
  gcp: ['gcp-cloud-storage', 'gcp-kubernetes-engine', 'gcp-compute-engine'],
};
const RETIRED = 'aws-qldb';
const DEPRECATED = 'aws-cloud9';
const allSample = () => [...sample.aws, ...sample.azure, ...sample.gcp];

const content = readContent();
const servicesOf = (t: Target): ServiceEntry[] => content.services.filter((s) => s.provider === t);
const contentById = new Map(content.services.map((s) => [s.id, s]));
/** A service and every service it requires, directly or through another, by the content's `requires`. */
function requiredClosure(service: ServiceEntry): Set<string> {
  const found = new Set([service.id]);
  const queue = [service];
  for (let s = queue.pop(); s; s = queue.pop())
    for (const d of s.requires)
      if (d.service && !found.has(d.service)) {
        found.add(d.service);
        const next = contentById.get(d.service);
        if (next) queue.push(next);
      }
  return found;
}

let server: RunningServer;
const post = (path: string, body: unknown, contentType = 'application/json') =>
  postJson(`${server.url}${path}`, body, { 'content-type': contentType });

/** Parses `"<id>";reason=<reason>, ...` (RFC 8941 list of strings with a token parameter). */
function omittedHeader(value: string | null): { id: string; reason: string }[] {
  if (!value) return [];
  return [...value.matchAll(/"((?:[^"\\]|\\.)*)";reason=([a-z-]+)/g)].map((m) => ({ id: m[1]!, reason: m[2]! }));
}

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_POINTS: '100000' });
  for (const id of [...allSample(), RETIRED, DEPRECATED]) {
    const r = await send(`${server.url}/v1/services/${id}`);
    if (r.status !== 200) throw new Error(`the tests rely on service ${id}, which the catalogue no longer has`);
  }
});
afterAll(() => server?.stop());

describe.each(targets)('POST %s policy', (target) => {
  const path = endpoints[target];

  it('answers an envelope with its notes as data in the body, not in the headers the bare document carries', async () => {
    const other = targets.find((t) => t !== target)!;
    const body = { approvedServiceIds: [...sample[target], RETIRED, sample[other][0]] };
    const bare = await post(path, body);
    expect(omittedHeader(bare.headers.get('x-policy-omitted')).length).toBeGreaterThan(0);
    expect(bare.headers.get('warning')).not.toBeNull();
    const envelope = await post(`${path}?envelope=true`, body);
    expect(envelope.status).toBe(200);
    expect(envelope.json.omitted.map((o: { id: string }) => o.id)).toContain(sample[other][0]);
    expect(envelope.json.warnings.length).toBeGreaterThan(0);
    for (const name of ['x-policy-omitted', 'x-policy-also-allows', 'warning'])
      expect(envelope.headers.get(name), name).toBeNull();
  });

  it('turns the whole catalogue into a valid document, or a too-large problem with the numbers', async () => {
    const all = content.services.map((s) => s.id);
    expect(all.length).toBeGreaterThan(300);
    const r = await post(`${path}?retired=include`, { approvedServiceIds: all, name: 'All services' });
    if (r.status === 422) {
      const p = expectProblem(r, 422);
      expect(p).toMatchObject({ type: '/problems/policy-too-large' });
      expect(p.size - p.limit).toBe(p.excess);
      expect(target).toBe('aws');
      return;
    }
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(validators[target](r.json, r.text)).toEqual([]);
    expect(r.json).not.toHaveProperty('_comment');
    const listed = omittedHeader(r.headers.get('x-policy-omitted')).filter((o) => o.reason === 'other-provider');
    const others = all.filter((id) => !id.startsWith(`${target}-`));
    // The header is capped (6,000 characters); past the cap the warning says it lists only the first ones.
    expect(listed.map((o) => o.id).filter((id) => !others.includes(id))).toEqual([]);
    expect(r.headers.get('warning')).toMatch(/^299 - "/);
    if (listed.length < others.length) expect(r.headers.get('warning')).toMatch(/X-Policy-Omitted lists the first \d+/);
  });

  it('with ?envelope=true accounts for every approved id and embeds the same document', async () => {
    const approved = allSample();
    const bare = await post(path, { approvedServiceIds: approved });
    const wrapped = await post(`${path}?envelope=true`, { approvedServiceIds: approved });
    expect(bare.status).toBe(200);
    expect(wrapped.status).toBe(200);
    expect(wrapped.json.document).toEqual(bare.json);
    expect(wrapped.json.target).toBe(target);
    const accounted = [...wrapped.json.included, ...wrapped.json.omitted.map((o: { id: string }) => o.id)];
    expect(approved.filter((id) => !accounted.includes(id))).toEqual([]);
    expect(wrapped.json.included).toEqual(expect.arrayContaining(sample[target]));
    expect(wrapped.json).toMatchObject({
      provenance: { catalogueVersion: expect.any(String), listHash: expect.stringMatching(/^[0-9a-f]{10}$/) },
      dependencies: expect.any(Array),
      alsoAllows: expect.any(Array),
      warnings: expect.any(Array),
    });
    expect(wrapped.json.provenance).not.toHaveProperty('generatedOn');
  });

  it('generates one service; a list with none of this cloud is a 422 unless emptyCloud=deny-all', async () => {
    const one = await post(path, { approvedServiceIds: [sample[target][0]] });
    expect(one.status).toBe(200);
    expect(validators[target](one.json, one.text)).toEqual([]);
    const others = allSample().filter((id) => !sample[target].includes(id));
    const refused = expectProblem(await post(path, { approvedServiceIds: others }), 422);
    expect(refused).toMatchObject({ type: '/problems/empty-cloud' });
    expect(refused.detail).toMatch(/emptyCloud=deny-all/);
    expect(refused.omitted.map((o: { id: string }) => o.id).sort()).toEqual([...others].sort());
    const none = await post(`${path}?emptyCloud=deny-all`, { approvedServiceIds: others });
    expect(none.status).toBe(200);
    expect(validators[target](none.json, none.text)).toEqual([]);
    expect(
      omittedHeader(none.headers.get('x-policy-omitted'))
        .map((o) => o.id)
        .sort(),
    ).toEqual([...others].sort());
  });

  it('is byte-identical for the same list in any order, carries no date, and ignores other clouds', async () => {
    const list = sample[target];
    const a = await post(path, { approvedServiceIds: list, name: 'Same' });
    const b = await post(path, { approvedServiceIds: [...list].reverse(), name: 'Same' });
    const c = await post(path, {
      approvedServiceIds: [...list, ...allSample().filter((id) => !list.includes(id))],
      name: 'Same',
    });
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(c.text).toBe(a.text);
    expect(a.text).not.toContain(new Date().toISOString().slice(0, 10));
  });

  it("takes a saved list's name and ids as they are, its longest name included", async () => {
    const name = `Platform ${'n'.repeat(191)}`;
    const saved = await post('/v1/lists', { name, approvedServiceIds: allSample() });
    expect(saved.status).toBe(201);
    const list = saved.json as { name: string; approvedServiceIds: string[] };
    expect(list.name).toHaveLength(200);
    const r = await post(`${path}?envelope=true`, { name: list.name, approvedServiceIds: list.approvedServiceIds });
    expect(r.status).toBe(200);
    const env = r.json as { document: unknown; provenance: { listName: string } };
    expect(env.provenance.listName).toBe(name);
    expect(validators[target](env.document, JSON.stringify(env.document))).toEqual([]);
    // One character more than a list may have is refused here too.
    await expectProblem(await post(path, { name: `${name}n`, approvedServiceIds: list.approvedServiceIds }), 400);
  });

  it('reports, for every single service of this cloud, only requirements it really has (with reason and source), and none once they are added', async () => {
    const all = servicesOf(target).filter((s) => s.lifecycle?.status !== 'retired');
    expect(all.length).toBeGreaterThan(20);
    for (const s of all) {
      const r = await post(`${path}?envelope=true`, { approvedServiceIds: [s.id] });
      if (r.status === 422) {
        expect(expectProblem(r, 422).type).toBe('/problems/empty-cloud');
        continue;
      }
      expect(r.status).toBe(200);
      const missing = r.json.dependencies.filter(
        (d: { kind: string; status: string }) => d.kind === 'requires' && d.status === 'missing',
      );
      const expected = s.requires.filter((d) => (d.service ? !r.json.included.includes(d.service) : true));
      const direct = missing.filter((d: { serviceId: string }) => d.serviceId === s.id);
      expect(direct.length, s.id).toBeLessThanOrEqual(expected.length);
      // The others are what a required service outside the document requires in turn: each is about a service
      // this one requires, directly or through another.
      const required = requiredClosure(s);
      for (const m of missing) {
        expect(m).toMatchObject({ reason: expect.any(String), source: expect.stringMatching(/^https:/) });
        expect(required.has(m.serviceId), `${s.id}: ${m.serviceId}`).toBe(true);
      }
      if (s.requires.length) {
        const added = await post(`${path}?envelope=true&dependencies=include`, { approvedServiceIds: [s.id] });
        expect(added.status).toBe(200);
        expect(
          added.json.dependencies.filter(
            (d: { kind: string; status: string }) => d.kind === 'requires' && d.status === 'missing',
          ),
        ).toEqual([]);
        // Only approved services are ever reported as left out, never an added dependency.
        expect(added.json.omitted.map((o: { id: string }) => o.id)).not.toContain(s.requires[0]!.service ?? '');
      }
    }
  });

  it.each([
    ['missing field', {}, '/approvedServiceIds'],
    ['empty array', { approvedServiceIds: [] }, '/approvedServiceIds'],
    ['non-array', { approvedServiceIds: 'aws-s3' }, '/approvedServiceIds'],
    ['non-string entries', { approvedServiceIds: ['x', 7] }, '/approvedServiceIds/1'],
    ['duplicate entries', { approvedServiceIds: ['same-id', 'other', 'same-id'] }, '/approvedServiceIds/2'],
    [
      'too many entries',
      { approvedServiceIds: Array.from({ length: 2001 }, (_, i) => `id-${i}`) },
      '/approvedServiceIds',
    ],
    ['unknown fields', { approvedServiceIds: ['x'], extra: true }, 'extra'],
  ])('answers 400 for %s, pointing at the offending value', async (_label, body, pointer) => {
    const p = expectProblem(await post(path, body), 400);
    expect(p).toMatchObject({ type: '/problems/invalid-body' });
    expect(JSON.stringify(p.errors)).toContain(pointer);
  });

  it('names duplicate ids, and the kind of a value that is not a string (never the value)', async () => {
    const dup = await post(path, { approvedServiceIds: ['dup-id', 'dup-id'] });
    expect(JSON.stringify(dup.json.errors)).toContain('dup-id');
    const num = await post(path, { approvedServiceIds: [4242] });
    expect(JSON.stringify(num.json.errors)).toContain('got a number');
    expect(JSON.stringify(num.json)).not.toContain('4242');
  });

  it('refuses a query whose escapes are not UTF-8', async () => {
    const body = expectProblem(await post(`${path}?envelope=%FF`, { approvedServiceIds: sample[target] }), 400);
    expect(body.detail).toBe('The query string is not UTF-8 once percent-decoded.');
  });

  it('answers 422 listing unknown ids, even beside known ones', async () => {
    const unknown = ['no-such-service-a', 'no-such-service-b'];
    const p = expectProblem(await post(path, { approvedServiceIds: [...sample[target], ...unknown] }), 422);
    expect(p).toMatchObject({ type: '/problems/unknown-services', unknownIds: unknown });
    expect(p.errors.map((e: { value: string }) => e.value)).toEqual(unknown);
    expect(p.detail).toBe(
      '2 ids name no service of this catalogue: unknownIds lists them all, and errors each with where it was given. ' +
        'See GET /v1/services for valid ids.',
    );
  });

  it('counts the unknown ids in the detail without repeating them, every one in unknownIds, the first 100 in errors', async () => {
    const unknown = Array.from({ length: 500 }, (_, i) => `no-such-service-${i}-<b>${'y'.repeat(100)}</b>`);
    const r = await post(path, { approvedServiceIds: unknown });
    const p = expectProblem(r, 422);
    expect(p.detail).toBe(
      '500 ids name no service of this catalogue: unknownIds lists them all, and errors the first 100 with where ' +
        'it was given. See GET /v1/services for valid ids.',
    );
    expect(p.unknownIds).toEqual(unknown);
    expect(p.errors.map((e: { pointer: string }) => e.pointer)).toEqual(
      unknown.slice(0, 100).map((_, i) => `/approvedServiceIds/${i}`),
    );
  });

  it('answers 415 for a body in a content coding or a charset other than UTF-8, which it would have misread', async () => {
    const body = { approvedServiceIds: sample[target] };
    const url = `${server.url}${path}`;
    const coded = await postJson(url, body, { 'content-encoding': 'br' });
    expect(expectProblem(coded, 415)).toMatchObject({ type: '/problems/unsupported-media-type' });
    expect(coded.headers.get('accept-encoding')).toBe('identity');
    const utf16 = await postJson(url, body, { 'content-type': 'application/json; charset=utf-16' });
    expect(expectProblem(utf16, 415).detail).toMatch(/UTF-8/);
    for (const headers of [
      { 'content-type': 'application/json; charset=UTF-8' },
      { 'content-type': 'application/json;charset="utf-8"' },
      { 'content-encoding': 'identity' },
    ])
      expect((await postJson(url, body, headers)).status, JSON.stringify(headers)).toBe(200);
  });

  it('answers 415 for a non-JSON content type and 400 for malformed JSON', async () => {
    const plain = await post(path, JSON.stringify({ approvedServiceIds: sample[target] }), 'text/plain');
    expect(expectProblem(plain, 415)).toMatchObject({ type: '/problems/unsupported-media-type' });
    const broken = await post(path, '{"approvedServiceIds": [', 'application/json');
    expect(expectProblem(broken, 400)).toMatchObject({ type: '/problems/malformed-json' });
  });

  it.each(['nope=1', 'dependencies=all', 'retired=yes', 'emptyCloud=allow', 'envelope=maybe'])(
    'answers 400 for the query %s',
    async (query) => {
      const p = expectProblem(await post(`${path}?${query}`, { approvedServiceIds: sample[target] }), 400);
      expect(p).toMatchObject({ type: '/problems/invalid-parameters' });
      expect(JSON.stringify(p.errors)).toContain(query.split('=')[0]);
    },
  );
});

describe('lifecycle, shared identifiers and target-specific options', () => {
  it('leaves a retired service out by default and says so; keeps it with retired=include and a warning', async () => {
    const r = await post(endpoints.aws, { approvedServiceIds: ['aws-lambda', RETIRED] });
    expect(r.status).toBe(200);
    expect(omittedHeader(r.headers.get('x-policy-omitted'))).toEqual([{ id: RETIRED, reason: 'retired' }]);
    expect(r.json.Statement[0].NotAction).not.toContain('qldb:*');
    const kept = await post(`${endpoints.aws}?retired=include&envelope=true`, {
      approvedServiceIds: ['aws-lambda', RETIRED],
    });
    expect(kept.json.document.Statement[0].NotAction).toContain('qldb:*');
    expect(kept.json.warnings).toContainEqual(
      expect.objectContaining({ code: 'retired-included', serviceId: RETIRED }),
    );
  });

  it('warns about a deprecated service in the envelope and the Warning header', async () => {
    const r = await post(endpoints.aws, { approvedServiceIds: [DEPRECATED] });
    expect(r.status).toBe(200);
    expect(r.headers.get('warning')).toMatch(/deprecated/);
    const e = await post(`${endpoints.aws}?envelope=true`, { approvedServiceIds: [DEPRECATED] });
    expect(e.json.warnings).toContainEqual(expect.objectContaining({ code: 'deprecated', serviceId: DEPRECATED }));
    // Dated by the day it closed to new customers, when the vendor gave one.
    const kendra = await post(`${endpoints.aws}?envelope=true`, { approvedServiceIds: ['aws-kendra'] });
    expect(kendra.json.warnings).toContainEqual(
      expect.objectContaining({
        code: 'deprecated',
        serviceId: 'aws-kendra',
        message: expect.stringContaining('(no new customers from 2026-07-30)'),
      }),
    );
    // A service being retired that already turns new customers away says both days.
    const blockchain = await post(`${endpoints.aws}?envelope=true`, { approvedServiceIds: ['aws-managed-blockchain'] });
    expect(blockchain.json.warnings).toContainEqual(
      expect.objectContaining({
        code: 'sunset',
        serviceId: 'aws-managed-blockchain',
        date: '2027-09-29',
        message: expect.stringMatching(/being sunset on 2027-09-29 \(no new customers from 2026-10-29\)/),
      }),
    );
  });

  it('warns about a part of an approved service closed to new customers, which its page and the lifecycle timeline mark too', async () => {
    const r = await post(endpoints.aws, { approvedServiceIds: ['aws-sagemaker-ai'] });
    expect(r.status).toBe(200);
    expect(r.headers.get('warning')).toMatch(/Ground Truth, part of Amazon SageMaker AI, is no longer open to new/);
    const e = await post(`${endpoints.aws}?envelope=true`, { approvedServiceIds: ['aws-sagemaker-ai'] });
    const parts = e.json.warnings.filter((w: { code: string }) => w.code === 'part-closed');
    expect(parts.map((w: { message: string }) => w.message.split(',')[0])).toEqual([
      'Amazon SageMaker Ground Truth',
      'Amazon SageMaker geospatial capabilities',
      'Amazon Augmented AI (A2I)',
      'Amazon SageMaker Debugger',
      'Amazon SageMaker Model Monitor',
    ]);
    // Told apart from the service's own lifecycle: SageMaker AI itself is not deprecated. A part whose vendor gave
    // the day it closed says it; a part whose end is announced is warned of as ending.
    expect(
      parts.slice(0, 3).every((w: { message: string }) => /, is no longer open to new customers: /.test(w.message)),
    ).toBe(true);
    expect(parts[3].message).toMatch(
      /^Amazon SageMaker Debugger, part of Amazon SageMaker AI, takes no new customers from 2026-07-30: /,
    );
    expect(e.json.warnings).toContainEqual(
      expect.objectContaining({ code: 'part-sunset', partId: 'aws-sagemaker-profiler', date: '2027-06-30' }),
    );
    // Each names its part by id, so a client need not read the sentence to tell which.
    expect(parts.map((w: { partId?: string }) => w.partId)).toEqual([
      'aws-sagemaker-ground-truth',
      'aws-sagemaker-geospatial',
      'aws-augmented-ai',
      'aws-sagemaker-debugger',
      'aws-sagemaker-model-monitor',
    ]);
    expect(e.json.warnings.some((w: { code: string }) => w.code === 'deprecated')).toBe(false);
    // The published service detail keeps its contract; the part's change is on the lifecycle timeline.
    const detail = (await send(`${server.url}/v1/services/aws-sagemaker-ai`)).json;
    expect(detail.subServices.every((sub: object) => !('lifecycle' in sub))).toBe(true);
    const timeline = (await send(`${server.url}/v1/lifecycle`)).json;
    expect(timeline.undated).toContainEqual(
      expect.objectContaining({
        serviceId: 'aws-sagemaker-ai',
        part: { id: 'aws-sagemaker-ground-truth', name: 'Amazon SageMaker Ground Truth' },
        status: 'deprecated',
        announcementUrl: expect.stringMatching(/^https:\/\/docs\.aws\.amazon\.com\//),
      }),
    );
    const page = (await send(`${server.url}/services/aws-sagemaker-ai`)).text;
    expect(page).toMatch(
      /Amazon SageMaker Ground Truth<\/strong>:[^<]*<span class="badge deprecated">Deprecated<\/span>/,
    );
  });

  it("warns about a part of an approved service whose end is announced, and not about the service's own lifecycle", async () => {
    const e = await post(`${endpoints.aws}?envelope=true`, { approvedServiceIds: ['aws-q-developer'] });
    expect(e.json.warnings).toEqual([
      expect.objectContaining({
        code: 'part-sunset',
        serviceId: 'aws-q-developer',
        date: '2027-04-30',
        partId: 'aws-q-developer-ide-plugins',
        message: expect.stringMatching(
          /^Amazon Q Developer IDE plugins, part of Amazon Q Developer, ends on 2027-04-30/,
        ),
      }),
    ]);
  });

  it('names every other service a shared identifier lets through, in the envelope and X-Policy-Also-Allows', async () => {
    const r = await post(endpoints.aws, { approvedServiceIds: ['aws-documentdb'] });
    const header = r.headers.get('x-policy-also-allows') ?? '';
    expect(header).toContain('"aws-rds"');
    expect(header).toContain('"aws-neptune"');
    const e = await post(`${endpoints.aws}?envelope=true`, { approvedServiceIds: ['aws-documentdb'] });
    expect(e.json.alsoAllows).toContainEqual({
      id: 'aws-rds',
      identifiers: ['rds'],
      through: ['aws-documentdb'],
      essential: false,
      // Its other prefixes (IAM database authentication, Performance Insights, the Data API) stay denied.
      partial: true,
    });
    // Every entry really is allowed by the document.
    const allowed = new Set(e.json.document.Statement[0].NotAction.map((a: string) => a.replace(/:\*$/, '')));
    for (const a of e.json.alsoAllows) for (const i of a.identifiers) expect(allowed.has(i)).toBe(true);
  });

  it('marks a service only part of which a document lets through: Azure Monitor is an essential, its workspaces are not', async () => {
    const approved = { approvedServiceIds: ['azure-kubernetes-service'] };
    const r = await post(endpoints.azure, approved);
    expect(r.headers.get('x-policy-also-allows')).toContain('"azure-monitor";essential;partial');
    const e = await post(`${endpoints.azure}?envelope=true`, approved);
    const monitor = e.json.alsoAllows.find((a: { id: string }) => a.id === 'azure-monitor');
    expect(monitor).toMatchObject({ essential: true, partial: true });
    expect(monitor.identifiers).toContain('Microsoft.Insights');
    expect(monitor.identifiers).not.toContain('Microsoft.OperationalInsights');
    const whole = e.json.alsoAllows.filter((a: { partial: boolean }) => !a.partial);
    expect(whole.length).toBeGreaterThan(0);
    expect(JSON.stringify(e.json.document)).not.toContain('Microsoft.OperationalInsights');
  });

  it.each([
    ['aws', 'aws-lambda', 'aws-cloudwatch'],
    ['aws', 'aws-secrets-manager', 'aws-kms'],
    ['azure', 'azure-kubernetes-service', 'azure-virtual-network'],
    ['gcp', 'gcp-kubernetes-engine', 'gcp-compute-engine'],
    ['aws', 'aws-cdk', 'aws-systems-manager'],
    ['gcp', 'gcp-cloud-build', 'gcp-cloud-storage'],
    ['aws', 'aws-elastic-load-balancing', 'aws-vpc'],
  ] as const)('%s: %s alone is told it needs %s, and dependencies=include adds it', async (target, id, needed) => {
    expect(servicesOf(target).filter((s) => s.requires.length).length).toBeGreaterThanOrEqual(5);
    const r = await post(endpoints[target], { approvedServiceIds: [id] });
    expect(r.status).toBe(200);
    expect(r.headers.get('warning')).toContain(`${id} needs ${needed}`);
    const e = await post(`${endpoints[target]}?envelope=true`, { approvedServiceIds: [id] });
    expect(e.json.dependencies).toContainEqual(
      expect.objectContaining({
        serviceId: id,
        kind: 'requires',
        service: needed,
        status: 'missing',
        source: expect.stringMatching(/^https:/),
      }),
    );
    const added = await post(`${endpoints[target]}?envelope=true&dependencies=include`, { approvedServiceIds: [id] });
    expect(added.json.included).toContain(needed);
    expect(added.json.dependencies).toContainEqual(expect.objectContaining({ service: needed, status: 'added' }));
    expect(added.json.document).not.toEqual(e.json.document);
  });

  it('AWS: a load balancer can be created once its list approves the VPC it lives in (its EC2 Describe calls)', async () => {
    const calls = ['ec2:DescribeSubnets', 'ec2:DescribeVpcs', 'ec2:DescribeSecurityGroups', 'ec2:DescribeInstances'];
    const alone = await post(endpoints.aws, { approvedServiceIds: ['aws-elastic-load-balancing'] });
    expect(scpDenies(alone.json, 'elasticloadbalancing:CreateLoadBalancer')).toBe(false);
    for (const call of calls) expect(scpDenies(alone.json, call), call).toBe(true);
    const withVpc = await post(endpoints.aws, { approvedServiceIds: ['aws-elastic-load-balancing', 'aws-vpc'] });
    expect(withVpc.headers.get('warning') ?? '').not.toContain('aws-elastic-load-balancing needs');
    for (const call of calls) expect(scpDenies(withVpc.json, call), call).toBe(false);
  });

  it('dependencies=include adds what a required service needs to work, not the parts of it nobody approved', async () => {
    const r = await post(`${endpoints.aws}?envelope=true&dependencies=include`, { approvedServiceIds: ['aws-lambda'] });
    const doc = r.json.document;
    for (const call of [
      'lambda:InvokeFunction',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'cloudwatch:PutMetricData',
    ])
      expect(scpDenies(doc, call), call).toBe(false);
    // CloudWatch's optional parts: synthetic canaries, real-user monitoring, AI investigations.
    for (const call of ['synthetics:CreateCanary', 'rum:CreateAppMonitor', 'aiops:CreateInvestigationGroup'])
      expect(scpDenies(doc, call), call).toBe(true);
  });

  it('Azure: approving App Service lets its apps have their TLS certificates', async () => {
    const r = await post(endpoints.azure, { approvedServiceIds: ['azure-app-service'] });
    expect(r.status).toBe(200);
    for (const type of ['Microsoft.Web/sites', 'Microsoft.Web/serverfarms', 'Microsoft.Web/certificates'])
      expect(azureDenies(r.json, type), type).toBe(false);
    expect(azureDenies(r.json, 'Microsoft.Compute/virtualMachines')).toBe(true);
  });

  it("Azure: approving Logic Apps lets its workflows' managed connectors deploy (API connections are Microsoft.Web)", async () => {
    const r = await post(endpoints.azure, { approvedServiceIds: ['azure-logic-apps'] });
    expect(r.status).toBe(200);
    for (const type of ['Microsoft.Logic/workflows', 'Microsoft.Web/connections'])
      expect(azureDenies(r.json, type), type).toBe(false);
    expect(azureDenies(r.json, 'Microsoft.Web/sites')).toBe(true);
  });

  it("AWS: by default the policy keeps to the 5,120-character quota AWS's quota page states, or says by how much it is over", async () => {
    const aws = servicesOf('aws').map((s) => s.id);
    for (const query of ['', '?sizeLimit=5120']) {
      const r = await post(`${endpoints.aws}${query}`, { approvedServiceIds: aws });
      const p = expectProblem(r, 422);
      expect(p).toMatchObject({ type: '/problems/policy-too-large', limit: 5120, unit: 'characters' });
      expect(p.excess).toBeGreaterThan(0);
      expect(p.detail).toMatch(/over/);
      expect(p.hint).toMatch(/sizeLimit=10240/);
      // The advice names the API's own parameters for what it advises.
      expect(p.detail).toContain('(sizeLimit=10240)');
      // Every AWS service is over the quota without the essentials too: dropping them is not offered.
      expect(p.detail).not.toContain('essentials');
      const small = await post(`${endpoints.aws}${query}`, { approvedServiceIds: sample.aws });
      expect(validateScp(small.json, { text: small.text, limit: 5120 })).toEqual([]);
    }
    // The doubled quota, where an organisation has it, is asked for.
    const large = await post(`${endpoints.aws}?sizeLimit=10240`, { approvedServiceIds: aws });
    expect(large.status).toBe(200);
    expect(large.text.length).toBeGreaterThan(5120);
    expect(validateScp(large.json, { text: large.text, limit: 10240 })).toEqual([]);
  });

  it('AWS: essentials=none allows only the approved prefixes; by default support-console and the billing consoles are allowed', async () => {
    const withEssentials = await post(endpoints.aws, { approvedServiceIds: ['aws-lambda'] });
    const without = await post(`${endpoints.aws}?essentials=none`, { approvedServiceIds: ['aws-lambda'] });
    expect(without.status).toBe(200);
    expect(validateScp(without.json)).toEqual([]);
    const actions = (doc: any): string[] => doc.Statement[0].NotAction ?? [];
    for (const p of [
      'sts',
      'support-console',
      'purchase-orders',
      'bcm-dashboards',
      'bcm-recommended-actions',
      'bcm-data-exports',
    ])
      expect(actions(withEssentials.json)).toContain(`${p}:*`);
    expect(actions(without.json)).toEqual(['lambda:*']);
  });

  it('AWS: exemptPrincipalArns leaves break-glass and pipeline roles out of the deny, and refuses anything but role ARNs', async () => {
    const arns = ['arn:aws:iam::*:role/BreakGlass', 'arn:aws:iam::111122223333:role/aws-reserved/sso.amazonaws.com/*'];
    const r = await post(`${endpoints.aws}?exemptPrincipalArns=${encodeURIComponent(arns.join(','))}`, {
      approvedServiceIds: ['aws-lambda'],
    });
    expect(r.status).toBe(200);
    expect(validateScp(r.json, { text: r.text })).toEqual([]);
    expect(r.json.Statement[0].Condition).toEqual({ ArnNotLike: { 'aws:PrincipalARN': arns } });
    expect(scpDenies(r.json, 'ec2:RunInstances', 'arn:aws:iam::111122223333:role/App')).toBe(true);
    expect(scpDenies(r.json, 'ec2:RunInstances', 'arn:aws:iam::444455556666:role/BreakGlass')).toBe(false);
    const sso = 'arn:aws:iam::111122223333:role/aws-reserved/sso.amazonaws.com/AWSReservedSSO_Admin_0123';
    expect(scpDenies(r.json, 'ec2:RunInstances', sso)).toBe(false);
    const hostile = 'arn:aws:iam::*:user/<script>';
    for (const bad of [
      hostile,
      'BreakGlass',
      Array.from({ length: 21 }, (_, i) => `arn:aws:iam::*:role/r${i}`).join(','),
    ]) {
      const refused = await post(`${endpoints.aws}?exemptPrincipalArns=${encodeURIComponent(bad)}`, {
        approvedServiceIds: ['aws-lambda'],
      });
      const p = expectProblem(refused, 400);
      expect(p.errors[0].parameter).toBe('exemptPrincipalArns');
      expect(refused.text).not.toContain('<script>');
    }
  });

  it('AWS: sizeLimit accepts only the two quotas', async () => {
    expectProblem(await post(`${endpoints.aws}?sizeLimit=20000`, { approvedServiceIds: ['x'] }), 400);
  });

  it('Azure: displayName from the query; metadata holds provenance, not the list', async () => {
    const r = await post(`${endpoints.azure}?displayName=${encodeURIComponent('Approved Azure services (prod)')}`, {
      approvedServiceIds: sample.azure,
    });
    expect(r.status).toBe(200);
    expect(r.json.properties.displayName).toBe('Approved Azure services (prod)');
    expect(r.json.properties.metadata).toMatchObject({ approvedServiceCount: 3, listHash: expect.any(String) });
    expect(validateAzurePolicyDefinition(r.json)).toEqual([]);
  });

  it('Azure: displayName is held to 128 UTF-16 code units, as Azure counts them, and kept whole', async () => {
    const fits = '😀'.repeat(64);
    const r = await post(`${endpoints.azure}?displayName=${encodeURIComponent(fits)}`, {
      approvedServiceIds: sample.azure,
    });
    expect(r.status).toBe(200);
    expect(r.json.properties.displayName).toBe(fits);
    const tooLong = `${fits}😀`;
    const refused = await post(`${endpoints.azure}?displayName=${encodeURIComponent(tooLong)}`, {
      approvedServiceIds: sample.azure,
    });
    expect(JSON.stringify(expectProblem(refused, 400))).not.toContain('😀');
  });

  it.each([
    ['organizations/123456789', 200],
    ['folders/987654321', 200],
    ['projects/my-project-1', 200],
    ['projects/123456789012', 200],
    ['organizations/abc', 400],
    ['projects/My_Project', 400],
    ['billingAccounts/1', 400],
  ])('Google Cloud: parent %s answers %i', async (parent, status) => {
    const r = await post(`${endpoints.gcp}?parent=${encodeURIComponent(parent)}`, { approvedServiceIds: sample.gcp });
    if (status === 400) return void expectProblem(r, 400);
    expect(r.status).toBe(200);
    expect(r.json.name).toBe(`${parent}/policies/gcp.restrictServiceUsage`);
    expect(r.headers.get('warning') ?? '').not.toMatch(/placeholder/);
  });

  it('Google Cloud: without parent the answer warns that the name still has the placeholder', async () => {
    const r = await post(endpoints.gcp, { approvedServiceIds: sample.gcp });
    expect(r.json.name).toMatch(/^organizations\/ORGANIZATION_ID\//);
    expect(r.headers.get('warning')).toMatch(/placeholder/);
  });
});

describe('OpenAPI', () => {
  it('documents the three policy operations, their body, options, problems and headers', async () => {
    const doc: any = await (await fetch(`${server.url}/v1/openapi.json`)).json();
    for (const path of Object.values(endpoints)) {
      const op = doc.paths[path].post;
      expect(op['x-status']).toBeUndefined();
      expect(JSON.stringify(op.requestBody)).toContain('ApprovedServicesRequest');
      expect(op.responses['200'].headers).toHaveProperty('X-Policy-Omitted');
      expect(op.responses['200'].headers).toHaveProperty('X-Policy-Also-Allows');
      expect(op.responses['422'].description).toMatch(/empty-cloud/);
      expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['envelope', 'dependencies', 'retired', 'emptyCloud']),
      );
    }
    expect(JSON.stringify(doc.paths[endpoints.gcp].post.parameters)).toContain('project number');
    const envelope = doc.components.schemas.PolicyEnvelope;
    expect(Object.keys(envelope.properties)).toEqual(
      expect.arrayContaining(['dependencies', 'alsoAllows', 'warnings']),
    );
  });
});

describe('answers as the API description documents them', () => {
  it('every JSON answer of a policy endpoint (document, envelope, each deployment file) fits its documented 200 schema', async () => {
    const openapi = await (await fetch(`${server.url}/v1/openapi.json`)).json();
    // The description's schemas are JSON Schema 2020-12; its other keywords (paths, info) are not ajv's to know.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(openapi, 'openapi.json');
    const jsonFormats: Record<Target, string[]> = {
      aws: ['terraform', 'cloudformation'],
      azure: ['terraform', 'arm'],
      gcp: ['terraform'],
    };
    for (const target of targets) {
      const pointer = `/paths/${endpoints[target].replaceAll('/', '~1')}/post/responses/200/content/application~1json/schema`;
      const validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
      for (const query of ['', '?envelope=true', ...jsonFormats[target].map((f) => `?format=${f}`)]) {
        const r = await postJson(`${server.url}${endpoints[target]}${query}`, { approvedServiceIds: sample[target] });
        expect(r.status, `${target}${query}`).toBe(200);
        expect(validate(r.json), `${target}${query}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
    }
  });
});
