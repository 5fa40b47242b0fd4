/**
 * POST /v1/export/markdown through the built server: both body forms, both
 * answer forms, hostile text, unknown ids and every error as a problem.
 * Services are discovered through the API, never assumed.
 */
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, type BuiltCatalogueData } from '../src/core/catalogue.ts';
import { exportServiceList } from '../src/core/service-list.ts';
import { expectProblem, postJson } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

const PATH = '/v1/export/markdown';
let server: RunningServer;
let built: BuiltCatalogueData;
let ids: string[] = [];

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_POINTS: '10000' });
  built = (await (await fetch(`${server.url}/catalogue.json`)).json()) as BuiltCatalogueData;
  const page = (await (await fetch(`${server.url}/v1/services?pageSize=100`)).json()) as { data: { id: string }[] };
  ids = page.data.map((s) => s.id);
});
afterAll(() => server?.stop());

const post = (body: unknown, headers: Record<string, string> = {}, base = server.url) =>
  postJson(`${base}${PATH}`, body, headers);

const render = (md: string) =>
  micromark(md, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });

/** Every answer of a POST endpoint, problems included, carries the rate-limit headers. */
function expectMutationProblem(r: Awaited<ReturnType<typeof post>>, status: number) {
  expectProblem(r, status);
  expect(r.headers.get('x-ratelimit-limit')).not.toBeNull();
}

