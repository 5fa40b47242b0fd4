/**
 * POST /v1/policies/{aws-scp,azure-policy,gcp-org-policy} through the built
 * server: every answer is a document the provider's grammar accepts, or an
 * RFC 9457 problem naming what was wrong. Services are discovered through
 * GET /v1/services, never assumed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateScp } from './validators/aws-scp.ts';
import { validateAzurePolicyDefinition } from './validators/azure-policy.ts';
import { validateGcpPolicy } from './validators/gcp-org-policy.ts';
import { postJson } from './helpers/http.ts';
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

let server: RunningServer;
const ids: Record<Target, string[]> = { aws: [], azure: [], gcp: [] };
const allIds = () => [...ids.aws, ...ids.azure, ...ids.gcp];

async function discover(provider: Target): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const r = await fetch(`${server.url}/v1/services?provider=${provider}&pageSize=100&page=${page}`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { data: { id: string }[]; totalPages: number };
    out.push(...body.data.map((s) => s.id));
    if (page >= body.totalPages) return out;
  }
}

const post = (path: string, body: unknown, contentType = 'application/json') =>
  postJson(`${server.url}${path}`, body, { 'content-type': contentType });

/** Parses `"<id>";reason=<reason>, ...` (RFC 8941 list of strings with a token parameter). */
function omittedHeader(value: string | null): { id: string; reason: string }[] {
  if (!value) return [];
  return [...value.matchAll(/"((?:[^"\\]|\\.)*)";reason=([a-z-]+)/g)].map((m) => ({ id: m[1]!, reason: m[2]! }));
}

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_POINTS: '10000' });
  for (const t of targets) ids[t] = await discover(t);
});
afterAll(() => server?.stop());

