import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { processHost } from '../adapters/process-host.ts';
import {
  createLogger,
  inRequestScope,
  observeRequests,
  redactor,
  requestIdFrom,
  TracedResponse,
  uriSecrets,
} from './request-log.ts';

function capture(secrets: string[] = [], level = 'info') {
  const lines: string[] = [];
  const logger = createLogger({ level, secrets, destination: { write: (s: string) => void lines.push(s) } });
  return { logger, lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>), raw: () => lines.join('') };
}

/**
 * A server on a free port running `listener`, with the server's response
 * class unless `plain`; `close` ends its connections too.
 */
async function listening(listener: RequestListener, { plain = false } = {}) {
  const server = plain ? createServer(listener) : createServer({ ServerResponse: TracedResponse }, listener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    },
  };
}

describe('requestIdFrom', () => {
  it('keeps a sane incoming id and replaces anything else with a new random one', () => {
    expect(requestIdFrom('abc-123_x.y:z@q')).toBe('abc-123_x.y:z@q');
    expect(requestIdFrom(['first', 'second'])).toBe('first');
    for (const bad of [undefined, '', 'a b', '<script>', 'x'.repeat(129), 'line\nbreak', 'ümlaut'])
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f]{32}$/);
    // Past two draws of random bytes (4,096 ids each) and dozens of the hex strings ids are cut from: every id
    // whole, every one new, and none made of the same bytes as another.
    const ids = Array.from({ length: 10_000 }, () => requestIdFrom(undefined));
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(0, 16))).size).toBe(ids.length);
  });
});

describe('redaction', () => {
  it('masks the password of any URL with credentials, and the given secrets', () => {
    const redact = redactor(uriSecrets('mongodb+srv://app:p%40ss-w0rd@cluster0.example.net/db?retryWrites=true'));
    expect(redact('connect mongodb://user:hunter2@db.example:27017/x failed')).toBe(
      'connect mongodb://user:***@db.example:27017/x failed',
    );
    expect(redact('auth failed for p@ss-w0rd')).toBe('auth failed for ***');
    expect(redact('https://example.com/a:b@c')).toBe('https://example.com/a:b@c');
  });

  it('keeps secrets out of every line: messages, fields and error stacks', () => {
    const uri = 'mongodb://svc:S3cretPass@db1.internal:27017,db2.internal:27017/?replicaSet=rs0';
    const { logger, raw, lines } = capture(uriSecrets(uri));
    const err = new Error(`getaddrinfo ENOTFOUND while connecting to ${uri}`);
    logger.error({ err }, `The store failed: ${uri}`);
    expect(raw()).not.toContain('S3cretPass');
    const [line] = lines();
    expect(line).toMatchObject({ level: 'error', msg: expect.stringContaining('svc:***@db1.internal') });
    expect((line!.err as { stack: string }).stack).toContain('svc:***@');
  });
});

