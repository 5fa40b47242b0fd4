/**
 * `npm start` answers the on-demand API from its route table
 * (src/server/api-routes.ts) without Astro; `astro dev` and serverless hosts
 * answer it through the Astro routes under src/pages/v1/. This test proves
 * the two cannot drift: the table names exactly the on-demand Astro routes,
 * and one built service started twice over the same store, once with direct
 * dispatch and once with API_THROUGH_ASTRO=1 (the switch exists for this
 * test), gives the same status, headers and body for every endpoint, method
 * and error: bad queries, unknown ids, 304, HEAD, wrong methods and media
 * types, oversized and malformed bodies.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/server.ts';

/** Header lines that say how or when an answer was sent, not what it is, and the request id every answer gets. */
const TRANSPORT = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'age',
  'x-request-id',
]);
/** Values that differ between two processes by design: clocks, generated ids, the rate-limit window. */
const VOLATILE_KEYS = new Set([
  'checkedAt',
  'startedAt',
  'at',
  'latencyMs',
  'uptimeSeconds',
  'id',
  'createdAt',
  'expiresAt',
  'receivedAt',
  'url',
]);

interface Case {
  name: string;
  path: string;
  init?: RequestInit;
  /** The answer carries clocks or generated ids: compare its shape with those values masked, and no ETag. */
  volatile?: boolean;
}

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

function mask(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(mask);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, VOLATILE_KEYS.has(k) && v !== null ? '<masked>' : mask(v)]),
    );
  return value;
}

async function ask(base: string, c: Case): Promise<Seen> {
  // identity: the answers of the two hosts are compared, not the gzipped copies the answer cache in front makes.
  const headers0 = { 'accept-encoding': 'identity', ...(c.init?.headers as Record<string, string> | undefined) };
  const r = await fetch(base + c.path, { redirect: 'manual', ...c.init, headers: headers0 });
  // Astro's redirect page names the address the request came to, which differs between the two servers.
  const text = (await r.text()).replace(/\/\/127\.0\.0\.1:\d+/g, '//<server>');
  const headers: Record<string, string> = {};
  for (const [k, v] of r.headers) if (!TRANSPORT.has(k)) headers[k] = v;
  if (c.volatile) {
    for (const k of ['etag', 'location', 'x-ratelimit-reset']) if (k in headers) headers[k] = '<masked>';
    let body: unknown = text;
    try {
      body = mask(JSON.parse(text));
    } catch {
      // not JSON: compared as text
    }
    return { status: r.status, headers, body };
  }
  if ('x-ratelimit-reset' in headers) headers['x-ratelimit-reset'] = '<masked>';
  return { status: r.status, headers, body: text };
}

