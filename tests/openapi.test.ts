/** /v1/openapi.json: a valid OpenAPI 3.1 document that describes the whole contract. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsHeaders } from '../src/http/headers.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let doc: any;

beforeAll(async () => {
  server = await startServer();
  doc = await (await fetch(`${server.url}/v1/openapi.json`)).json();
});
afterAll(() => server?.stop());

describe('GET /v1/openapi.json', () => {
  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is API version 1.5.0 with no security schemes', () => {
    expect(doc.info.version).toBe('1.5.0');
    // The one place a wrong method's answer can be described: no operation exists for that method.
    expect(doc.info.description).toMatch(/405 with the methods it takes in `Allow`/);
    expect(doc.components.securitySchemes).toBeUndefined();
    expect(doc.security).toBeUndefined();
    for (const item of Object.values<any>(doc.paths))
      for (const op of Object.values<any>(item)) expect(op.security).toBeUndefined();
  });

  it('names every header the API lets browsers read', () => {
    const exposed = corsHeaders['access-control-expose-headers']!.split(',').map((h) => h.trim());
    const text = JSON.stringify(doc);
    for (const header of exposed) expect(text, header).toContain(header);
  });

  it('documents X-Request-Id on every answer, with the pattern of the ids the server keeps', async () => {
    for (const [path, item] of Object.entries<any>(doc.paths))
      for (const [method, op] of Object.entries<any>(item))
        for (const [status, r] of Object.entries<any>(op.responses))
          expect(r.headers?.['X-Request-Id'], `${method} ${path} ${status}`).toEqual({
            $ref: '#/components/headers/RequestId',
          });
    const kept = new RegExp(doc.components.headers.RequestId.schema.pattern);
    const proxyId = 'edge-7f3a:req.42@lb_1';
    expect(kept.test(proxyId)).toBe(true);
    const sent = await fetch(`${server.url}/v1/categories`, { headers: { 'x-request-id': proxyId } });
    expect(sent.headers.get('x-request-id')).toBe(proxyId);
    for (const refused of ['has space', 'a"quote', 'x'.repeat(129)]) {
      expect(kept.test(refused), refused).toBe(false);
      const r = await fetch(`${server.url}/v1/categories`, { headers: { 'x-request-id': refused } });
      expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      expect(kept.test(r.headers.get('x-request-id')!)).toBe(true);
    }
  });

  it('describes every endpoint the service offers and none of the removed ones', () => {
    const want = [
      'get /v1/providers',
      'get /v1/categories',
      'get /v1/services',
      'get /v1/services/{slug}',
      'get /v1/compare',
      'post /v1/policies/aws-scp',
      'post /v1/policies/azure-policy',
      'post /v1/policies/gcp-org-policy',
      'post /v1/export/markdown',
      'post /v1/lists',
      'get /v1/lists/{id}',
      'post /v1/feedback',
      'get /v1/health',
      'get /v1/health/live',
      'get /v1/status',
      'get /v1/status/history',
      'get /v1/openapi.json',
      'get /v1/lifecycle',
      'get /v1/lists/{id}/lifecycle',
    ];
    const have = Object.entries<any>(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m} ${p}`));
    for (const op of want) expect(have).toContain(op);
    expect(have.filter((op) => /\/v1\/(auth|analytics)/.test(op) || op === 'get /v1/feedback')).toEqual([]);
  });

  it('has a ServiceLifecycle schema referenced from Service and ServiceDetail', () => {
    const { schemas } = doc.components;
    expect(schemas.ServiceLifecycle.required).toEqual(['status']);
    expect(schemas.ServiceLifecycle.properties.status.enum).toEqual(['preview', 'deprecated', 'sunset', 'retired']);
    expect(Object.keys(schemas.ServiceLifecycle.properties).sort()).toEqual([
      'announcementUrl',
      'gaTarget',
      'note',
      'status',
      'successorSlug',
      'sunsetDate',
    ]);
    for (const name of ['Service', 'ServiceDetail'])
      expect(schemas[name].properties.lifecycle.$ref).toBe('#/components/schemas/ServiceLifecycle');
  });

  it('describes the query parameters the service accepts, from the same zod schema', async () => {
    const params = doc.paths['/v1/services'].get.parameters.map((p: any) => p.name).sort();
    expect(params).toEqual([
      'category',
      'explain',
      'freeTier',
      'lifecycle',
      'page',
      'pageSize',
      'provider',
      'q',
      'sort',
    ]);
    const sort = doc.paths['/v1/services'].get.parameters.find((p: any) => p.name === 'sort');
    expect(sort.schema.enum).toContain('relevance');
    expect(sort.schema.default).toBeUndefined(); // relevance with q, name without: no single default
    // Results carry score and matches only with explain=true: optional in the schema.
    const result = doc.components.schemas.ServiceResult;
    expect(Object.keys(result.properties)).toEqual(expect.arrayContaining(['score', 'matches']));
    expect(result.required).not.toContain('score');
    expect(result.required).not.toContain('matches');
    const r = await fetch(`${server.url}/v1/services?notDocumented=1`);
    expect(r.status).toBe(400);
  });

  it('documents the ETag, Cache-Control and 304 of every GET, as the server answers them', async () => {
    const saved = await fetch(`${server.url}/v1/lists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cached', approvedServiceIds: ['aws-s3'] }),
    });
    const { id } = (await saved.json()) as { id: string };
    const example: Record<string, string> = {
      '/v1/services/{slug}': '/v1/services/aws-s3',
      '/v1/compare': '/v1/compare?ids=aws-s3,gcp-cloud-storage',
      '/v1/lists/{id}': `/v1/lists/${id}`,
      '/v1/lists/{id}/lifecycle': `/v1/lists/${id}/lifecycle`,
    };
    const gets = Object.entries<any>(doc.paths).filter(([, item]) => item.get);
    expect(gets.length).toBeGreaterThan(10);
    // Probes measured at each request: their answer, and so their ETag, changes whenever what they measure does.
    const measured = ['/v1/health', '/v1/health/live', '/v1/status', '/v1/status/history'];
    // Health and status say so where their ETag is described, since a client revalidating them seldom gets a 304.
    for (const path of ['/v1/health', '/v1/status'])
      expect(doc.paths[path].get.responses['200'].headers.ETag.description, path).toMatch(
        /changes with the measurement/,
      );
    for (const [path, item] of gets) {
      const ok = item.get.responses['200'];
      const r = await fetch(`${server.url}${example[path] ?? path}`);
      expect(r.status, path).toBe(200);
      // The Cache-Control documented is the one sent (a saved list's says how its ages are capped).
      const documented = /^`([^`]+)`/.exec(ok.headers['Cache-Control']?.description ?? '')?.[1];
      if (!path.startsWith('/v1/lists/')) expect(r.headers.get('cache-control'), path).toBe(documented);
      expect(ok.headers.ETag, path).toBeDefined();
      expect(item.get.responses['304'], path).toBeDefined();
      const etag = r.headers.get('etag');
      expect(etag, path).toBeTruthy();
      const again = await fetch(`${server.url}${example[path] ?? path}`, { headers: { 'if-none-match': etag! } });
      // Asked again with its ETag: 304, or (a probe whose measure moved) a 200 with another ETag, never the same one.
      if (measured.includes(path) && again.status === 200) expect(again.headers.get('etag'), path).not.toBe(etag);
      else expect(again.status, path).toBe(304);
    }
  });

  it('says in the request schemas what the server refuses: an approved list names each service once', () => {
    const requests = ['ApprovedServicesRequest', 'CompactApprovedList'];
    for (const name of requests)
      expect(doc.components.schemas[name].properties.approvedServiceIds.uniqueItems, name).toBe(true);
  });

  it('declares in the Problem schema every member the problems of a policy endpoint carry', async () => {
    const declared = new Set(Object.keys(doc.components.schemas.Problem.properties));
    const awsIds: string[] = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const res = await (await fetch(`${server.url}/v1/services?provider=aws&pageSize=100&page=${page}`)).json();
      awsIds.push(...res.data.map((s: { id: string }) => s.id));
      pages = res.totalPages;
    }
    const bodies = [
      { approvedServiceIds: ['aws-s3', 'no-such-service'] }, // unknown-services
      { approvedServiceIds: ['azure-storage'] }, // empty-cloud
      { approvedServiceIds: awsIds }, // policy-too-large at the default quota
    ];
    const types = [];
    for (const body of bodies) {
      const r = await fetch(`${server.url}/v1/policies/aws-scp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const problem = await r.json();
      types.push(problem.type);
      expect(
        Object.keys(problem).filter((k) => !declared.has(k)),
        problem.type,
      ).toEqual([]);
    }
    expect(types).toEqual(['/problems/unknown-services', '/problems/empty-cloud', '/problems/policy-too-large']);
  });

  it('documents problem details and rate-limit headers on mutations', () => {
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!item.post) continue;
      expect(item.post.responses['429'], path).toBeDefined();
      expect(item.post.responses['415'], path).toBeDefined();
      expect(item.post.responses['429'].content['application/problem+json']).toBeDefined();
      // A limiter or store that does not answer: every POST says so, with when to try again.
      expect(item.post.responses['503']?.content['application/problem+json'], path).toBeDefined();
      expect(item.post.responses['503'].headers['Retry-After'], path).toBeDefined();
    }
  });
});