describe('createLogger', () => {
  it('writes JSON lines with the level as a word and an ISO time, and becomes the process log', () => {
    const { logger, lines } = capture();
    expect(processHost().log).toBe(logger);
    processHost().log.info({ a: 1 }, 'hello');
    expect(lines()[0]).toMatchObject({
      level: 'info',
      msg: 'hello',
      a: 1,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('honours the level: silent writes nothing, warn drops info', () => {
    const silent = capture([], 'silent');
    silent.logger.error({}, 'nothing');
    expect(silent.lines()).toEqual([]);
    const warn = capture([], 'warn');
    warn.logger.info({}, 'dropped');
    warn.logger.warn({}, 'kept');
    expect(warn.lines().map((l) => l.msg)).toEqual(['kept']);
  });
});

describe('observeRequests', () => {
  it('writes the request line with its own fields only, never those of a line logged before it in the request', async () => {
    const { logger, lines } = capture();
    const server = await listening(
      observeRequests(
        (_req, res) => {
          logger.error({ err: new Error('store broke'), operation: 'findList' }, 'GET /v1/lists/{id} failed');
          res.statusCode = 503;
          res.end();
        },
        { log: logger, routeOf: () => '/v1/lists/{id}', trustProxy: 0 },
      ),
      { plain: true },
    );
    try {
      await fetch(`${server.base}/v1/lists/AAAAAAAAAAAAAAAAAAAAAAAA`, {
        headers: { 'x-request-id': 'mixin-1' },
      });
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await server.close();
    }
    const [failure, request] = lines().filter((l) => l.requestId === 'mixin-1');
    expect(failure).toMatchObject({ operation: 'findList', err: expect.any(Object) });
    expect(Object.keys(request!).sort()).toEqual(
      [
        'clientIp',
        'durationMs',
        'hostname',
        'level',
        'method',
        'msg',
        'pid',
        'requestId',
        'route',
        'status',
        'time',
      ].sort(),
    );
  });
});

describe('observeRequests and the request scope', () => {
  it('gives the id to lines logged while the listener runs and to work it hands on, never to work it leaves outside the scope', async () => {
    const { logger, lines } = capture();
    const server = await listening(
      observeRequests(
        (_req, res) => {
          logger.warn({}, 'at once');
          // Left outside the request's scope: its line has no id, not the id of whichever request ran last.
          setTimeout(() => logger.warn({}, 'outside'), 5);
          inRequestScope(res, async () => {
            await new Promise((r) => setTimeout(r, 10));
            logger.warn({}, 'handed on');
            res.end();
          });
        },
        { log: logger, routeOf: () => '/x', trustProxy: 0 },
      ),
    );
    try {
      await fetch(`${server.base}/x`, { headers: { 'x-request-id': 'scope-1' } });
      await new Promise((r) => setTimeout(r, 30));
    } finally {
      await server.close();
    }
    expect(lines().map((l) => [l.msg, l.requestId])).toEqual([
      ['at once', 'scope-1'],
      ['outside', undefined],
      ['handed on', 'scope-1'],
      ['request', 'scope-1'],
    ]);
  });
});

describe('observeRequests and the requests in flight', () => {
  it("adds every request as it arrives, the server's own included, and releases each once when it closes, answered or left", async () => {
    const { logger } = capture();
    const added: string[] = [];
    const released: string[] = [];
    const urlOf = (res: ServerResponse) => res.req.url!;
    let hanging: ServerResponse | undefined;
    const server = await listening(
      observeRequests(
        (req, res) => {
          if (req.url === '/hang') hanging = res;
          else res.end('ok');
        },
        {
          log: logger,
          routeOf: () => '/x',
          trustProxy: 0,
          isInternal: (req) => req.url === '/internal',
          inFlight: { add: (res) => added.push(urlOf(res)), release: (res) => released.push(urlOf(res)) },
        },
      ),
    );
    try {
      const { base } = server;
      await (await fetch(`${base}/answered`)).text();
      await (await fetch(`${base}/internal`)).text();
      const leaving = new AbortController();
      const left = fetch(`${base}/hang`, { signal: leaving.signal }).catch(() => 'left');
      await expect.poll(() => hanging).toBeDefined();
      await expect.poll(() => released.length).toBe(2);
      expect(released).not.toContain('/hang');
      leaving.abort();
      expect(await left).toBe('left');
      await expect.poll(() => released.length).toBe(3);
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      await server.close();
    }
    expect(added).toEqual(['/answered', '/internal', '/hang']);
    expect(released.sort()).toEqual(['/answered', '/hang', '/internal']);
  });
});

describe('observeRequests with overlapping requests', () => {
  it('writes each request its own line (id, route, status) when a slow answer ends after a quick one began later', async () => {
    const { logger, lines } = capture();
    const server = await listening(
      observeRequests(
        (req, res) => {
          const slow = req.url === '/slow';
          // What the listener leaves to run later enters the request's scope, as the server's listener does.
          inRequestScope(res, () =>
            setTimeout(
              () => {
                logger.warn({}, `inside ${req.url}`);
                res.statusCode = slow ? 503 : 201;
                res.end();
              },
              slow ? 150 : 10,
            ),
          );
        },
        { log: logger, routeOf: (url) => `route:${url}`, trustProxy: 0 },
      ),
    );
    try {
      const slow = fetch(`${server.base}/slow`, { headers: { 'x-request-id': 'slow-1' } });
      await new Promise((r) => setTimeout(r, 20));
      const quick = await fetch(`${server.base}/quick`, { headers: { 'x-request-id': 'quick-1' } });
      expect(quick.headers.get('x-request-id')).toBe('quick-1');
      expect((await slow).headers.get('x-request-id')).toBe('slow-1');
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      await server.close();
    }
    const seen = lines().map((l) => [l.msg, l.requestId, l.route, l.status]);
    expect(seen).toEqual([
      ['inside /quick', 'quick-1', undefined, undefined],
      ['request', 'quick-1', 'route:/quick', 201],
      ['inside /slow', 'slow-1', undefined, undefined],
      ['request', 'slow-1', 'route:/slow', 503],
    ]);
    // The server error is logged at error level, the other at info.
    expect(
      lines()
        .filter((l) => l.msg === 'request')
        .map((l) => l.level),
    ).toEqual(['info', 'error']);
  });
});

describe('TracedResponse', () => {
  it('sends the request id once with every form of writeHead (header array or object, with or without a reason, none) and a handler set one', async () => {
    const { logger } = capture();
    const forms: Record<string, (res: ServerResponse) => void> = {
      '/array': (res) => res.writeHead(200, ['content-type', 'text/plain', 'content-length', '2']).end('ok'),
      '/object': (res) => res.writeHead(201, 'Made', { 'content-type': 'text/plain' }).end('ok'),
      '/array-reason': (res) => res.writeHead(202, 'Taken', ['content-type', 'text/plain']).end('ok'),
      '/object-only': (res) => res.writeHead(203, { 'content-type': 'text/plain' }).end('ok'),
      '/pairs': (res) => res.writeHead(200, [['content-type', 'text/plain']]).end('ok'),
      '/no-reason': (res) => res.writeHead(200, undefined, { 'content-type': 'text/plain' }).end('ok'),
      '/handler-set': (res) => {
        res.setHeader('x-request-id', 'set-by-handler');
        res.setHeader('content-type', 'text/plain');
        res.end('ok');
      },
      '/status-only': (res) => {
        res.setHeader('content-type', 'text/plain');
        res.writeHead(206).end('ok');
      },
      '/none': (res) => {
        res.setHeader('content-type', 'text/plain');
        res.end('ok');
      },
    };
    const server = await listening(
      observeRequests((req, res) => forms[req.url!]!(res), { log: logger, routeOf: () => 'page', trustProxy: 0 }),
    );
    try {
      for (const [path, status] of [
        ['/array', 200],
        ['/object', 201],
        ['/array-reason', 202],
        ['/object-only', 203],
        ['/status-only', 206],
        ['/pairs', 200],
        ['/no-reason', 200],
        ['/handler-set', 200],
        ['/none', 200],
      ] as const) {
        const r = await fetch(`${server.base}${path}`, { headers: { 'x-request-id': `id${path.slice(1)}` } });
        expect(r.status, path).toBe(status);
        if (path === '/array-reason') expect(r.statusText).toBe('Taken');
        if (path === '/object') expect(r.statusText).toBe('Made');
        expect(r.headers.get('x-request-id'), path).toBe(
          path === '/handler-set' ? 'set-by-handler' : `id${path.slice(1)}`,
        );
        expect(r.headers.get('content-type'), path).toBe('text/plain');
      }
    } finally {
      await server.close();
    }
  });
});