describe.each(targets)('POST %s policy', (target) => {
  const path = endpoints[target];
  const has = () => ids[target].length > 0;

  it('turns every catalogue service into a valid document, or a too-large problem with the numbers', async (ctx) => {
    if (!allIds().length) return ctx.skip();
    const r = await post(path, { approvedServiceIds: allIds(), name: 'All services' });
    if (r.status === 422) {
      expect(r.json).toMatchObject({ type: '/problems/policy-too-large', status: 422 });
      expect(r.json.size - r.json.limit).toBe(r.json.excess);
      return;
    }
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-ratelimit-limit')).not.toBeNull();
    expect(validators[target](r.json, r.text)).toEqual([]);
    expect(r.json).not.toHaveProperty('_comment');
    const omitted = omittedHeader(r.headers.get('x-policy-omitted'));
    const others = allIds().filter((id) => !ids[target].includes(id));
    // The header is capped (6,000 characters); past the cap the warning says it lists only the first ones.
    const listed = omitted.filter((o) => o.reason === 'other-provider').map((o) => o.id);
    expect(listed.filter((id) => !others.includes(id))).toEqual([]);
    if (omitted.length) expect(r.headers.get('warning')).toMatch(/^299 - "/);
    if (listed.length < others.length) expect(r.headers.get('warning')).toMatch(/X-Policy-Omitted lists the first \d+/);
    else expect(listed.sort()).toEqual(others.sort());
  });

  it('with ?envelope=true accounts for every approved id and embeds the same document', async (ctx) => {
    if (!allIds().length) return ctx.skip();
    const approved = allIds().slice(0, 40);
    const bare = await post(path, { approvedServiceIds: approved });
    const wrapped = await post(`${path}?envelope=true`, { approvedServiceIds: approved });
    expect(wrapped.status).toBe(bare.status);
    if (bare.status !== 200) return;
    expect(wrapped.json.document).toEqual(bare.json);
    expect(wrapped.json.target).toBe(target);
    expect([...wrapped.json.included, ...wrapped.json.omitted.map((o: { id: string }) => o.id)].sort()).toEqual(
      [...approved].sort(),
    );
    expect(wrapped.json.provenance).toMatchObject({
      catalogueVersion: expect.any(String),
      generatedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('generates one service, and a document for a list with none of this cloud', async (ctx) => {
    if (!has()) return ctx.skip();
    const one = await post(path, { approvedServiceIds: [ids[target][0]] });
    expect(one.status).toBe(200);
    expect(validators[target](one.json, one.text)).toEqual([]);
    const others = allIds()
      .filter((id) => !ids[target].includes(id))
      .slice(0, 5);
    if (!others.length) return;
    const none = await post(path, { approvedServiceIds: others });
    expect(none.status).toBe(200);
    expect(validators[target](none.json, none.text)).toEqual([]);
    expect(
      omittedHeader(none.headers.get('x-policy-omitted'))
        .map((o) => o.id)
        .sort(),
    ).toEqual([...others].sort());
  });

  it('is deterministic for the same list', async (ctx) => {
    if (!has()) return ctx.skip();
    const list = ids[target].slice(0, 10);
    const a = await post(path, { approvedServiceIds: list, name: 'Same' });
    const b = await post(path, { approvedServiceIds: [...list].reverse(), name: 'Same' });
    expect(b.text).toBe(a.text);
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
    const r = await post(path, body);
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.json).toMatchObject({ type: '/problems/invalid-body', status: 400 });
    expect(JSON.stringify(r.json.errors)).toContain(pointer);
  });

  it('names duplicate and non-string values in the error messages', async () => {
    const dup = await post(path, { approvedServiceIds: ['dup-id', 'dup-id'] });
    expect(JSON.stringify(dup.json.errors)).toContain('dup-id');
    const num = await post(path, { approvedServiceIds: [42] });
    expect(JSON.stringify(num.json.errors)).toContain('42');
  });

  it('answers 422 listing unknown ids, even beside known ones', async () => {
    const unknown = ['no-such-service-a', 'no-such-service-b'];
    const r = await post(path, { approvedServiceIds: [...allIds().slice(0, 2), ...unknown] });
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({ type: '/problems/unknown-services', status: 422, unknownIds: unknown });
    expect(r.json.errors.map((e: { value: string }) => e.value)).toEqual(unknown);
  });

  it('answers 415 for a non-JSON content type and 400 for malformed JSON', async () => {
    const plain = await post(path, JSON.stringify({ approvedServiceIds: allIds().slice(0, 1) }), 'text/plain');
    expect(plain.status).toBe(415);
    expect(plain.json).toMatchObject({ type: '/problems/unsupported-media-type' });
    const broken = await post(path, '{"approvedServiceIds": [', 'application/json');
    expect(broken.status).toBe(400);
    expect(broken.json).toMatchObject({ type: '/problems/malformed-json' });
  });

  it('answers 400 for unknown or invalid query parameters', async () => {
    const r = await post(`${path}?nope=1`, { approvedServiceIds: ['x'] });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ type: '/problems/invalid-parameters' });
    expect(JSON.stringify(r.json.errors)).toContain('nope');
  });
});

describe('target-specific options', () => {
  it('AWS: the 5,120-character quota gives a policy within it or a 422 saying by how much it is over', async (ctx) => {
    if (!ids.aws.length) return ctx.skip();
    const r = await post(`${endpoints.aws}?sizeLimit=5120`, { approvedServiceIds: ids.aws });
    if (r.status === 200) expect(validateScp(r.json, { text: r.text, limit: 5120 })).toEqual([]);
    else {
      expect(r.status).toBe(422);
      expect(r.json).toMatchObject({ type: '/problems/policy-too-large', limit: 5120, unit: 'characters' });
      expect(r.json.excess).toBeGreaterThan(0);
      expect(r.json.detail).toMatch(/over/);
    }
  });

  it('AWS: essentials=none allows only the approved prefixes', async (ctx) => {
    if (!ids.aws.length) return ctx.skip();
    const withEssentials = await post(endpoints.aws, { approvedServiceIds: [ids.aws[0]] });
    const without = await post(`${endpoints.aws}?essentials=none`, { approvedServiceIds: [ids.aws[0]] });
    expect(without.status).toBe(200);
    expect(validateScp(without.json)).toEqual([]);
    const actions = (doc: any): string[] => doc.Statement[0].NotAction ?? [];
    expect(actions(withEssentials.json)).toContain('sts:*');
    expect(actions(without.json)).not.toContain('sts:*');
  });

  it('AWS: sizeLimit accepts only the two quotas', async () => {
    const r = await post(`${endpoints.aws}?sizeLimit=20000`, { approvedServiceIds: ['x'] });
    expect(r.status).toBe(400);
  });

  it('Azure: displayName from the query', async (ctx) => {
    if (!ids.azure.length) return ctx.skip();
    const r = await post(`${endpoints.azure}?displayName=${encodeURIComponent('Approved Azure services (prod)')}`, {
      approvedServiceIds: [ids.azure[0]],
    });
    expect(r.status).toBe(200);
    expect(r.json.properties.displayName).toBe('Approved Azure services (prod)');
    expect(validateAzurePolicyDefinition(r.json)).toEqual([]);
  });

  it('Google Cloud: parent from the query, validated', async (ctx) => {
    const bad = await post(`${endpoints.gcp}?parent=organizations/abc`, { approvedServiceIds: ['x'] });
    expect(bad.status).toBe(400);
    if (!ids.gcp.length) return ctx.skip();
    const r = await post(`${endpoints.gcp}?parent=organizations/123456789`, { approvedServiceIds: [ids.gcp[0]] });
    expect(r.status).toBe(200);
    expect(r.json.name).toBe('organizations/123456789/policies/gcp.restrictServiceUsage');
  });
});

describe('OpenAPI', () => {
  it('documents the three policy operations, their body, options and the omission headers', async () => {
    const doc: any = await (await fetch(`${server.url}/v1/openapi.json`)).json();
    for (const path of Object.values(endpoints)) {
      const op = doc.paths[path].post;
      expect(op['x-status']).toBeUndefined();
      expect(JSON.stringify(op.requestBody)).toContain('ApprovedServicesRequest');
      expect(op.responses['200'].headers).toHaveProperty('X-Policy-Omitted');
      expect(op.responses['422']).toBeDefined();
      expect(op.parameters.map((p: { name: string }) => p.name)).toContain('envelope');
    }
    expect(doc.components.schemas).toHaveProperty('PolicyEnvelope');
  });
});
