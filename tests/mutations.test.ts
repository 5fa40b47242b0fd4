/**
 * What every POST endpoint shares (functions/lib/mutation.ts), through the
 * built server: request hygiene (415, 413, 400 for malformed or hostile JSON,
 * no-store, CORS) and the rate limit of 10 requests per minute per client IP
 * across all of them. Each test speaks from its own loopback address
 * (127.0.0.0/8 is all local on Linux), which is its own rate-limit key.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

const endpoints: [string, unknown][] = [
  ['/v1/policies/aws-scp', { approvedServiceIds: ['aws-s3'] }],
  ['/v1/policies/azure-policy', { approvedServiceIds: ['azure-storage'] }],
  ['/v1/policies/gcp-org-policy', { approvedServiceIds: ['gcp-cloud-storage'] }],
  ['/v1/lists', { name: 'Hygiene', approvedServiceIds: ['aws-s3'] }],
  ['/v1/feedback', { message: 'Hygiene' }],
];

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: any;
}

let nextAddress = 10;
/** A fresh loopback source address: a client the limiter has not seen. */
const freshAddress = () => `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 2}`;

function request(
  base: string,
  method: string,
  path: string,
  opts: { body?: string | Buffer; headers?: Record<string, string>; from?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method, headers: opts.headers, localAddress: opts.from, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode!, headers: res.headers, json });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const post = (
  base: string,
  path: string,
  body: unknown,
  opts: { headers?: Record<string, string>; from?: string; contentType?: string } = {},
) =>
  request(base, 'POST', path, {
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': opts.contentType ?? 'application/json', ...opts.headers },
    from: opts.from ?? freshAddress(),
  });

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ MAX_BODY_BYTES: String(64 * 1024) });
});
afterAll(() => server?.stop());