/** The on-demand routes under src/pages/v1 (prerender = false), as Astro names them; the catch-all aside. */
function onDemandAstroRoutes(): string[] {
  const root = 'src/pages';
  return readdirSync(join(root, 'v1'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => /export const prerender = false/.test(readFileSync(file, 'utf8')))
    .map((file) => '/' + relative(root, file).split(sep).join('/').replace(/\.ts$/, ''))
    .filter((route) => route !== '/v1/[...rest]')
    .sort();
}

describe('the route table of npm start and the Astro routes', () => {
  let direct: RunningServer;
  let astro: RunningServer;

  beforeAll(async () => {
    const env = { PUBLIC_URL: 'http://catalogue.test', MAX_BODY_BYTES: '20000', RATE_LIMIT_POINTS: '1000' };
    direct = await startServer(env);
    astro = await startServer({ ...env, API_THROUGH_ASTRO: '1' }, { dataDir: direct.dataDir });
  });
  afterAll(async () => {
    await astro?.stop();
    await direct?.stop();
  });

  it('name the same endpoints', async () => {
    const source = readFileSync('src/server/api-routes.ts', 'utf8');
    const table = [...source.matchAll(/^ {2}'(\/v1\/[^']+)': /gm)].map((m) => m[1]).sort();
    expect(table.length).toBeGreaterThan(10);
    expect(table).toEqual(onDemandAstroRoutes());
  });

  it('give the same answers, successes and errors alike', async () => {
    const page = (await (await fetch(`${direct.url}/v1/services?pageSize=3&provider=aws`)).json()) as {
      data: { id: string }[];
    };
    const ids = page.data.map((s) => s.id);
    expect(ids).toHaveLength(3);
    // Saved on both servers, so each has charged one POST to the client's rate limit before the cases.
    const save = (base: string) =>
      fetch(`${base}/v1/lists`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Parity', approvedServiceIds: ids }),
      });
    const saved = await save(direct.url);
    expect(saved.status).toBe(201);
    expect((await save(astro.url)).status).toBe(201);
    const listId = ((await saved.json()) as { id: string }).id;
    const listEtag = (await fetch(`${direct.url}/v1/lists/${listId}`)).headers.get('etag')!;
    const searchEtag = (await fetch(`${direct.url}/v1/services?q=database&pageSize=4`)).headers.get('etag')!;
    expect(listEtag).toBeTruthy();
    expect(searchEtag).toMatch(/^W\//);

    const json = (body: unknown): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const list = { name: 'Parity', approvedServiceIds: ids };
    const cases: Case[] = [
      { name: 'search', path: '/v1/services?q=storage&pageSize=5' },
      { name: 'search, page 2', path: '/v1/services?q=storage&pageSize=5&page=2' },
      { name: 'filters', path: '/v1/services?provider=gcp&lifecycle=ga&pageSize=7' },
      { name: 'search explained', path: '/v1/services?q=kubernetes&explain=true&pageSize=2' },
      {
        name: 'search, 304',
        path: '/v1/services?q=database&pageSize=4',
        init: { headers: { 'if-none-match': searchEtag } },
      },
      {
        name: 'search, stale ETag',
        path: '/v1/services?q=database&pageSize=4',
        init: { headers: { 'if-none-match': 'W/"old"' } },
      },
      { name: 'search, HEAD', path: '/v1/services?q=queue&pageSize=3', init: { method: 'HEAD' } },
      { name: 'search, percent-encoded path', path: '/v1/%73ervices?q=dns' },
      { name: 'search, bad page size', path: '/v1/services?pageSize=abc' },
      { name: 'search, unknown parameter', path: '/v1/services?colour=blue' },
      { name: 'search, POST', path: '/v1/services', init: json({}) },
      { name: 'search, trailing slash', path: '/v1/services/' },
      { name: 'compare', path: `/v1/compare?ids=${ids.join(',')}` },
      { name: 'compare, HEAD', path: `/v1/compare?ids=${ids[0]}`, init: { method: 'HEAD' } },
      { name: 'compare, unknown id', path: '/v1/compare?ids=no-such-service' },
      { name: 'compare, no ids', path: '/v1/compare' },
      { name: 'health', path: '/v1/health', volatile: true },
      { name: 'health, HEAD', path: '/v1/health', init: { method: 'HEAD' }, volatile: true },
      { name: 'health, POST', path: '/v1/health', init: json({}) },
      { name: 'liveness', path: '/v1/health/live', volatile: true },
      { name: 'liveness, HEAD', path: '/v1/health/live', init: { method: 'HEAD' }, volatile: true },
      { name: 'status', path: '/v1/status', volatile: true },
      { name: 'status history, bad limit', path: '/v1/status/history?limit=abc' },
      { name: 'saved list', path: `/v1/lists/${listId}` },
      { name: 'saved list, 304', path: `/v1/lists/${listId}`, init: { headers: { 'if-none-match': listEtag } } },
      { name: 'saved list, HEAD', path: `/v1/lists/${listId}`, init: { method: 'HEAD' } },
      { name: 'saved list lifecycle', path: `/v1/lists/${listId}/lifecycle`, volatile: true },
      { name: 'unknown list', path: '/v1/lists/AAAAAAAAAAAAAAAAAAAAAAAA' },
      { name: 'malformed list id', path: '/v1/lists/%E0%A4%A' },
      { name: 'save', path: '/v1/lists', init: json(list), volatile: true },
      {
        name: 'save, not JSON',
        path: '/v1/lists',
        init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' },
      },
      { name: 'save, malformed JSON', path: '/v1/lists', init: json('{"name": ') },
      { name: 'save, invalid list', path: '/v1/lists', init: json({ name: '', approvedServiceIds: [] }) },
      { name: 'save, too large', path: '/v1/lists', init: json({ name: 'x'.repeat(30000), approvedServiceIds: ids }) },
      { name: 'lists, GET', path: '/v1/lists' },
      { name: 'lists, PUT', path: '/v1/lists', init: { method: 'PUT' } },
      { name: 'AWS SCP', path: '/v1/policies/aws-scp', init: json(list) },
      { name: 'AWS SCP as Terraform', path: '/v1/policies/aws-scp?format=terraform', init: json(list) },
      { name: 'Azure Policy', path: '/v1/policies/azure-policy', init: json(list) },
      { name: 'Google Cloud policy', path: '/v1/policies/gcp-org-policy', init: json(list) },
      {
        name: 'policy, unknown ids',
        path: '/v1/policies/aws-scp',
        init: json({ name: 'x', approvedServiceIds: ['nope'] }),
      },
      { name: 'markdown', path: '/v1/export/markdown', init: json(list) },
      {
        name: 'markdown as JSON',
        path: '/v1/export/markdown',
        init: { ...json(list), headers: { 'content-type': 'application/json', accept: 'application/json' } },
      },
      { name: 'feedback', path: '/v1/feedback', init: json({ message: 'Parity check' }), volatile: true },
      { name: 'feedback, GET', path: '/v1/feedback' },
      { name: 'unknown endpoint', path: '/v1/nothing-here' },
      { name: 'unknown service', path: '/v1/services/no-such-slug' },
    ];
    // The two hosts really differ: the route table sends whole bodies with their length, Astro streams them.
    const framing = async (base: string) =>
      (await fetch(`${base}/v1/services?q=cdn`)).headers.get('content-length') ? 'length' : 'chunked';
    expect([await framing(direct.url), await framing(astro.url)]).toEqual(['length', 'chunked']);

    for (const c of cases) {
      const a = await ask(direct.url, c);
      const b = await ask(astro.url, c);
      expect(a, `${c.name}: ${c.init?.method ?? 'GET'} ${c.path}`).toEqual(b);
    }
  });
});
