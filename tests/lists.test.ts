/**
 * POST /v1/lists and GET /v1/lists/{id} through the built server: both body
 * forms, unknown ids, the resolved list and its interchange document, hostile
 * ids, caching that never outlives the list. Services are discovered through
 * GET /v1/services, never assumed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateServiceList } from '../src/core/service-list.ts';
import { SavedList, SavedListSummary } from '../src/http/saved-list-contract.ts';
import { expectProblem, postJson, send } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let schemaUrl: string;
let active: { id: string; name: string; provider: string }[] = [];
let retired: { id: string; name: string; lifecycle: { status: string } }[] = [];

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_POINTS: '10000', PUBLIC_URL: 'https://catalogue.example.org' });
  active = (await send(`${server.url}/v1/services?lifecycle=active&pageSize=100`)).json.data;
  retired = (await send(`${server.url}/v1/services?lifecycle=retired&pageSize=100`)).json.data;
  schemaUrl = (await send(`${server.url}/catalogue.json`)).json?.serviceListSchemaUrl;
});
afterAll(() => server?.stop());

const save = (body: unknown) => postJson(`${server.url}/v1/lists`, body);
const fetchList = (id: string) => send(`${server.url}/v1/lists/${id}`);

describe('POST /v1/lists', () => {
  it('saves a compact list: 201, the record, Location and a shareable URL', async () => {
    const ids = active.slice(0, 3).map((s) => s.id);
    const r = await save({
      name: 'Production',
      description: 'Reviewed <b>monthly</b>',
      organisation: 'Platform',
      owner: 'cloud-team',
      approvedServiceIds: ids,
    });
    expect(r.status).toBe(201);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-ratelimit-limit')).toBe('10000');
    const record = SavedListSummary.parse(r.json);
    expect(record.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(r.headers.get('location')).toBe(`/v1/lists/${record.id}`);
    expect(record.url).toBe(`https://catalogue.example.org/lists/${record.id}`);
    expect(record).toMatchObject({
      name: 'Production',
      description: 'Reviewed <b>monthly</b>',
      organisation: 'Platform',
      owner: 'cloud-team',
      approvedServiceIds: ids,
      unknownServiceIds: [],
    });
    expect(Date.parse(record.expiresAt) - Date.parse(record.createdAt)).toBe(90 * 86_400_000);
    expect(Math.abs(Date.parse(record.createdAt) - Date.now())).toBeLessThan(60_000);
  });

  it('without PUBLIC_URL, links to the origin the request came to (so a server on another port shares working links)', async () => {
    const local = await startServer();
    try {
      const r = await postJson(`${local.url}/v1/lists`, { name: 'Local', approvedServiceIds: [active[0]!.id] });
      expect(r.status).toBe(201);
      expect(r.json.url).toBe(`${local.url}/lists/${r.json.id}`);
      expect((await send(r.json.url)).status).toBe(200);
    } finally {
      await local.stop();
    }
  });

  it('gives every list a different unguessable id', async () => {
    const body = { name: 'Same', approvedServiceIds: [active[0]!.id] };
    const ids = await Promise.all(Array.from({ length: 20 }, async () => (await save(body)).json.id as string));
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) expect(Buffer.from(id, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('refuses unknown ids in the compact form with 422 naming them', async () => {
    const r = await save({ name: 'Typos', approvedServiceIds: [active[0]!.id, 'aws-no-such-service'] });
    const p = expectProblem(r, 422);
    expect(p.type).toBe('/problems/unknown-services');
    expect(p.unknownIds).toEqual(['aws-no-such-service']);
    expect(p.errors).toEqual([
      expect.objectContaining({ pointer: '/approvedServiceIds/1', value: 'aws-no-such-service' }),
    ]);
  });

  it('answers ids that are not even id-shaped (markup, spaces) the same way: 422 naming them, as the policy endpoints do', async () => {
    const hostile = '<script>alert(1)</script>';
    const r = await save({ name: 'Hostile', approvedServiceIds: [active[0]!.id, hostile] });
    expect(expectProblem(r, 422).unknownIds).toEqual([hostile]);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('keeps and reports unknown ids in an interchange document from another tool', async () => {
    const known = active[0]!;
    const doc = (
      await send(`${server.url}/v1/lists/${(await save({ name: 'Source', approvedServiceIds: [known.id] })).json.id}`)
    ).json.document;
    const category = doc.providers[0].categories[0];
    category.services.push({
      ...category.services[0],
      id: `${known.provider}-from-another-tool`,
      slug: `${known.provider}-from-another-tool`,
      status: 'restricted',
    });
    doc.metadata.name = 'Imported';
    delete doc.metadata.catalogListId;
    const r = await save(doc);
    expect(r.status).toBe(201);
    expect(r.json.approvedServiceIds).toEqual([known.id, `${known.provider}-from-another-tool`]);
    expect(r.json.unknownServiceIds).toEqual([`${known.provider}-from-another-tool`]);
    const got = await fetchList(r.json.id);
    expect(got.json.unknownServiceIds).toEqual([`${known.provider}-from-another-tool`]);
    expect(got.json.services.map((s: any) => s.id)).toEqual([known.id]);
  });

  it('keeps the governance status of an interchange document', async () => {
    const [a, b] = active;
    const doc = (await fetchList((await save({ name: 'Statuses', approvedServiceIds: [a!.id, b!.id] })).json.id)).json
      .document;
    const entries = doc.providers.flatMap((p: any) => p.categories.flatMap((c: any) => c.services));
    entries.find((e: any) => e.id === b!.id).status = 'disabled';
    delete doc.metadata.catalogListId;
    const again = await fetchList((await save(doc)).json.id);
    const back = again.json.document.providers.flatMap((p: any) => p.categories.flatMap((c: any) => c.services));
    expect(Object.fromEntries(back.map((e: any) => [e.id, e.status]))).toEqual({
      [a!.id]: 'enabled',
      [b!.id]: 'disabled',
    });
  });

  it('approves what the list approves: a service it marks disabled, known or not, is listed in statuses, not approved', async () => {
    const [a, b, c] = active;
    const saved = await save({
      name: 'Governed',
      approvedServiceIds: [a!.id, b!.id, c!.id],
      statuses: { [b!.id]: 'disabled', [c!.id]: 'restricted' },
    });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({
      approvedServiceIds: [a!.id, c!.id],
      statuses: { [b!.id]: 'disabled', [c!.id]: 'restricted' },
    });
    const got = await fetchList(saved.json.id);
    expect(SavedList.parse(got.json).approvedServiceIds).toEqual([a!.id, c!.id]);
    expect(got.json.services.map((s: any) => s.id)).toEqual([a!.id, c!.id]);
    const entries = got.json.document.providers.flatMap((p: any) => p.categories.flatMap((x: any) => x.services));
    expect(Object.fromEntries(entries.map((e: any) => [e.id, e.status]))).toEqual({
      [a!.id]: 'enabled',
      [b!.id]: 'disabled',
      [c!.id]: 'restricted',
    });
    // A document from another tool disabling a service this catalogue does not know: still not approved.
    const doc = got.json.document;
    const category = doc.providers[0].categories[0];
    category.services.push({ ...category.services[0], id: 'aws-made-up', slug: 'aws-made-up', status: 'disabled' });
    delete doc.metadata.catalogListId;
    const other = await save(doc);
    expect(other.status).toBe(201);
    expect(other.json.approvedServiceIds).not.toContain('aws-made-up');
    expect(other.json.unknownServiceIds).toEqual(['aws-made-up']);
    expect(other.json.statuses).toMatchObject({ 'aws-made-up': 'disabled' });
    // The answer says what the importer did not know, as the site's import does.
    expect(other.json.notes).toEqual([expect.stringContaining('"aws-made-up"')]);
    expect(saved.json).not.toHaveProperty('notes');
  });

  it('takes back the interchange document of a list of every service, as the site writes it (indented)', async () => {
    const all: string[] = [];
    for (let page = 1; ; page++) {
      const r = (await send(`${server.url}/v1/services?pageSize=100&page=${page}`)).json;
      all.push(...r.data.map((x: any) => x.id));
      if (page >= r.totalPages) break;
    }
    const doc = (await fetchList((await save({ name: 'Everything', approvedServiceIds: all })).json.id)).json.document;
    delete doc.metadata.catalogListId;
    const text = JSON.stringify(doc, null, 2);
    expect(text.length).toBeGreaterThan(256 * 1024);
    const r = await send(`${server.url}/v1/lists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    });
    expect(r.status).toBe(201);
    expect(r.json.approvedServiceIds).toHaveLength(all.length);
  });

  it.each([
    ['no name', { approvedServiceIds: ['aws-s3'] }, '/name'],
    ['empty list', { name: 'x', approvedServiceIds: [] }, '/approvedServiceIds'],
    ['non-string id', { name: 'x', approvedServiceIds: [42] }, '/approvedServiceIds/0'],
    ['unknown field', { name: 'x', approvedServiceIds: ['aws-s3'], colour: 'red' }, '/colour'],
    [
      'document with the wrong $schema',
      {
        $schema: 'https://elsewhere.example/schema.json',
        version: '1.0',
        metadata: { name: 'x', lastUpdated: '2026-01-01', providersCovered: [] },
        providers: [],
      },
      '/$schema',
    ],
  ])('answers 400 with pointers for %s', async (_label, body, pointer) => {
    const p = expectProblem(await save(body), 400);
    expect(p.errors.map((e: any) => e.pointer)).toContain(pointer);
  });

  it('says a name is too long, not that it is no string', async () => {
    const p = expectProblem(await save({ name: 'n'.repeat(201), approvedServiceIds: ['aws-s3'] }), 400);
    expect(p.errors).toContainEqual({ pointer: '/name', message: 'at most 200 characters' });
  });

  it('names the limit of each text field in the same words', async () => {
    const p = expectProblem(
      await save({
        name: 'n',
        description: 'd'.repeat(2001),
        organisation: 'o'.repeat(201),
        owner: 'w'.repeat(201),
        approvedServiceIds: ['aws-s3'],
      }),
      400,
    );
    expect(p.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/description', message: 'at most 2000 characters' },
        { pointer: '/organisation', message: 'at most 200 characters' },
        { pointer: '/owner', message: 'at most 200 characters' },
      ]),
    );
  });

  it('names an unknown field of 20,000 characters by its first 64 and its length, not in full', async () => {
    const key = 'k'.repeat(20_000);
    // A key the client chose inside the document (an equivalents cloud) is part of the error's pointer, too.
    const saved = (await save({ name: 'x', approvedServiceIds: [active[0]!.id] })).json;
    const doc = (await fetchList(saved.id)).json.document;
    doc.providers[0].categories[0].services[0].equivalents = { [key]: 42 };
    for (const body of [
      { name: 'x', approvedServiceIds: ['aws-s3'], [key]: 1 },
      { $schema: 'x', version: '1.0', metadata: { name: 'x', [key]: 1 }, providers: [] },
      doc,
    ]) {
      const r = await save(body);
      const p = expectProblem(r, 400);
      expect(r.text.length).toBeLessThan(4000);
      expect(JSON.stringify(p.errors)).toContain(`${'k'.repeat(64)}… (20000 characters)`);
    }
  });
});

describe('GET /v1/lists/{id}', () => {
  it('answers the list resolved against the catalogue, with lifecycle, and its interchange document', async () => {
    const ids = [active[0]!.id, ...retired.slice(0, 1).map((s) => s.id), active[1]!.id];
    const saved = (await save({ name: 'Resolved <script>', approvedServiceIds: ids })).json;
    const r = await fetchList(saved.id);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const list = SavedList.parse(r.json);
    expect(list).toMatchObject({
      id: saved.id,
      url: saved.url,
      createdAt: saved.createdAt,
      expiresAt: saved.expiresAt,
      name: 'Resolved <script>',
      approvedServiceIds: ids,
      unknownServiceIds: [],
    });
    expect(list.services.map((s) => s.id)).toEqual(ids);
    for (const s of retired.slice(0, 1))
      expect(list.services.find((x) => x.id === s.id)?.lifecycle).toEqual(s.lifecycle);
    for (const s of list.services.filter((x) => !retired.some((y) => y.id === x.id)))
      expect(s).not.toHaveProperty('lifecycle');
    expect(schemaUrl).toMatch(/^https?:\/\/.+\/v1\/schemas\/service-list\.schema\.json$/);
    expect(list.document.$schema).toBe(schemaUrl);
    const checked = validateServiceList(list.document, schemaUrl);
    expect(checked.valid ? [] : checked.errors).toEqual([]);
    expect(list.document.metadata).toMatchObject({
      name: 'Resolved <script>',
      catalogListId: saved.id,
      lastUpdated: saved.createdAt.slice(0, 10),
    });
    const documented = list.document.providers.flatMap((p) => p.categories.flatMap((c) => c.services.map((s) => s.id)));
    expect(documented.sort()).toEqual([...ids].sort());
  });

  it('may be cached, for at most 5 minutes at the edge (never past the expiry, 90 days away)', async () => {
    const saved = (await save({ name: 'Cache', approvedServiceIds: [active[0]!.id] })).json;
    const r = await fetchList(saved.id);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    expect(r.headers.get('etag')).toBeTruthy();
    const again = await fetch(`${server.url}/v1/lists/${saved.id}`, {
      headers: { 'if-none-match': r.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    // As the API description says, for the list and its lifecycle alike.
    const lifecycle = await send(`${server.url}/v1/lists/${saved.id}/lifecycle`);
    const revalidated = await fetch(`${server.url}/v1/lists/${saved.id}/lifecycle`, {
      headers: { 'if-none-match': lifecycle.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    const paths = (await send(`${server.url}/v1/openapi.json`)).json.paths;
    for (const path of ['/v1/lists/{id}', '/v1/lists/{id}/lifecycle']) {
      expect(Object.keys(paths[path].get.responses)).toContain('304');
      expect(Object.keys(paths[path].get.responses['200'].headers)).toEqual(
        expect.arrayContaining(['ETag', 'Cache-Control']),
      );
    }
  });

  it.each([
    ['an unknown id', 'AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a short id', 'abc'],
    ['a 600-character id', 'x'.repeat(600)],
    ['an operator object', encodeURIComponent('{"$ne":null}')],
    ['a path traversal', encodeURIComponent('../../v1/health')],
    ['markup', encodeURIComponent('<script>alert(1)</script>')],
    ['unicode', encodeURIComponent('ñ🙂ñ🙂ñ🙂ñ🙂ñ🙂ñ🙂ñ🙂ñ🙂ñ🙂ñ🙂ñ🙂ñ🙂')],
    ['a broken escape', '%E0%A4%A'],
  ])('answers 404 problem for %s, never echoing it', async (_label, id) => {
    const r = await fetchList(id);
    const p = expectProblem(r, 404);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(p.detail).not.toContain('<script>');
  });
});