describe.each(endpoints)('POST %s hygiene', (path, valid) => {
  it('answers a valid body with no-store, CORS and the rate-limit headers', async () => {
    const r = await post(server.url, path, valid);
    expect([200, 201]).toContain(r.status);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['x-ratelimit-limit']).toBe('10');
    expect(r.headers['x-ratelimit-remaining']).toBe('9');
    expect(Number(r.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    expect(Number(r.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(Date.now() / 1000 + 61);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['form data', 'application/x-www-form-urlencoded'],
    ['no content type', ''],
  ])('answers 415 for %s', async (_label, contentType) => {
    const r = await post(server.url, path, valid, { contentType });
    expectProblem(r, 415);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-ratelimit-limit']).toBe('10');
  });

  it.each([
    ['invalid JSON', '{"approvedServiceIds": ['],
    ['JSON null', 'null'],
    ['a JSON array', '[]'],
    [
      'deep nesting',
      `{"message":${'['.repeat(5000)}${']'.repeat(5000)},"approvedServiceIds":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ],
    [
      '__proto__ and constructor keys',
      '{"__proto__":{"message":"polluted","approvedServiceIds":["aws-s3"],"name":"p"},"constructor":{"prototype":{"message":"polluted"}}}',
    ],
  ])('answers 400 for %s', async (_label, body) => {
    expectProblem(await post(server.url, path, body), 400);
  });

  it('refuses a query parameter it does not take, before reading the body, with the rate-limit headers', async () => {
    const r = await post(server.url, `${path}?fromat=json`, valid);
    expect(expectProblem(r, 400)).toMatchObject({
      type: '/problems/invalid-parameters',
      errors: [{ parameter: 'fromat', message: 'unknown parameter' }],
    });
    expect(r.headers['x-ratelimit-limit']).toBe('10');
  });

  it('never quotes the body back when it is not JSON', async () => {
    const r = await post(server.url, path, '{"approvedServiceIds":["aws-s3"], "name": SECRETTOKEN123}');
    expectProblem(r, 400);
    expect(r.json.detail).toMatch(/not valid JSON/);
    expect(JSON.stringify(r.json)).not.toMatch(/SECRET/);
  });

  it('answers 413 for a declared length past MAX_BODY_BYTES', async () => {
    const r = await post(server.url, path, JSON.stringify({ padding: 'A'.repeat(100 * 1024) }));
    expectProblem(r, 413);
  });

  it('answers 413 for a chunked body past MAX_BODY_BYTES without waiting for its end', async () => {
    const r = await new Promise<Reply>((resolve, reject) => {
      const req = http.request(
        `${server.url}${path}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          localAddress: freshAddress(),
          agent: false,
        },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode!, headers: res.headers, json: undefined });
          req.destroy();
        },
      );
      req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
      // 80 KiB of an endless body, then nothing more: the answer must not wait for the rest.
      req.write('{"padding":"');
      for (let i = 0; i < 80; i++) req.write('A'.repeat(1024));
    });
    expect(r.status).toBe(413);
  });

  it('answers a CORS preflight', async () => {
    const r = await request(server.url, 'OPTIONS', path, {
      headers: {
        origin: 'https://example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['access-control-allow-methods']).toContain('POST');
    expect(r.headers['access-control-allow-headers']?.toLowerCase()).toContain('content-type');
  });
});

describe('a parameter only the policy endpoints take', () => {
  it.each([
    ['/v1/export/markdown', { approvedServiceIds: ['aws-s3'] }],
    ['/v1/lists', { name: 'Query', approvedServiceIds: ['aws-s3'] }],
    ['/v1/feedback', { message: 'Query' }],
  ])('is refused by POST %s, which takes none', async (path, body) => {
    const r = await post(server.url, `${path}?format=json&envelope=true`, body);
    expect(expectProblem(r, 400).errors).toEqual([
      { parameter: 'format', message: 'unknown parameter' },
      { parameter: 'envelope', message: 'unknown parameter' },
    ]);
    expect(r.json.detail).toBe('This endpoint takes no query parameters; everything it reads is in the body.');
  });

  it('is read by a policy endpoint', async () => {
    const r = await post(server.url, '/v1/policies/aws-scp?format=json&envelope=true', {
      approvedServiceIds: ['aws-s3'],
    });
    expect(r.status).toBe(200);
    expect(r.json.document).toBeDefined();
  });
});

describe('the rate limit: 10 POSTs per minute per client IP, across endpoints', () => {
  it('allows 10, then answers 429 with Retry-After and a problem, on every POST endpoint', async () => {
    const from = freshAddress();
    const remaining: string[] = [];
    for (let i = 0; i < 10; i++) {
      const [path, body] = endpoints[i % endpoints.length]!;
      const r = await post(server.url, path, body, { from });
      expect([200, 201]).toContain(r.status);
      remaining.push(r.headers['x-ratelimit-remaining'] as string);
    }
    expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);
    for (const [path, body] of endpoints) {
      const r = await post(server.url, path, body, { from });
      expectProblem(r, 429);
      expect(r.json.type).toBe('/problems/rate-limited');
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(r.headers['x-ratelimit-remaining']).toBe('0');
      expect(r.headers['cache-control']).toBe('no-store');
    }
  });

  it('keys on the socket address: X-Forwarded-For and friends from a direct client change nothing', async () => {
    const from = freshAddress();
    for (let i = 0; i < 10; i++)
      expect((await post(server.url, '/v1/feedback', { message: 'x' }, { from })).status).toBe(201);
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-real-ip': '203.0.113.8' },
      { forwarded: 'for=203.0.113.9' },
    ]) {
      expect((await post(server.url, '/v1/feedback', { message: 'x' }, { from, headers })).status).toBe(429);
    }
    expect((await post(server.url, '/v1/feedback', { message: 'x' }, { from: freshAddress() })).status).toBe(201);
  });

  it('does not limit GETs', async () => {
    const from = freshAddress();
    for (let i = 0; i < 11; i++) await post(server.url, '/v1/feedback', { message: 'x' }, { from });
    const gets = await Promise.all(
      Array.from({ length: 30 }, () => request(server.url, 'GET', '/v1/services?pageSize=1', { from })),
    );
    expect(gets.map((r) => r.status)).toEqual(Array(30).fill(200));
    expect(gets[0]!.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('lets exactly 10 of 100 simultaneous POSTs from one address through', async () => {
    const from = freshAddress();
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(server.url, '/v1/lists', { name: `Concurrent ${i}`, approvedServiceIds: ['aws-s3'] }, { from }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
  });
});

describe('behind TRUST_PROXY=1', () => {
  let proxied: RunningServer;
  beforeAll(async () => {
    proxied = await startServer({ TRUST_PROXY: '1' });
  });
  afterAll(() => proxied?.stop());

  it('keys on the address the trusted proxy appends to X-Forwarded-For', async () => {
    const from = freshAddress();
    const as = (client: string) =>
      post(
        proxied.url,
        '/v1/feedback',
        { message: 'x' },
        { from, headers: { 'x-forwarded-for': `198.51.100.1, ${client}` } },
      );
    for (let i = 0; i < 10; i++) expect((await as('192.0.2.10')).status).toBe(201);
    expect((await as('192.0.2.10')).status).toBe(429);
    // The same proxy (socket) on behalf of another client; a spoofed left-most entry changes nothing.
    expect((await as('192.0.2.11')).status).toBe(201);
    // Written with its port, as some proxies write it: the client, not the proxy, whatever the port.
    for (let i = 0; i < 9; i++) expect((await as(`192.0.2.11:${40000 + i}`)).status).toBe(201);
    expect((await as('192.0.2.11:41000')).status).toBe(429);
    expect((await as('192.0.2.12:41000')).status).toBe(201);
  });

  it('counts the addresses of one IPv6 /64 network as one client', async () => {
    const from = freshAddress();
    const as = (client: string) =>
      post(proxied.url, '/v1/feedback', { message: 'x' }, { from, headers: { 'x-forwarded-for': client } });
    for (let i = 1; i <= 10; i++) expect((await as(`2001:db8:7:1::${i.toString(16)}`)).status).toBe(201);
    expect((await as('2001:db8:7:1:ffff::1')).status).toBe(429);
    expect((await as('2001:db8:7:2::1')).status).toBe(201);
  });
});
