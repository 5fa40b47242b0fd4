/**
 * Operating the built server: the request log (JSON lines, LOG_LEVEL), the
 * Prometheus metrics on METRICS_PORT, liveness against readiness, and the
 * graceful shutdown, under load, losing no acknowledged save.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, send } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

type LogLine = Record<string, any>;
const logLines = (s: RunningServer): LogLine[] =>
  s
    .output()
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LogLine);
const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
const save = (url: string, name: string, headers: Record<string, string> = {}) =>
  postJson(`${url}/v1/lists`, { name, approvedServiceIds: ['aws-s3'] }, headers);

/** A raw connection: what was written, and everything the server answered once it closes. */
function connection(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let answer = '';
  socket.on('data', (d) => (answer += d));
  socket.on('error', () => {});
  const closed = new Promise<string>((r) => socket.on('close', () => r(answer)));
  const open = new Promise<void>((r) => socket.once('connect', () => r()));
  return { write: async (text: string) => (await open, socket.write(text)), closed };
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether a TCP connection to the port is refused (nothing listens). */
const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

/** The fields a request line has (README, Operations), and the ones it may add. */
const REQUEST_FIELDS = [
  'clientIp',
  'durationMs',
  'hostname',
  'level',
  'method',
  'msg',
  'pid',
  'requestId',
  'route',
  'time',
];

/** Waits for the process to exit and its output to be read to the end; its exit code and when it exited. */
function exitOf(s: RunningServer): Promise<{ code: number | null; at: number }> {
  const outputRead = new Promise<void>((r) =>
    s.process.stdout!.readableEnded ? r() : s.process.stdout!.once('end', r),
  );
  const exited = new Promise<{ code: number | null; at: number }>((r) => {
    if (s.process.exitCode !== null) r({ code: s.process.exitCode, at: performance.now() });
    else s.process.once('exit', (code) => r({ code, at: performance.now() }));
  });
  return Promise.all([exited, outputRead]).then(([e]) => e);
}

describe('request log and metrics', () => {
  let server: RunningServer;
  let metricsUrl: string;
  const sample = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '1', METRICS_PORT: '0', RATE_LIMIT_POINTS: '3' });
    metricsUrl = /Metrics on (http:\/\/[^\s"]+)/.exec(server.output())![1]!;
  });
  afterAll(() => server.stop());

  it('writes one JSON line per request: id, method, route template, status, duration, client address; no header, path or query', async () => {
    const listId = 'AAAAAAAAAAAAAAAAAAAAAAAA';
    const r = await send(`${server.url}/v1/lists/${listId}?token=query-secret`, {
      headers: {
        'x-request-id': 'ops-test-1',
        cookie: 'session=cookie-secret',
        authorization: 'Bearer bearer-secret',
        'x-forwarded-for': '203.0.113.7',
      },
    });
    expect(r.status).toBe(404);
    expect(r.headers.get('x-request-id')).toBe('ops-test-1');
    await settle();
    const lines = logLines(server).filter((l) => l.requestId === 'ops-test-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      route: '/v1/lists/{id}',
      status: 404,
      clientIp: '203.0.113.7',
    });
    expect(lines[0]!.durationMs).toBeGreaterThan(0);
    for (const secret of ['cookie-secret', 'bearer-secret', 'query-secret', listId])
      expect(server.output()).not.toContain(secret);
  });

  it('answers a new id when the incoming one is not sane, and a different one each time', async () => {
    const ids = await Promise.all(
      ['bad id with spaces', 'x'.repeat(200)].map(async (id) => {
        const r = await send(`${server.url}/v1/health/live`, { headers: { 'x-request-id': id } });
        return r.headers.get('x-request-id')!;
      }),
    );
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('logs the client address the rate limiter counts: the same forwarded address is refused on its 4th POST', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip, 'x-request-id': `save-${ip}-${Math.random()}` });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await save(server.url, `t${i}`, from('198.51.100.9'))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await save(server.url, 'other', from('198.51.100.10'))).status).toBe(201);
    await settle();
    const posts = logLines(server).filter((l) => l.method === 'POST' && l.route === '/v1/lists');
    expect(posts.map((l) => [l.clientIp, l.status])).toEqual([
      ['198.51.100.9', 201],
      ['198.51.100.9', 201],
      ['198.51.100.9', 201],
      ['198.51.100.9', 429],
      ['198.51.100.10', 201],
    ]);
  });

  it('a path that does not decode is answered 404 and logged as a request, not as an error', async () => {
    expect((await send(`${server.url}/lists/%ff`)).status).toBe(404);
    const api = await send(`${server.url}/v1/services/%E0`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    await settle();
    expect(() => logLines(server)).not.toThrow();
    expect(logLines(server).filter((l) => l.level === 'error')).toEqual([]);
    expect(logLines(server).filter((l) => l.msg === 'request' && l.status === 404).length).toBeGreaterThanOrEqual(2);
  });

  it('every line of the output is JSON; the start-up warm-up is not logged as a request', () => {
    expect(() => logLines(server)).not.toThrow();
    const lines = logLines(server);
    const listening = lines.findIndex((l) => /listening on/.test(l.msg));
    expect(lines.slice(0, listening).filter((l) => l.msg === 'request')).toEqual([]);
    expect(logLines(server).find((l) => /listening on/.test(l.msg))).toMatchObject({ level: 'info' });
  });

  it('serves metrics on their own port only: requests per route, latency, rejections, store operations, saved lists, process', async () => {
    for (let i = 0; i < 20; i++) await send(`${server.url}/v1/no-such-${i}-${Math.random()}`);
    for (let i = 0; i < 5; i++) await send(`${server.url}/v1/lists/unknown${i}`);
    // Refused before Node gives them to the server: a header block over 16 KB, and bytes that are not HTTP.
    const { port } = new URL(server.url);
    for (const raw of [`GET / HTTP/1.1\r\nHost: a\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`, 'NOT HTTP\r\n\r\n'])
      await new Promise<void>((done) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(raw));
        socket.on('data', () => {}).on('close', () => done());
      });
    expect((await send(`${server.url}/metrics`)).status).toBe(404);
    const r = await send(metricsUrl);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = r.text;
    expect(sample(text, 'csc_http_requests_total{method="POST",route="/v1/lists",status="201"}')).toBe(4);
    expect(sample(text, 'csc_http_requests_total{method="POST",route="/v1/lists",status="429"}')).toBe(1);
    expect(sample(text, 'csc_rate_limit_rejections_total{route="/v1/lists"}')).toBe(1);
    expect(sample(text, 'csc_http_requests_total{method="GET",route="/v1/{unmatched}",status="404"}')).toBe(20);
    expect(sample(text, 'csc_http_requests_total{method="GET",route="/v1/lists/{id}",status="404"}')).toBe(6);
    expect(sample(text, 'csc_http_request_duration_seconds_count{method="GET",route="/v1/lists/{id}"}')).toBe(6);
    expect(text).not.toMatch(/no-such|unknown\d/);
    expect(sample(text, 'csc_http_requests_total{method="OTHER",route="(unread)",status="431"}')).toBe(1);
    expect(sample(text, 'csc_http_requests_total{method="OTHER",route="(unread)",status="400"}')).toBe(1);
    expect(sample(text, 'csc_store_operation_duration_seconds_count{operation="saveList",outcome="ok"}')).toBe(4);
    expect(sample(text, 'csc_saved_lists')).toBe(4);
    // The start-up warm-up is the server's own request, not a client's.
    expect(text).not.toMatch(/csc_http_requests_total\{method="GET",route="\/v1\/health",/);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect((await send(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('liveness answers without the store; readiness is /v1/health', async () => {
    const live = await send(`${server.url}/v1/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('no-store');
    expect(live.json).toMatchObject({ status: 'alive', uptimeSeconds: expect.any(Number) });
    expect((await send(`${server.url}/v1/health`)).json).toMatchObject({ status: 'ok' });
    expect((await send(`${server.url}/v1/health/live`, { method: 'POST' })).status).toBe(405);
  });
});

describe('LOG_LEVEL', () => {
  it('silent writes nothing, requests included; metrics stay off without METRICS_PORT', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const { spawn } = await import('node:child_process');
    const dataDir = mkdtempSync(join(tmpdir(), 'csc-silent-'));
    const child = spawn(process.execPath, ['src/server/start.mjs'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        MONGODB_URI: '',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    try {
      let up = false;
      for (let i = 0; i < 150 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (!up) await settle(200);
      }
      expect(up).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/v1/nothing-here`)).status).toBe(404);
      await settle();
      expect(out).toBe('');
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('graceful shutdown', () => {
  it('drains under load: exits 0 within the deadline, and every save acknowledged with 201 is there after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'csc-drain-'));
    try {
      const server = await startServer({ RATE_LIMIT_POINTS: '100000', SHUTDOWN_TIMEOUT_SECONDS: '10' }, { dataDir });
      expect(server.output()).not.toMatch(/Metrics on/);
      // Requests in flight when the signal comes, whatever the timing: a save whose body is half sent,
      // and readiness and liveness probes whose headers are not finished yet.
      const body = JSON.stringify({ name: 'in flight at SIGTERM', approvedServiceIds: ['aws-s3'] });
      const slow = connection(server.url);
      await slow.write(
        `POST /v1/lists HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      const ready = connection(server.url);
      await ready.write('GET /v1/health HTTP/1.1\r\nHost: localhost\r\n');
      const live = connection(server.url);
      await live.write('GET /v1/health/live HTTP/1.1\r\nHost: localhost\r\n');

      const acknowledged: string[] = [];
      let stopped = false;
      let failed = 0;
      const worker = async (w: number) => {
        for (let i = 0; !stopped; i++) {
          try {
            const r = await save(server.url, `load ${w}.${i}`);
            if (r.status === 201) acknowledged.push(r.json.id);
            else expect(r.status).toBe(201);
          } catch {
            failed++; // refused or cut before an answer: never acknowledged
            if (failed > 200) return;
            await settle(5);
          }
        }
      };
      const load = Array.from({ length: 8 }, (_, w) => worker(w));
      await settle(400);
      const beforeSignal = acknowledged.length;
      const exit = exitOf(server);
      const signalled = performance.now();
      server.process.kill('SIGTERM');
      await settle(200);
      // While the save is still in flight: readiness says no, liveness yes; then the save completes.
      await ready.write('\r\n');
      await live.write('\r\n');
      const [readyAnswer, liveAnswer] = await Promise.all([ready.closed, live.closed]);
      await slow.write(body.slice(10));
      const slowAnswer = await slow.closed;
      const { code, at } = await exit;
      stopped = true;
      await Promise.all(load);

      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(10_000);
      expect(beforeSignal).toBeGreaterThan(0);
      expect(slowAnswer).toMatch(/^HTTP\/1\.1 201 /);
      expect(slowAnswer).toMatch(/\r\nconnection: close\r\n/i);
      const slowId = /"id":"([A-Za-z0-9_-]{24})"/.exec(slowAnswer)![1]!;
      expect(readyAnswer).toMatch(/^HTTP\/1\.1 503 /);
      expect(readyAnswer).toMatch(/shutting down/);
      expect(readyAnswer).toMatch(/\r\nretry-after: 10\r\n/i);
      expect(liveAnswer).toMatch(/^HTTP\/1\.1 200 /);
      const log = logLines(server);
      expect(log.find((l) => /^Stopping/.test(l.msg))).toMatchObject({ signal: 'SIGTERM' });
      expect(
        log.find((l) => l.msg === 'Stopped'),
        JSON.stringify(log.slice(-5)),
      ).toMatchObject({ msg: 'Stopped', cutOff: 0 });

      const again = await startServer({}, { dataDir });
      try {
        for (const id of [slowId, ...acknowledged]) {
          const r = await send(`${again.url}/v1/lists/${id}`);
          expect(r.status, id).toBe(200);
        }
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('cuts off what is still in flight at SHUTDOWN_TIMEOUT_SECONDS and exits 1', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    try {
      const stuck = connection(server.url);
      await stuck.write(
        'POST /v1/lists HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
      );
      await settle(200);
      const exit = exitOf(server);
      const signalled = performance.now();
      server.process.kill('SIGTERM');
      const { code, at } = await exit;
      expect(code).toBe(1);
      expect(at - signalled).toBeGreaterThanOrEqual(900);
      expect(at - signalled).toBeLessThan(4000);
      expect(await stuck.closed).not.toMatch(/^HTTP\/1\.1 201/);
      expect(logLines(server).find((l) => /deadline passed/.test(l.msg))).toMatchObject({ cutOff: 1 });
      // The cut-off request has its line: an error, aborted, no status (none was sent).
      const line = logLines(server).find((l) => l.msg === 'request' && l.route === '/v1/lists');
      expect(line).toMatchObject({ level: 'error', method: 'POST', aborted: true, cutOff: true });
      expect(line).not.toHaveProperty('status');
    } finally {
      await server.stop();
    }
  });
});

describe('a log reader that goes away', () => {
  it('stops on SIGTERM even when the reader of its output closed while it was stopping (`npm start | head -3`)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'csc-log-reader-'));
    const child = spawn(process.execPath, ['src/server/start.mjs'], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, PUBLIC_URL: 'https://catalogue.example' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const exited = new Promise<number | null>((done) =>
      child.once('exit', (code, signal) => done(code ?? (signal ? -1 : null))),
    );
    try {
      // As `head -3` reads: the start-up lines, then the first line of the stop, and then the pipe is closed.
      let lines = 0;
      await new Promise<void>((listening) =>
        child.stdout!.on('data', (chunk: Buffer) => {
          lines += chunk.toString().split('\n').length - 1;
          if (/listening on/.test(chunk.toString())) listening();
          if (lines >= 3) child.stdout!.destroy();
        }),
      );
      child.kill('SIGTERM');
      // sonic-boom's flush at exit had retried the write to the closed pipe for ever; a bound far past a stop's time.
      const code = await Promise.race([
        exited,
        new Promise<string>((r) => setTimeout(() => r('still running'), 10_000)),
      ]);
      expect(code).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 20_000);
});

describe('npm start under a process manager', () => {
  it('SIGTERM to the npm process reaches the server: it drains, finishes the request in flight and exits', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'csc-npm-'));
    // As docker stop, Kubernetes or systemd do with a container started by `npm start`: signal npm's own pid.
    const npm = spawn('npm', ['start', '--silent'], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, MONGODB_URI: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout.on('data', (d) => (out += d));
    npm.stderr.on('data', (d) => (out += d));
    const url = `http://127.0.0.1:${port}`;
    try {
      for (let i = 0; i < 300 && !/listening on/.test(out); i++) await settle(100);
      expect(out).toMatch(/listening on/);
      const body = JSON.stringify({ name: 'in flight at SIGTERM via npm', approvedServiceIds: ['aws-s3'] });
      const slow = connection(url);
      await slow.write(
        `POST /v1/lists HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      );
      await settle(200);
      const exited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
      npm.kill('SIGTERM');
      await settle(300);
      await slow.write(body.slice(10));
      expect(await slow.closed).toMatch(/^HTTP\/1\.1 201 /);
      expect(await exited).toBe(0);
      await settle(200);
      expect(await refused(url)).toBe(true);
      const lines = out
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as LogLine);
      expect(lines.find((l) => /^Stopping/.test(l.msg))).toMatchObject({ signal: 'SIGTERM', inFlight: 1 });
      expect(lines.find((l) => l.msg === 'Stopped')).toMatchObject({ msg: 'Stopped', cutOff: 0 });
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('start-up failures', () => {
  it('a busy PORT stops the start with one sentence and exit code 1, no stack', async () => {
    const taken = net.createServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    const port = (taken.address() as net.AddressInfo).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'csc-busy-'));
    try {
      const child = spawn(process.execPath, ['src/server/start.mjs'], {
        env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, MONGODB_URI: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      expect(code).toBe(1);
      expect(out).not.toMatch(/Unhandled|\n\s+at /);
      const lines = out
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as LogLine);
      expect(lines.at(-1)).toMatchObject({
        level: 'fatal',
        code: 'EADDRINUSE',
        msg: `Port ${port} on 127.0.0.1 is already in use: set PORT to a free port.`,
      });
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the search index saved with the build', () => {
  it('is read at start; a damaged or missing one is named in a warning, and the index built instead answers the same', async () => {
    // A copy of the project whose build has a damaged index file (the sources and dist/server copied, the rest linked).
    // Its real path: the server names the file by the path Node resolved for start.mjs.
    const project = realpathSync(mkdtempSync(join(tmpdir(), 'csc-saved-index-')));
    cpSync('src', join(project, 'src'), { recursive: true });
    cpSync('package.json', join(project, 'package.json'));
    symlinkSync(resolve('node_modules'), join(project, 'node_modules'), 'dir');
    mkdirSync(join(project, 'dist'));
    cpSync('dist/server', join(project, 'dist/server'), { recursive: true });
    symlinkSync(resolve('dist/client'), join(project, 'dist/client'), 'dir');
    const file = join(project, 'dist/server/search-index.bin');
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 1000));
    const saidAtStart = (server: RunningServer) =>
      logLines(server)
        .filter((l) => /search index/i.test(l.msg))
        .map(({ level, msg }) => ({ level, msg }));
    const started = [startServer(), startServer({}, { project })];
    let missing: RunningServer | undefined;
    try {
      const [saved, damaged] = (await Promise.all(started)) as [RunningServer, RunningServer];
      expect(saidAtStart(saved)).toEqual([
        { level: 'info', msg: `Search index read from ${resolve('dist/server/search-index.bin')}` },
      ]);
      expect(saidAtStart(damaged)).toEqual([
        {
          level: 'warn',
          msg:
            `Built the search index at start: the build's (${file}) was not used: its checksum does not match ` +
            '(the file was changed or cut since it was written).',
        },
      ]);
      for (const q of ['lambda', 'lamda', 'object storage', 'k8s', 'Microsoft.Storage', 'postgres', 'cosmos db']) {
        const path = `/v1/services?q=${encodeURIComponent(q)}&explain=true&pageSize=20`;
        const [a, b] = await Promise.all([fetch(saved.url + path), fetch(damaged.url + path)]);
        expect(a.status, q).toBe(200);
        expect(await a.text(), q).toBe(await b.text());
      }
      await damaged.stop();
      rmSync(file);
      missing = await startServer({}, { project });
      expect(saidAtStart(missing)).toEqual([
        {
          level: 'warn',
          msg: `Built the search index at start: the build's (${file}) is missing. Run \`npm run build\`.`,
        },
      ]);
    } finally {
      // Stops whichever started, even when the other did not.
      const running = await Promise.allSettled(started);
      await Promise.all([...running.map((r) => r.status === 'fulfilled' && r.value.stop()), missing?.stop()]);
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe('a store that fails while serving', () => {
  it('logs the route template, never the list id or query, and each request line has only its own fields', async () => {
    const server = await startServer();
    try {
      const saved = await save(server.url, 'to be damaged');
      expect(saved.status).toBe(201);
      const id: string = saved.json.id;
      // The store's files overwritten under the running server: every read now fails ("file is not a database").
      for (const f of ['catalogue.sqlite', 'catalogue.sqlite-wal', 'catalogue.sqlite-shm'])
        writeFileSync(join(server.dataDir, f), Buffer.alloc(64 * 1024, 7));
      const other = 'BBBBBBBBBBBBBBBBBBBBBBBB';
      for (const path of [`/v1/lists/${id}?k=query-secret`, `/v1/lists/${other}/lifecycle`]) {
        const r = await send(`${server.url}${path}`, { headers: { 'x-request-id': `damaged-${path.length}` } });
        expect(r.status, path).toBe(503);
      }
      expect((await send(`${server.url}/lists/${other}`)).status).toBeGreaterThanOrEqual(400);
      await settle();
      const output = server.output();
      for (const secret of [id, other, 'query-secret']) expect(output).not.toContain(secret);
      const lines = logLines(server);
      const failure = lines.find((l) => /the store failed/.test(l.msg));
      expect(failure?.msg).toMatch(/^GET \/v1\/lists\/\{id\}: the store failed \(findList\): /);
      for (const l of lines.filter((l) => l.msg === 'request' && /^damaged-/.test(l.requestId)))
        expect(Object.keys(l).sort()).toEqual([...REQUEST_FIELDS, 'status'].sort());

      // Three requests in one write are read in one poll and rendered in one slice of the server's queue:
      // each failure line still carries the id of the request that failed, not the first one's.
      const piped = connection(server.url);
      const ids = ['piped-1', 'piped-2', 'piped-3'];
      await piped.write(
        ids
          .map(
            (id, i) =>
              `GET /v1/lists/${other} HTTP/1.1\r\nHost: localhost\r\n` +
              `X-Request-Id: ${id}\r\n${i === ids.length - 1 ? 'Connection: close\r\n' : ''}\r\n`,
          )
          .join(''),
      );
      expect((await piped.closed).match(/HTTP\/1\.1 \d+/g)).toEqual(Array(3).fill('HTTP/1.1 503'));
      await settle();
      const failures = logLines(server).filter((l) => /the store failed/.test(l.msg) && /^piped-/.test(l.requestId));
      expect(failures.map((l) => l.requestId).sort()).toEqual(ids);
    } finally {
      await server.kill();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});

describe('SHUTDOWN_DELAY_SECONDS', () => {
  it('keeps accepting connections for the delay, readiness 503 and liveness 200 to new probes, then drains and exits', async () => {
    const server = await startServer({ SHUTDOWN_DELAY_SECONDS: '2' });
    try {
      const exit = exitOf(server);
      const signalled = performance.now();
      server.process.kill('SIGTERM');
      await settle(300);
      // New connections, as a kubelet or load balancer probes.
      const ready = await send(`${server.url}/v1/health`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toBe('10');
      expect((await send(`${server.url}/v1/health/live`)).status).toBe(200);
      expect((await send(`${server.url}/v1/services?pageSize=1`)).status).toBe(200);
      const { code, at } = await exit;
      expect(code).toBe(0);
      expect(at - signalled).toBeGreaterThanOrEqual(1900);
      expect(await refused(server.url)).toBe(true);
      const lines = logLines(server);
      expect(lines.find((l) => /still accepting connections/.test(l.msg))).toMatchObject({ delaySeconds: 2 });
      expect(lines.find((l) => l.msg === 'Stopped')).toMatchObject({ msg: 'Stopped', cutOff: 0 });
    } finally {
      await server.stop();
    }
  });

  it('without it (the default), the port closes at the signal: new connections are refused at once', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '5' });
    const held = connection(server.url);
    await held.write(
      'POST /v1/lists HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    await settle(200);
    server.process.kill('SIGTERM');
    await settle(300);
    try {
      expect(await refused(server.url)).toBe(true);
    } finally {
      await server.kill();
    }
  });
});
