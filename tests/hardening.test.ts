/**
 * Regression tests for the security review's findings, through the built
 * server: the Host header, methods the HTTP layer cannot represent, aborted
 * bodies, browser security headers on every answer, CORS preflight on
 * prerendered API files, the interchange metadata limits, the feedback form's
 * rate limit and limits, /_image, and a damaged store file at start-up.
 * (Memory, load and full-disk attacks are in tests/abuse.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/http/headers.ts';
import { renderHeadersFile } from '../src/integrations/cdn-headers.ts';
import { expectProblem, postJson, send } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let listId: string;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_POINTS: '1000' });
  const saved = await postJson(`${server.url}/v1/lists`, { name: 'shared', approvedServiceIds: ['aws-s3'] });
  listId = saved.json.id;
});
afterAll(() => server?.stop());

/**
 * Sends raw bytes and returns the raw answer (status line, headers and body). The request is sent half-closed
 * unless `halfClose` is false: then the connection stays open until the server closes it (`Connection: close`).
 */
function raw(request: string, { halfClose = true } = {}): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => (halfClose ? socket.end(request) : socket.write(request)));
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('timeout')));
  });
}

const statusLine = (answer: string) => answer.split('\r\n')[0];

describe('the Host header', () => {
  it.each(['127.0.0.1@evil.example', 'x/v1/status/history?', 'a"b', 'a b'])(
    'a Host of %j gets a 400 problem, and no handler chosen by it',
    async (host) => {
      const answer = await raw(`GET /v1/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(statusLine(answer)).toBe('HTTP/1.1 400 Bad Request');
      expect(answer).toMatch(/content-type: application\/problem\+json/i);
      expect(answer).not.toContain('unknown parameter');
    },
  );
  it('takes a host name with an underscore, as nginx sends its upstream name (`catalogue_backend`)', async () => {
    for (const path of ['/v1/health', '/', '/search?q=s3']) {
      const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: catalogue_backend\r\nConnection: close\r\n\r\n`);
      expect(statusLine(answer), path).toBe('HTTP/1.1 200 OK');
    }
  });
  it('PUBLIC_URL decides the shared link, whatever the Host', async () => {
    const other = await startServer({ PUBLIC_URL: 'https://catalogue.example' });
    try {
      const r = await postJson(
        `${other.url}/v1/lists`,
        { name: 't', approvedServiceIds: ['aws-s3'] },
        { host: 'evil.example' },
      );
      expect(r.status).toBe(201);
      expect(r.json.url).toBe(`https://catalogue.example/lists/${r.json.id}`);
    } finally {
      await other.stop();
    }
  });
  it('logs no stack for a bad Host', () => {
    expect(server.output()).not.toMatch(/credentials|\n\s+at /);
  });
});

