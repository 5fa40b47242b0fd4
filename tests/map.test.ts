/**
 * The cross-cloud map over HTTP against the built server: GET /v1/map matches
 * its OpenAPI-registered schema and the catalogue's equivalents, /map.csv and
 * /map.md are the same rows, with the catalogue's cache and CORS headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapabilityMap } from '../src/core/map.ts';
import type { BuiltCatalogueData } from '../src/core/catalogue.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let map: CapabilityMap;
let data: BuiltCatalogueData;
const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);

beforeAll(async () => {
  server = await startServer();
  data = (await (await get('/catalogue.json')).json()) as BuiltCatalogueData;
});
afterAll(() => server?.stop());

describe('GET /v1/map', () => {
  it('answers the map with the catalogue headers, valid against its schema', async () => {
    const r = await get('/v1/map');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    const etag = r.headers.get('etag');
    expect(etag).toBeTruthy();
    map = CapabilityMap.parse(await r.json());
    expect((await get('/v1/map', { headers: { 'if-none-match': etag! } })).status).toBe(304);
  });

  it('places every service in at least one row, and only direct equivalents side by side', () => {
    const byId = new Map(data.services.map((s) => [s.id, s]));
    const placed = new Set(
      map.data.flatMap((r) =>
        Object.values(r.cells)
          .flat()
          .map((s) => s.id),
      ),
    );
    expect([...byId.keys()].filter((id) => !placed.has(id))).toEqual([]);
    const peers = (id: string) =>
      Object.values(byId.get(id)!.equivalents).flatMap((v) => (typeof v === 'string' ? [v] : v));
    for (const row of map.data) {
      const members = Object.entries(row.cells).flatMap(([p, ss]) => ss.map((s) => ({ p, id: s.id })));
      for (const a of members)
        for (const b of members) if (a.p !== b.p) expect(peers(a.id), `${row.id}: ${a.id} ~ ${b.id}`).toContain(b.id);
      expect(row.singleCloud).toBe(Object.values(row.cells).filter((c) => c.length).length === 1);
    }
    expect(new Set(map.data.map((r) => r.id)).size).toBe(map.data.length);
    expect(map.providers.map((p) => p.id)).toEqual(data.providers.map((p) => p.id));
  });

  it('is documented in the OpenAPI document with its schema', async () => {
    const doc = (await (await get('/v1/openapi.json')).json()) as any;
    const op = doc.paths['/v1/map']?.get;
    expect(op?.operationId).toBe('getCapabilityMap');
    expect(op.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/CapabilityMap');
    expect(doc.components.schemas.MapRow.required).toEqual(
      expect.arrayContaining(['id', 'name', 'category', 'cells', 'singleCloud']),
    );
  });
});

describe('/map.csv and /map.md', () => {
  it('serves the same rows as CSV (header + one line per row, CRLF)', async () => {
    const r = await get('/map.csv');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await r.text();
    expect(text.startsWith('Category,Capability,AWS,Azure,Google Cloud,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    // Names never contain line breaks in this catalogue, so each record is one CRLF line.
    expect(text.split('\r\n').length - 2).toBe(map.data.length);
    const first = map.data[0]!;
    expect(text).toContain(first.cells.aws?.[0]?.id ?? Object.values(first.cells).flat()[0]!.id);
  });

  it('serves a markdown document with a table per category', async () => {
    const r = await get('/map.md');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await r.text();
    expect(text.startsWith('# Cross-cloud service map')).toBe(true);
    expect(text.match(/^## /gm)?.length).toBe(map.categories.length);
    expect(text.match(/^\| (?!Capability \|)/gm)?.length).toBe(map.data.length);
  });
});

describe('map row names and compare suggestions, on the real catalogue', () => {
  it('never gives two rows of the map the same name', () => {
    const names = map.data.map((r) => r.name.toLowerCase());
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('suggests an equivalent of every compared service, not only of the first, on /compare', async () => {
    const live = (ids: string[] | string | undefined) =>
      [ids ?? []].flat().filter((id) => data.services.find((s) => s.id === id)?.lifecycle?.status !== 'retired');
    const equivalents = (s: BuiltCatalogueData['services'][number]) => Object.values(s.equivalents).flatMap(live);
    // The service with the most live equivalents fills the six suggestions on its own.
    const busy = [...data.services].sort((a, b) => equivalents(b).length - equivalents(a).length)[0]!;
    expect(equivalents(busy).length).toBeGreaterThan(6);
    const other = data.services.find(
      (s) =>
        s.id !== busy.id &&
        !s.lifecycle &&
        equivalents(s).length > 0 &&
        !equivalents(s).includes(busy.id) &&
        equivalents(s).every((id) => !equivalents(busy).includes(id)),
    )!;
    const html = await (await get(`/compare?ids=${busy.id},${other.id}`)).text();
    const suggestions = html.match(/<p class="suggestions"[\s\S]*?<\/p>/)?.[0] ?? '';
    expect(suggestions, 'the second service has an equivalent among the suggestions').toMatch(
      new RegExp(`ids=${busy.id},${other.id},${equivalents(other)[0]}"`),
    );
  });
});