describe('POST /v1/export/markdown', () => {
  it('answers the compact form with a markdown attachment, rate-limit headers and no-store', async () => {
    const r = await post({ name: 'Team A – production', approvedServiceIds: ids });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="team-a-production.md"');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      expect(Number(r.headers.get(h))).toBeGreaterThanOrEqual(0);
    expect(r.headers.get('x-unknown-services')).toBeNull();
    const html = render(r.text);
    expect(html).toMatch(/^<h1>Team A – production<\/h1>/);
    for (const id of ids) expect(html).toContain(`<code>${id}</code>`);
  });

  it('answers an interchange document with the same document as the equivalent compact list', async () => {
    const catalogue = createCatalogue(built);
    const meta = { name: 'Shared list', description: 'Approved by the board.', organisation: 'Org', owner: 'Ops' };
    const doc = exportServiceList(catalogue, ids.slice(0, 5), meta, {
      today: '2026-05-15',
      schemaUrl: built.serviceListSchemaUrl,
    });
    const fromDoc = await post(doc);
    const fromCompact = await post({ ...meta, approvedServiceIds: ids.slice(0, 5) });
    expect(fromDoc.status).toBe(200);
    expect(fromDoc.text).toBe(fromCompact.text);
    expect(fromDoc.text).toContain('| Owner | Ops |');
  });

  it('carries interchange statuses into the document', async () => {
    const catalogue = createCatalogue(built);
    const doc = exportServiceList(
      catalogue,
      [ids[0]!],
      { name: 'S' },
      { today: '2026-05-15', schemaUrl: built.serviceListSchemaUrl, statuses: { [ids[0]!]: 'restricted' } },
    );
    const r = await post(doc, { accept: 'application/json' });
    expect(r.json.services[0]).toMatchObject({ id: ids[0], status: 'restricted' });
    expect(r.json.markdown).toMatch(/\| restricted \|/);
  });

  it('answers JSON with the resolved services (lifecycle included) when Accept prefers it', async () => {
    const retired = built.services.filter((s) => s.lifecycle);
    const r = await post(
      { name: 'x', approvedServiceIds: [...ids.slice(0, 3), ...retired.map((s) => s.id)] },
      { accept: 'text/markdown;q=0.5, application/json' },
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('vary')).toMatch(/Accept/);
    expect(r.json).toMatchObject({
      filename: 'x.md',
      markdown: expect.stringMatching(/^# x\n/),
      unknownServiceIds: [],
    });
    for (const s of retired) expect(r.json.services.find((x: any) => x.id === s.id).lifecycle).toEqual(s.lifecycle);
    if (retired.length) expect(r.json.markdown).toContain('## Lifecycle warnings');
    // Without a preference for JSON, markdown.
    for (const accept of ['*/*', 'text/markdown, application/json', 'text/*, application/json;q=0.9']) {
      expect(
        (await post({ name: 'x', approvedServiceIds: ids.slice(0, 1) }, { accept })).headers.get('content-type'),
      ).toMatch(/^text\/markdown/);
    }
  });

  it('warns about previews too, and about a successor that is changing itself', async () => {
    const byId = new Map(built.services.map((s) => [s.id, s]));
    const moving = built.services.find((s) => {
      const next = s.lifecycle?.successorSlug ? byId.get(s.lifecycle.successorSlug) : undefined;
      return next?.lifecycle !== undefined;
    })!;
    const next = byId.get(moving.lifecycle!.successorSlug!)!;
    const preview = built.services.find((s) => s.lifecycle?.status === 'preview')!;
    const r = await post({ name: 'x', approvedServiceIds: [moving.id, preview.id] });
    const warnings = r.text.split('## Lifecycle warnings')[1]!.split('\n## ')[0]!;
    expect(warnings).toContain(`Successor: ${next.name} (\`${next.id}\`), itself **${next.lifecycle!.status}**`);
    expect(warnings).toContain(`(\`${preview.id}\`) is **preview**`);
  });

  it('escapes hostile text so it cannot add structure, links or HTML', async () => {
    const hostile = 'A | B `x` <script>alert(1)</script> [x](javascript:alert(1))\n# owned\n- item';
    const r = await post({
      name: hostile,
      description: hostile,
      organisation: hostile,
      owner: hostile,
      approvedServiceIds: ids.slice(0, 2),
    });
    expect(r.status).toBe(200);
    const html = render(r.text);
    expect(html).not.toMatch(/<script|<a href="javascript|<h1>[^<]*<\/h1>[\s\S]*<h1>/);
    expect(html).not.toContain('<li>item');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+\.md"$/);
  });

  it('lists unknown ids in the document and in X-Unknown-Services, and refuses a list with no known id', async () => {
    const r = await post({ name: 'x', approvedServiceIds: [ids[0]!, 'aws-not-a-service'] });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-unknown-services')).toBe('"aws-not-a-service"');
    expect(r.headers.get('warning')).toMatch(/^299 - "1 listed service id is not in the catalogue/);
    expect(r.text).toMatch(/## Not in the catalogue[\s\S]*- aws\\-not\\-a\\-service/);
    const none = await post({ name: 'x', approvedServiceIds: ['aws-nope', 'gcp-nope'] });
    expectMutationProblem(none, 422);
    expect(none.json.unknownIds).toEqual(['aws-nope', 'gcp-nope']);
    expect(none.json.errors.map((e: any) => e.pointer)).toEqual(['/approvedServiceIds/0', '/approvedServiceIds/1']);
  });

  it('imports a document from another tool naming a provider this catalogue does not know', async () => {
    const catalogue = createCatalogue(built);
    const doc = exportServiceList(
      catalogue,
      [ids[0]!],
      { name: 'Multi-cloud' },
      { today: '2026-05-15', schemaUrl: built.serviceListSchemaUrl },
    );
    const entry = doc.providers[0]!.categories[0]!.services[0]!;
    doc.providers.push({
      id: 'oracle',
      name: 'Oracle Cloud',
      shortName: 'OCI',
      categories: [
        { id: 'compute', name: 'Compute', services: [{ ...entry, id: 'oci-compute', slug: 'oci-compute' }] },
      ],
    });
    doc.metadata.providersCovered.push('OCI');
    const r = await post(doc, { accept: 'application/json' });
    expect(r.status).toBe(200);
    expect(r.json.unknownServiceIds).toEqual(['oci-compute']);
  });

  describe('errors are problem details', () => {
    it('400 for malformed JSON', async () => expectMutationProblem(await post('{"name": '), 400));

    it('400 with JSON pointers for an invalid compact list', async () => {
      const r = await post({ name: '', approvedServiceIds: ['', 7], extra: true });
      expectMutationProblem(r, 400);
      expect(r.json.errors.map((e: any) => e.pointer).sort()).toEqual(
        ['/approvedServiceIds/0', '/approvedServiceIds/1', '/extra', '/name'].sort(),
      );
    });

    it('400 with JSON pointers for an invalid interchange document', async () => {
      const catalogue = createCatalogue(built);
      const doc: any = exportServiceList(
        catalogue,
        [ids[0]!],
        { name: 'x' },
        { today: '2026-05-15', schemaUrl: built.serviceListSchemaUrl },
      );
      doc.version = '2.0';
      doc.providers[0].categories[0].services[0].status = 'approved';
      doc.$schema = 'https://elsewhere.test/v1/schemas/service-list.schema.json';
      const r = await post(doc);
      expectMutationProblem(r, 400);
      expect(r.json.errors.map((e: any) => e.pointer).sort()).toEqual([
        '/$schema',
        '/providers/0/categories/0/services/0/status',
        '/version',
      ]);
    });

    it('400 for __proto__ keys, without polluting anything', async () => {
      const r = await post(
        '{"name":"x","approvedServiceIds":["' +
          (ids[0] ?? 'a') +
          '"],"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      );
      expectMutationProblem(r, 400);
      expect((await post({ name: 'x', approvedServiceIds: ids.slice(0, 1) })).status).toBe(200);
    });

    it('413 for a body over the limit', async () => {
      const r = await post({ name: 'x', approvedServiceIds: ids, pad: 'x'.repeat(1100 * 1024) });
      expectMutationProblem(r, 413);
    });

    it('415 for a body that is not JSON', async () => {
      const r = await post('name=x', { 'content-type': 'application/x-www-form-urlencoded' });
      expectMutationProblem(r, 415);
    });
  });

  it('is rate limited: the request past the limit gets 429 with Retry-After', async () => {
    const limited = await startServer({ RATE_LIMIT_POINTS: '2' });
    try {
      const body = { name: 'x', approvedServiceIds: ids.slice(0, 1) };
      expect((await post(body, {}, limited.url)).headers.get('x-ratelimit-remaining')).toBe('1');
      expect((await post(body, {}, limited.url)).status).toBe(200);
      const r = await post(body, {}, limited.url);
      expectMutationProblem(r, 429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });

  it('is described in the OpenAPI document: body oneOf compact or the interchange schema, markdown or JSON answer', async () => {
    const doc: any = await (await fetch(`${server.url}/v1/openapi.json`)).json();
    const op = doc.paths['/v1/export/markdown'].post;
    expect(op['x-status']).toBeUndefined();
    expect(op.requestBody.content['application/json'].schema.oneOf).toEqual([
      { $ref: '#/components/schemas/CompactApprovedList' },
      { $ref: '#/components/schemas/ServiceListV1' },
    ]);
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/markdown; charset=utf-8', 'application/json']);
    expect(doc.components.schemas.ServiceListV1.properties.$schema.const).toBe(built.serviceListSchemaUrl);
  });
});