describe('requests Node parses but a handler never sees as they came', () => {
  it('takes the absolute form, its authority standing for Host; refuses a target that is no path or http(s) URL', async () => {
    const { host } = new URL(server.url);
    const absolute = await raw(`GET http://${host}/v1/categories HTTP/1.1\r\nHost: other\r\nConnection: close\r\n\r\n`);
    expect(statusLine(absolute)).toBe('HTTP/1.1 200 OK');
    expect(absolute).toMatch(/"categories"|"id"/);
    const ftp = await raw(`GET ftp://${host}/v1/categories HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`);
    expect(statusLine(ftp)).toBe('HTTP/1.1 400 Bad Request');
    expect(ftp).toMatch(/content-type: application\/problem\+json/i);
    const asterisk = await raw('OPTIONS * HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(statusLine(asterisk)).toBe('HTTP/1.1 204 No Content');
    expect(asterisk).toMatch(/allow: GET, HEAD, POST, OPTIONS/i);
  });

  it('CONNECT is a 405 problem with Allow, not a connection closed unanswered', async () => {
    const r = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(statusLine(r)).toBe('HTTP/1.1 405 Method Not Allowed');
    expect(r).toMatch(/^allow: GET, HEAD, POST, OPTIONS/im);
    expect(r).toMatch(/"type":"\/problems\/method-not-allowed"/);
  });

  it('a Host given twice, or with a port no URL can carry, is a 400 problem', async () => {
    for (const hosts of ['Host: a\r\nHost: a', 'Host: x:65536', 'Host: x:0']) {
      const r = await raw(`GET /v1/health HTTP/1.1\r\n${hosts}\r\nConnection: close\r\n\r\n`);
      expect(statusLine(r), hosts).toBe('HTTP/1.1 400 Bad Request');
      expect(r, hosts).toMatch(/^content-type: application\/problem\+json/im);
    }
  });

  it('an HTTP/1.1 request without Host is a 400 problem with its id; HTTP/1.0 needs none', async () => {
    const missing = await raw('GET /v1/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(statusLine(missing)).toBe('HTTP/1.1 400 Bad Request');
    expect(missing).toMatch(/content-type: application\/problem\+json/i);
    expect(missing).toMatch(/x-request-id: [0-9a-f]{32}/i);
    expect(statusLine(await raw('GET /v1/health HTTP/1.0\r\n\r\n'))).toBe('HTTP/1.1 200 OK');
  });

  it('a body in a transfer coding besides chunked is refused with 501, not read as if it were plain', async () => {
    const body = JSON.stringify({ message: 'sent gzip, chunked but plain', category: 'other' });
    const chunked = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    for (const coding of ['gzip, chunked', 'x-custom, chunked', 'gzip,chunked']) {
      const answer = await raw(
        `POST /v1/feedback HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: ${coding}\r\n\r\n${chunked}`,
      );
      expect(statusLine(answer), coding).toBe('HTTP/1.1 501 Not Implemented');
      expect(answer).toMatch(/"type":"\/problems\/transfer-coding-not-implemented"/);
    }
    // Chunked alone is read as always.
    const plain = await raw(
      `POST /v1/feedback HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}`,
    );
    expect(statusLine(plain)).toBe('HTTP/1.1 201 Created');
  });

  it('what Node refuses before any handler (headers too large, not HTTP) is a problem too, repeating nothing', async () => {
    const marker = 'zq-marker-9';
    const large = await raw(`GET /v1/health HTTP/1.1\r\nHost: a\r\nX-Big: ${marker}${'a'.repeat(20_000)}\r\n\r\n`);
    expect(statusLine(large)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(large).toMatch(/"type":"\/problems\/headers-too-large"/);
    // An expectation other than 100-continue: a problem with the server's headers, not Node's bare 417.
    const expect417 = await raw('GET /v1/providers HTTP/1.1\r\nHost: a\r\nExpect: foo\r\n\r\n');
    expect(statusLine(expect417)).toBe('HTTP/1.1 417 Expectation Failed');
    expect(expect417).toMatch(/"type":"\/problems\/expectation-failed"/);
    expect(expect417.toLowerCase()).toContain('x-request-id:');
    expect(expect417.toLowerCase()).toContain('access-control-allow-origin: *');
    const garbage = await raw(`${marker} \r\n\r\n`);
    expect(statusLine(garbage)).toBe('HTTP/1.1 400 Bad Request');
    expect(garbage).toMatch(/content-type: application\/problem\+json/i);
    expect(large + garbage).not.toContain(marker);
  });

  it('what Node refuses carries CORS, the security headers and an id of its own, logged with the problem', async () => {
    // The id a client sends is not taken: the request was never read.
    const large = await raw(
      `GET /v1/health HTTP/1.1\r\nHost: a\r\nX-Request-Id: mine-1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(large).toMatch(/^access-control-allow-origin: \*$/im);
    for (const name of Object.keys(securityHeaders)) expect(large).toMatch(new RegExp(`^${name}: `, 'im'));
    const id = /^x-request-id: ([0-9a-f]{32})$/im.exec(large)?.[1];
    expect(id).toBeDefined();
    // The log is written asynchronously: wait for the line rather than read the output at once.
    const lineOf = () =>
      server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        .find((l) => l.requestId === id);
    await expect.poll(lineOf).toBeDefined();
    const line = lineOf();
    expect(line).toMatchObject({
      status: 431,
      problem: 'headers-too-large',
      msg: 'request refused before it was read',
    });
    expect(line.clientIp).toBe('127.0.0.1');
  });

  it('an API path with a trailing slash is a 404 problem with CORS, not a redirect', async () => {
    for (const [method, path] of [
      ['GET', '/v1/categories/'],
      ['GET', '/v1/services/?q=s3'],
      ['GET', '/v1/'],
      ['GET', '/v1/?x=1'],
      ['POST', '/v1/lists/'],
    ] as const) {
      const r = await send(`${server.url}${path}`, {
        method,
        redirect: 'manual',
        ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      expectProblem(r, 404);
      expect(r.headers.get('access-control-allow-origin'), path).toBe('*');
    }
  });
});

describe('what Astro would answer in its own way', () => {
  it('an API path with a dot segment, or /v1 itself, is a 404 problem with CORS and the security headers, not a redirect', async () => {
    for (const [method, path] of [
      ['GET', '/v1'],
      ['GET', '/v1/services/.'],
      ['GET', '/v1/health/..'],
      ['GET', '/v1/services/%2E'],
      ['GET', '/v1/lists/x/./y'],
      ['POST', '/v1/feedback/.'],
    ] as const) {
      const r = await raw(
        `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      );
      expect(statusLine(r), path).toBe('HTTP/1.1 404 Not Found');
      expect(r, path).toMatch(/^content-type: application\/problem\+json/im);
      expect(r, path).toMatch(/^access-control-allow-origin: \*$/im);
      expect(r, path).toMatch(/^x-content-type-options: nosniff$/im);
    }
  });

  it('every answer outside the API carries the security headers; preflights and OPTIONS * too', async () => {
    const answers = [
      await send(`${server.url}/_image?href=x`),
      await send(`${server.url}/_server-islands/x`),
      await send(`${server.url}/v1/lists`, {
        method: 'OPTIONS',
        headers: { origin: 'https://example.com', 'access-control-request-method': 'POST' },
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 204]);
    for (const r of answers)
      for (const [name, value] of Object.entries(securityHeaders)) expect(r.headers.get(name), name).toBe(value);
    const asterisk = await raw('OPTIONS * HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(asterisk).toMatch(/^x-content-type-options: nosniff$/im);
  });
});

describe('a client that half-closes once its request is sent', () => {
  it('still gets the answer: a file read from disk, a queued search and a save, then the connection closes', async () => {
    const file = await raw('GET /v1/services/aws-lambda HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(statusLine(file)).toBe('HTTP/1.1 200 OK');
    expect(file).toContain('"aws-lambda"');
    const search = await raw('GET /v1/services?q=half+closed+queue HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(statusLine(search)).toBe('HTTP/1.1 200 OK');
    const body = JSON.stringify({ name: 'half-closed', approvedServiceIds: ['aws-s3'] });
    const save = await raw(
      `POST /v1/lists HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(statusLine(save)).toBe('HTTP/1.1 201 Created');
    expect(save).toMatch(/"id":"[A-Za-z0-9_-]{24}"/);
  });
});

describe('a body the server answered without reading', () => {
  /**
   * Sends the head, then body bytes until the server closes the connection (or 3 MB more than the answer needed):
   * the answer, and how much body went out after it.
   */
  const refusedMidBody = (head: string): Promise<{ answer: string; sentAfterAnswer: number; closed: boolean }> => {
    const { hostname, port } = new URL(server.url);
    return new Promise((resolve) => {
      const socket = net.connect(Number(port), hostname);
      let answer = '';
      let sentAfterAnswer = 0;
      let done = false;
      const finish = (closed: boolean) => {
        if (done) return;
        done = true;
        clearInterval(pump);
        socket.destroy();
        resolve({ answer, sentAfterAnswer, closed });
      };
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = setInterval(() => {
        if (socket.destroyed || !socket.writable) return;
        socket.write(
          head.includes('chunked') ? Buffer.concat([Buffer.from('10000\r\n'), chunk, Buffer.from('\r\n')]) : chunk,
        );
        if (answer) sentAfterAnswer += chunk.length;
        if (sentAfterAnswer > 3 * 1024 * 1024) finish(false);
      }, 5);
      socket.on('data', (d) => (answer += d));
      socket.on('close', () => finish(true));
      socket.on('error', () => finish(true));
      socket.write(head);
    });
  };

  it.each([
    ['a 415 (a form sent to the API)', 'POST /v1/lists', 'application/x-www-form-urlencoded', 415],
    ['a 404 under /v1/', 'POST /v1/nothing-here', 'application/json', 404],
    ['a 405 for a prerendered file', 'POST /v1/categories', 'application/json', 405],
    ['a page that takes no body', 'POST /search?q=x', 'application/json', 200],
  ])('%s ends the connection instead of reading the rest of the body', async (_what, line, type, status) => {
    for (const length of ['content-length: 1000000000', 'transfer-encoding: chunked']) {
      const head = `${line} HTTP/1.1\r\nhost: localhost\r\ncontent-type: ${type}\r\n${length}\r\n\r\n`;
      const r = await refusedMidBody(head);
      expect(statusLine(r.answer), `${line}, ${length}`).toBe(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`);
      expect(r.answer.toLowerCase(), `${line}, ${length}`).toContain('connection: close');
      expect(r.closed, `${line}, ${length}: still reading 3 MB after answering`).toBe(true);
    }
  });
});

describe('a POST without a body', () => {
  it('is answered on every POST endpoint and the feedback form, not left waiting for a body that never comes', async () => {
    const api = await send(`${server.url}/v1/openapi.json`);
    const paths = Object.entries(api.json.paths as Record<string, Record<string, unknown>>)
      .filter(([, operations]) => 'post' in operations)
      .map(([path]) => path);
    expect(paths.length).toBeGreaterThanOrEqual(5);
    for (const path of [...paths, '/feedback'])
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        // No Content-Length and no Transfer-Encoding: a request without a body (RFC 9112, section 6.3).
        const answer = await raw(
          `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nConnection: close\r\n\r\n`,
          {
            halfClose: false,
          },
        );
        expect(statusLine(answer), `${path} as ${type}`).toMatch(/^HTTP\/1\.1 4(00|15) /);
      }
  });
});

describe('a client that pipelines within the limit', () => {
  it('gets every saved-list answer in order, and the server warns of no listener leak', async () => {
    // Each for another Host, so none is answered from the answer cache and every one reaches its server function.
    let requests = '';
    for (let i = 0; i < 24; i++) requests += `GET /v1/lists/${listId} HTTP/1.1\r\nHost: p${i}.example\r\n\r\n`;
    requests += 'GET /v1/health/live HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n';
    const answers = await raw(requests, { halfClose: false });
    expect(answers.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(25);
    const hosts = [...answers.matchAll(/"url":"http:\/\/(p\d+)\.example/g)].map((m) => m[1]);
    expect(hosts).toEqual(Array.from({ length: 24 }, (_, i) => `p${i}`));
    expect(server.output()).not.toMatch(/MaxListenersExceededWarning/);
  });
});

describe('methods and aborted requests', () => {
  it.each(['TRACE', 'PROPFIND'])('%s gets a 405 problem with Allow, not a bare 500', async (method) => {
    const answer = await raw(`${method} /v1/providers HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(statusLine(answer)).toBe('HTTP/1.1 405 Method Not Allowed');
    expect(answer).toMatch(/allow: GET, HEAD, POST, OPTIONS/i);
    expect(answer).toMatch(/application\/problem\+json/);
  });
  it('pages whose client resets the connection before they are built are logged as left, without a stack', async () => {
    const { hostname, port } = new URL(server.url);
    const before = server.output().length;
    const body = 'message=gone';
    const requests = [
      `GET /lists/${listId} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      'GET /search?q=reset HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'POST /feedback HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    ];
    for (let i = 0; i < 5; i++)
      for (const request of requests)
        await new Promise<void>((resolve) => {
          const socket = net.connect(Number(port), hostname, () => {
            socket.write(request);
            socket.resetAndDestroy();
            resolve();
          });
        });
    await new Promise((r) => setTimeout(r, 500));
    const output = server.output().slice(before);
    // The resets reached the server as requests (they were logged as left), and none failed.
    expect(output).toMatch(/"aborted":true/);
    expect(output).not.toContain('ClientAddressNotAvailable');
    expect(output).not.toMatch(/"status":500/);
    expect(output).not.toMatch(/\n\s+at /);
  });
  it('a POST whose client hangs up mid-body is logged in one line, without a stack', async () => {
    const { hostname, port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), hostname, () => {
        socket.write(
          'POST /v1/lists HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":',
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 200);
      });
    });
    await new Promise((r) => setTimeout(r, 300));
    const lines = server.output().split('\n');
    expect(lines.some((l) => l.includes('POST /v1/lists: client went away'))).toBe(true);
    expect(server.output()).not.toMatch(/\n\s+at /);
  });
});

describe('browser security headers', () => {
  const pages = () => ['/', '/services/aws-s3', '/search?q=s3', '/compare?ids=aws-s3', '/feedback', `/lists/${listId}`];
  it('every HTML answer, prerendered or on demand, has the one set and a charset', async () => {
    for (const path of pages()) {
      const r = await fetch(server.url + path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      for (const [name, value] of Object.entries(securityHeaders))
        expect(r.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });
  it('every other answer has the set too: API answers on demand and prerendered, problems, a malformed request', async () => {
    const kinds: [string, string, RequestInit?][] = [
      ['prerendered JSON', '/v1/categories'],
      ['a search', '/v1/services?q=storage'],
      ['a comparison', '/v1/compare?ids=aws-s3,azure-blob-storage'],
      ['a saved list', `/v1/lists/${listId}`],
      ['readiness', '/v1/health'],
      ['a 400 problem', '/v1/services?page=0'],
      ['a 404 problem under /v1/', '/v1/nothing-here'],
      ['a 405 problem', '/v1/categories', { method: 'DELETE' }],
      ['a save', '/v1/lists', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
    ];
    for (const [kind, path, init] of kinds) {
      const r = await fetch(server.url + path, init);
      for (const [name, value] of Object.entries(securityHeaders))
        expect(r.headers.get(name), `${kind} ${name}`).toBe(value);
    }
    const malformed = await raw('GET / HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
    expect(statusLine(malformed)).toBe('HTTP/1.1 400 Bad Request');
    for (const [name, value] of Object.entries(securityHeaders)) expect(malformed).toContain(`${name}: ${value}\r\n`);
  });
  it('the CSP allows no inline script and forbids framing', () => {
    const csp = securityHeaders['content-security-policy']!;
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
  it('the built _headers file gives every file one Cache-Control and the security headers, whichever rules match', () => {
    // Cloudflare Pages and Netlify apply every rule whose pattern matches; `*` (a splat) matches any characters,
    // slashes included, and the same header from two rules is joined with a comma.
    const rules = readFileSync('dist/client/_headers', 'utf8')
      .trim()
      .split(/\n\s*\n/)
      .map((block) => {
        const [pattern, ...lines] = block.split('\n');
        const headers = lines.map((l) => {
          const [name, ...value] = l.trim().split(': ');
          return [name!.toLowerCase(), value.join(': ')] as const;
        });
        const source = pattern!.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
        return { match: new RegExp(`^${source}$`), headers };
      });
    const headersOf = (path: string) => rules.filter((r) => r.match.test(path)).flatMap((r) => r.headers);
    // Every URL a static host serves from the build: each file, and each page without `.html` (`/` for index).
    const paths: string[] = [];
    for (const entry of readdirSync('dist/client', { recursive: true, withFileTypes: true })) {
      if (entry.isDirectory() || entry.name.endsWith('.gz') || entry.name === '_headers') continue;
      const path = `${entry.parentPath.slice('dist/client'.length)}/${entry.name}`.replace(/^\/?/, '/');
      paths.push(path);
      if (path.endsWith('/index.html')) paths.push(path.slice(0, -'index.html'.length));
      else if (path.endsWith('.html')) paths.push(path.slice(0, -'.html'.length));
    }
    expect(paths.length).toBeGreaterThan(1000);
    expect(paths).toContain('/');
    expect(paths.some((p) => p.startsWith('/_astro/'))).toBe(true);
    for (const path of paths) {
      const headers = headersOf(path);
      const cacheControl = headers.filter(([name]) => name === 'cache-control').map(([, v]) => v);
      expect(cacheControl, path).toHaveLength(1);
      expect(cacheControl[0], path).toBe(
        path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=60, s-maxage=300',
      );
      for (const name of ['content-type', 'content-security-policy', 'x-frame-options'])
        expect(headers.filter(([n]) => n === name).length, `${path} ${name}`).toBeLessThanOrEqual(1);
      expect(
        headers.filter(([n]) => n === 'content-security-policy'),
        path,
      ).toHaveLength(1);
    }
  });

  it('the CDN _headers file carries the same set for every path', () => {
    const file = renderHeadersFile();
    const all = file.split('\n\n').find((rule) => rule.startsWith('/*\n'))!;
    for (const value of Object.values(securityHeaders)) expect(all).toContain(value);
  });
  it('/lists/<id> is cacheable only until the list expires; an unknown id answers 404 Not Found', async () => {
    const r = await fetch(`${server.url}/lists/${listId}`);
    expect(r.headers.get('cache-control')).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
    const answer = await raw(`GET /lists/${'A'.repeat(24)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expect(statusLine(answer)).toBe('HTTP/1.1 404 Not Found');
    expect(answer).toMatch(/cache-control: no-store/i);
  });
});

describe('CORS preflight', () => {
  it.each([
    '/v1/providers',
    '/v1/categories',
    '/v1/openapi.json',
    '/v1/schemas/service-list.schema.json',
    '/v1/services/aws-s3',
  ])('OPTIONS %s answers 204 with the preflight headers', async (path) => {
    const r = await fetch(server.url + path, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'if-none-match',
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/);
    // A browser client may send its own request id, which the server keeps and logs.
    expect(r.headers.get('access-control-allow-headers')).toMatch(/X-Request-Id/);
  });
});

describe('limits on what is saved and sent', () => {
  it('a body announced with Expect: 100-continue is refused before it is sent when too large, else invited', async () => {
    const { hostname, port } = new URL(server.url);
    /** Sends the head, then the body once invited; resolves to everything the server sent. */
    const exchange = (head: string, body: string) =>
      new Promise<string>((resolve, reject) => {
        let out = '';
        const socket = net.connect(Number(port), hostname, () => socket.write(head));
        socket.on('data', (d) => {
          out += d;
          if (out.startsWith('HTTP/1.1 100 Continue\r\n\r\n') && out.length === 25) socket.write(body);
        });
        socket.on('end', () => resolve(out));
        socket.on('error', reject);
        socket.setTimeout(5000, () => socket.destroy(new Error('timeout')));
      });
    const huge = await exchange(
      'POST /v1/lists HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 10000000000\r\nExpect: 100-continue\r\n\r\n',
      '',
    );
    expect(statusLine(huge)).toBe('HTTP/1.1 413 Payload Too Large');
    expect(huge).not.toContain('100 Continue');
    expect(huge).toMatch(/"type":"\/problems\/payload-too-large"/);
    expect(huge).toMatch(/x-request-id: [0-9a-f]{32}/i);
    // Counted by the rate limit as every answer to a POST is, and saying so, as the same request without the
    // expectation is answered.
    expect(huge).toMatch(/x-ratelimit-limit: \d+\r\nx-ratelimit-remaining: \d+\r\nx-ratelimit-reset: \d+/i);
    expect(huge).toMatch(/connection: close/i);
    const body = JSON.stringify({ name: 'asked first', approvedServiceIds: ['aws-s3'] });
    const invited = await exchange(
      'POST /v1/lists HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      body,
    );
    expect(statusLine(invited)).toBe('HTTP/1.1 100 Continue');
    expect(invited).toContain('HTTP/1.1 201 Created');
  });
  it('an interchange document is held to the compact form’s field limits', async () => {
    const schema = await (await fetch(`${server.url}/v1/schemas/service-list.schema.json`)).json();
    const exported = (await (await fetch(`${server.url}/v1/lists/${listId}`)).json()).document;
    for (const [field, value] of [
      ['name', 'N'.repeat(100_000)],
      ['name', ' \t '],
      ['organisation', 'O'.repeat(50_000)],
    ] as const) {
      const doc = { ...exported, $schema: schema.$id, metadata: { ...exported.metadata, [field]: value } };
      delete doc.metadata.catalogListId;
      const r = await postJson(`${server.url}/v1/lists`, doc);
      const body = expectProblem(r, 400);
      expect(body.errors.map((e: { pointer: string }) => e.pointer)).toContain(`/metadata/${field}`);
    }
  });
  it('an invalid document gets a bounded list of errors, however many it has', async () => {
    const schema = await (await fetch(`${server.url}/v1/schemas/service-list.schema.json`)).json();
    const exported = (await (await fetch(`${server.url}/v1/lists/${listId}`)).json()).document;
    const doc = { ...exported, $schema: schema.$id };
    delete doc.metadata.catalogListId;
    // 80,000 empty sub-services: 240 KB sent, three errors each (it was a 26 MB answer); and 300, within the
    // size every error is listed for.
    for (const count of [80_000, 300]) {
      doc.providers[0].categories[0].services[0].subServices = Array.from({ length: count }, () => ({}));
      for (const path of ['/v1/lists', '/v1/export/markdown']) {
        const r = await postJson(`${server.url}${path}`, doc);
        const body = expectProblem(r, 400);
        expect(body.errors.length, `${count} on ${path}`).toBeGreaterThan(0);
        expect(body.errors.length, `${count} on ${path}`).toBeLessThanOrEqual(100);
        expect(r.text.length, `${count} on ${path}`).toBeLessThan(20_000);
      }
    }
    // 1,900 unknown query parameters in one URL: a bounded list too, where it was 98 KB.
    const query = Array.from({ length: 1900 }, (_, i) => `a${i}`).join('&');
    const r = await fetch(`${server.url}/v1/services?${query}`);
    const body = await r.json();
    expect(r.status).toBe(400);
    expect(body.errors).toHaveLength(100);
  });
  it('feedback refuses a page that is another site (//host or /\\host)', async () => {
    for (const page of ['//evil.example/x', '/\\evil.example']) {
      const r = await postJson(`${server.url}/v1/feedback`, { message: 'hello', page });
      expect(expectProblem(r, 400).errors[0].pointer).toBe('/page');
    }
    expect((await postJson(`${server.url}/v1/feedback`, { message: 'hello', page: '/services' })).status).toBe(201);
  });
  it('/_image is not there', async () => {
    const r = await send(`${server.url}/_image?href=/catalogue.json`);
    expect(r.status).toBe(404);
  });
});

describe('what a client sent is not repeated, nor changed', () => {
  it('a body that is not UTF-8 is refused, whatever charset it declares (another charset with 415); UTF-8 is kept as sent', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('{"name":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('","approvedServiceIds":["aws-s3"]}'),
    ]);
    // Declared JSON: read as UTF-8, which it is not (400). Declared in another charset: a media type the API does
    // not read (415), never decoded as if it were UTF-8.
    for (const [type, status] of [
      ['application/json', 400],
      ['application/json; charset=iso-8859-1', 415],
    ] as const) {
      const r = await send(`${server.url}/v1/lists`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: latin1,
      });
      expect(expectProblem(r, status).detail).toMatch(/UTF-8/);
    }
    // Valid JSON, but half a character: refused too, rather than saved and later written out as U+FFFD.
    const lone = await send(`${server.url}/v1/lists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"caf\\ud800","approvedServiceIds":["aws-s3"]}',
    });
    expect(expectProblem(lone, 400).detail).toMatch(/not well-formed Unicode/);
    const utf8 = await postJson(`${server.url}/v1/lists`, { name: 'café', approvedServiceIds: ['aws-s3'] });
    expect(utf8.status).toBe(201);
    expect((await send(`${server.url}/v1/lists/${utf8.json.id}`)).json.name).toBe('café');
    const form = await send(`${server.url}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.concat([Buffer.from('type=bug&message=caf'), Buffer.from([0xe9])]),
    });
    expect(form.status).toBe(400);
    // As a browser sends it from a page in another encoding: percent-encoded, still not UTF-8.
    const encoded = await send(`${server.url}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=bug&message=caf%E9',
    });
    expect(encoded.status).toBe(400);
  });

  it('problems do not repeat the Content-Type, the path or the slug a client sent', async () => {
    const marker = 'zq-marker-7';
    const typed = await send(`${server.url}/v1/lists`, {
      method: 'POST',
      headers: { 'content-type': `text/plain; ${marker}=${'x'.repeat(6000)}` },
      body: '{}',
    });
    expect(typed.status).toBe(415);
    expect(typed.text).not.toContain(marker);
    for (const path of [`/v1/services/${marker}`, `/v1/${marker}`]) {
      const r = await send(`${server.url}${path}`);
      expectProblem(r, 404);
      expect(r.text).not.toContain(marker);
    }
    const shaped = await postJson(`${server.url}/v1/lists`, { approvedServiceIds: [{ a: marker }] });
    expectProblem(shaped, 400);
    expect(shaped.text).not.toContain(marker);
  });
});

describe('the feedback form without JavaScript', () => {
  it('charges the rate limit before reading, even a form with no message', async () => {
    const limited = await startServer({ RATE_LIMIT_POINTS: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await fetch(`${limited.url}/feedback`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'junk=1',
        });
        statuses.push(r.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.stop();
    }
  });
  it('refuses a body past 64 KiB with 413 and echoes nothing of it', async () => {
    const r = await fetch(`${server.url}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `message=${'x'.repeat(200_000)}`,
    });
    const text = await r.text();
    expect(r.status).toBe(413);
    // The site's page around a sentence (about 4 KB), nothing like the 200 KB sent.
    expect(text.length).toBeLessThan(8192);
    expect(text).not.toContain('xxxxxxxxxx');
    expect(text).toContain('too large');
  });
  it('sends a valid form through the same function as POST /v1/feedback', async () => {
    const r = await fetch(`${server.url}/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'message=Works+without+JavaScript&rating=5',
    });
    expect(r.status).toBe(200);
    expect(await r.text()).toMatch(/Reference <code>[A-Za-z0-9_-]{24}<\/code>/);
  });
});

describe('a damaged store file at start-up', () => {
  it('says the file is not a database and leaves it alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'csc-corrupt-'));
    const junk = randomBytes(8192);
    writeFileSync(join(dataDir, 'catalogue.sqlite'), junk);
    try {
      const error = await startServer({}, { dataDir }).then(
        async (s) => {
          await s.stop();
          return '';
        },
        (e: Error) => e.message,
      );
      expect(error).toContain('is not a database or is damaged');
      expect(error).not.toContain('check that it is a writable directory');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('keep-alive answers from the answer cache', () => {
  it('a saved list answered twice is byte-identical, and 304 on its ETag', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const get = (headers: Record<string, string> = {}) =>
      new Promise<{
        status: number;
        body: string;
        etag: string | undefined;
        age: string | undefined;
        cacheControl: string | undefined;
      }>((resolve, reject) =>
        http
          .get(`${server.url}/v1/lists/${listId}`, { agent, headers }, (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                body,
                etag: res.headers.etag,
                age: res.headers.age,
                cacheControl: res.headers['cache-control'],
              }),
            );
          })
          .on('error', reject),
      );
    const first = await get();
    const second = await get();
    expect(second.body).toBe(first.body);
    expect(second.etag).toBe(first.etag);
    // Served from the answer cache as a shared cache would: Cache-Control unchanged, with Age.
    expect(second.cacheControl).toBe(first.cacheControl);
    expect(Number(second.age)).toBeGreaterThanOrEqual(0);
    expect((await get({ 'if-none-match': first.etag! })).status).toBe(304);
    agent.destroy();
  });
});
