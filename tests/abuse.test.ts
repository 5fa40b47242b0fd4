/**
 * The abuse suite: the attacks that once grew memory or starved the server,
 * replayed against the built server on loopback, each bounded in count and
 * time, each asserting numbers. Heavy: this file runs in one worker, alone
 * with its own server.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

/** Resident memory of a process, in MB (Linux). */
const rssMb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** A raw GET (no URL normalisation by a client library): status and body length. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    http
      .request({ hostname, port, path, headers, agent }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode!, bytes }));
      })
      .on('error', reject)
      .end();
  });
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

let server: RunningServer;
let pid: number;
beforeAll(async () => {
  // Enough for every run of every test here, retries included: a test posting 800 bodies in a first run that is
  // retried must not meet the rate limit (what it measures is reading, not limiting).
  server = await startServer({ RATE_LIMIT_POINTS: '100000' });
  pid = server.process.pid!;
});
afterAll(async () => {
  agent.destroy();
  await server?.stop();
});

/** Waits for a socket to drain or close, leaving no listener behind (one per write would pile up on the socket). */
function drainedOrClosed(s: net.Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      s.off('drain', done);
      s.off('close', done);
      resolve();
    };
    s.once('drain', done);
    s.once('close', done);
  });
}
describe('memory stays bounded', () => {
  it('3,000 pipelined requests for a file not yet in memory grow the server by less than 100 MB', async () => {
    // First in this file: nothing has read the catalogue (580 KB) yet, so every request finds it missing.
    const before = rssMb(pid);
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    socket.on('error', () => {}); // cut off once more requests wait than the server takes: a reset is expected
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /catalogue.json HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(3000));
    // Not read meanwhile: the answers queue in the server.
    await new Promise((r) => setTimeout(r, 2000));
    const grown = rssMb(pid) - before;
    socket.destroy();
    console.log(`3,000 pipelined requests for the catalogue: RSS ${before.toFixed(0)} MB → +${grown.toFixed(1)} MB`);
    // Each request read the file for itself before (2 GB); they now share one read and one copy, and the connection is
    // cut off once more than 32 wait behind the one being answered.
    expect(grown).toBeLessThan(100);
  });

  it('3,000 pipelined GETs of a saved list of every service, each for another Host, grow the server by less than 100 MB', async () => {
    const ids = (
      (await (await fetch(`${server.url}/catalogue.json`)).json()) as { services: { id: string }[] }
    ).services.map((s) => s.id);
    const saved = await postJson(`${server.url}/v1/lists`, { name: 'Everything', approvedServiceIds: ids });
    expect(saved.status).toBe(201);
    const one = await rawGet(server.url, `/v1/lists/${saved.json.id}`);
    expect(one.bytes).toBeGreaterThan(500_000);
    const before = rssMb(pid);
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => {}); // cut off: a reset is expected
    // Another Host for each (no PUBLIC_URL: the list's link names the Host), so no answer is another's, none kept.
    let requests = '';
    for (let i = 0; i < 3000; i++) requests += `GET /v1/lists/${saved.json.id} HTTP/1.1\r\nHost: h${i}.example\r\n\r\n`;
    socket.write(requests);
    // Not read meanwhile: a connection with more requests waiting than the server takes is cut off.
    await new Promise((r) => setTimeout(r, 2000));
    const grown = rssMb(pid) - before;
    const cutOff = await Promise.race([
      closed.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 10_000)),
    ]);
    socket.destroy();
    console.log(`3,000 pipelined GETs of a ${(one.bytes / 1e6).toFixed(1)} MB list: +${grown.toFixed(1)} MB`);
    expect(grown).toBeLessThan(100);
    expect(cutOff, 'the connection cut off').toBe(true);
    // A client that pipelines within the limit gets every answer, in order.
    const within = net.connect(Number(port), hostname);
    let got = '';
    within.on('data', (d) => (got += d));
    within.write('GET /v1/services?q=storage&pageSize=1 HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(20));
    await new Promise((r) => setTimeout(r, 1000));
    within.destroy();
    expect(got.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(20);
  });

  it('2,000 spellings of existing paths grow the server by less than 30 MB', { timeout: 60_000 }, async () => {
    const paths = ['services', 'v1/openapi.json', 'providers/aws', 'catalogue.json'];
    const spellings: string[] = [];
    for (let i = 0; spellings.length < 2000; i++) {
      const path = paths[i % paths.length]!;
      const k = Math.floor(i / paths.length) + 1;
      const encoded = path.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
      spellings.push(i % 2 ? `${'/'.repeat(k)}${path}` : `${'/.'.repeat(k)}/${k % 3 ? path : encoded}`);
    }
    expect(new Set(spellings).size).toBe(2000);
    // Warm up: every file loaded once, in both encodings.
    for (const p of paths)
      for (const enc of ['gzip', 'identity']) await rawGet(server.url, `/${p}`, { 'accept-encoding': enc });
    const before = rssMb(pid);
    const statuses = new Map<number, number>();
    await inBatches(spellings, 8, async (s) => {
      const r = await rawGet(server.url, s, { 'accept-encoding': Math.random() < 0.5 ? 'gzip' : 'identity' });
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    });
    const grown = rssMb(pid) - before;
    console.log(`2,000 spellings: RSS ${before.toFixed(0)} MB → +${grown.toFixed(1)} MB; statuses`, statuses);
    expect(statuses.get(200)).toBe(2000);
    expect(grown).toBeLessThan(30);
  });

  it('a 50 MB form post is refused with 413 after a small part, with a small answer', { timeout: 60_000 }, async () => {
    const before = rssMb(pid);
    const { hostname, port } = new URL(server.url);
    const result = await new Promise<{ status: number; responseBytes: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request(
        {
          hostname,
          port,
          path: '/feedback',
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          answered = true;
          const sentAtAnswer = sent;
          let responseBytes = 0;
          res.on('data', (c: Buffer) => (responseBytes += c.length));
          res.on('end', () => resolve({ status: res.statusCode!, responseBytes, sent: sentAtAnswer }));
        },
      );
      req.on('error', (e) => (answered ? undefined : reject(e)));
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (!answered && sent < 50 * 1024 * 1024) {
          const more = req.write(sent === 0 ? Buffer.concat([Buffer.from('message='), chunk]) : chunk);
          sent += chunk.length;
          if (!more) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
    const grown = rssMb(pid) - before;
    console.log(
      `50 MB form: ${result.status} after ${(result.sent / 1e6).toFixed(1)} MB sent (socket buffers ` +
        `included), answer ${result.responseBytes} bytes, RSS +${grown.toFixed(1)} MB`,
    );
    expect(result.status).toBe(413);
    // The site's page around a sentence (about 4 KB), nothing of the 50 MB sent.
    expect(result.responseBytes).toBeLessThan(8192);
    // The server stopped reading at 64 KiB; what the client got to send beyond that sat in kernel buffers.
    expect(result.sent).toBeLessThan(16 * 1024 * 1024);
    expect(grown).toBeLessThan(20);
  });
});

/**
 * /v1/health latencies while 64 keep-alive connections GET `path` for `seconds`.
 * The load comes from another process, so the probe measures the server, not this event loop.
 */
async function healthUnderLoad(path: string, seconds: number) {
  const load = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import http from 'node:http';
       const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
       const end = Date.now() + ${seconds * 1000}; let done = 0, failed = 0, bytes = 0;
       const one = () => new Promise((r) => http.get(process.argv[1], { agent }, (res) => {
         res.on('data', (c) => (bytes += c.length)); res.on('end', () => { res.statusCode === 200 ? done++ : failed++; r(); });
       }).on('error', () => { failed++; r(); }));
       await Promise.all(Array.from({ length: 64 }, async () => { while (Date.now() < end) await one(); }));
       console.log(JSON.stringify({ done, failed, bytes })); agent.destroy();`,
      server.url + path,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  load.stdout.on('data', (d) => (out += d));
  const finished = new Promise<void>((r) => load.once('exit', () => r()));
  await new Promise((r) => setTimeout(r, 500));
  const latencies: number[] = [];
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(server.url);
  while (load.exitCode === null && latencies.length < 400) {
    const t0 = performance.now();
    const status = await new Promise<number>((resolve, reject) =>
      http
        .get({ hostname, port, path: '/v1/health', agent: probeAgent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        })
        .on('error', reject),
    );
    latencies.push(performance.now() - t0);
    expect(status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
  }
  await finished;
  probeAgent.destroy();
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return {
    ...(JSON.parse(out) as { done: number; failed: number; bytes: number }),
    probes: latencies.length,
    p50: p(0.5),
    p99: p(0.99),
  };
}

/** Sockets the server process holds open (Linux: its file descriptors that are sockets). */
const socketsHeld = (pid: number): number =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      return false; // closed while listed
    }
  }).length;

/**
 * Writes `text` to a new connection to the server and keeps its side open, never sending more: what the server
 * answered by the time it closed the connection.
 */
function sendAndWait(text: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise<string>((resolve) => {
    // allowHalfOpen: the client does not end its side when the server ends its own.
    const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: true }, () => socket.write(text));
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('end', () => resolve(out));
    socket.on('error', () => resolve(out));
  });
}

describe('connections are let go', () => {
  it(
    'clients that send half their headers and never close get a 408 problem when the headers timeout (10 s) ends, and the server lets their sockets go',
    { timeout: 120_000 },
    async () => {
      const before = socketsHeld(pid);
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => sendAndWait('GET /v1/health HTTP/1.1\r\nHost: a\r\n')),
      );
      for (const a of answers) expect(a).toMatch(/^HTTP\/1\.1 408 [^]*application\/problem\+json/);
      // Node checks its timeouts on an interval: at its default 30 s, the 408 came 10 to 40 s after the request began.
      expect(Date.now() - started).toBeLessThan(15_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(socketsHeld(pid)).toBeLessThanOrEqual(before);
    },
  );
});

describe('a refusal reaches a client still sending', () => {
  /**
   * Sends a 20 MB body (with its length, or chunked) as fast as the server takes it and reads nothing until it is all
   * sent, as many clients do; resolves to the status line received.
   */
  const oversize = (path: string, chunked: boolean) =>
    new Promise<string>((resolve) => {
      const { hostname, port } = new URL(server.url);
      const s = net.connect(Number(port), hostname);
      let got = '';
      s.pause();
      s.on('data', (d) => (got += d));
      s.on('error', () => {});
      s.on('close', () => resolve(got.split('\r\n')[0]!));
      s.on('connect', async () => {
        const size = 20 * 1024 * 1024;
        const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`;
        s.write(`POST ${path} HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`);
        const data = Buffer.alloc(64 * 1024, 32);
        const chunk = chunked ? Buffer.concat([Buffer.from('10000\r\n'), data, Buffer.from('\r\n')]) : data;
        for (let sent = 0; sent < size && !s.destroyed; sent += data.length)
          if (!s.write(chunk)) await drainedOrClosed(s);
        if (chunked && !s.destroyed) s.write('0\r\n\r\n');
        s.resume();
        s.end();
      });
    });

  it('a client still sending a body too large gets its 413, every time: the connection closes without a reset', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 5; i++)
      for (const path of ['/v1/feedback', '/v1/lists'])
        for (const chunked of [false, true])
          lines.push(`${path} ${chunked ? 'chunked' : 'length'}: ${await oversize(path, chunked)}`);
    // Closed while the body still came, the kernel had reset the connection, and a third of the answers were lost; a
    // chunked body the server had begun reading stalled the connection until it was reset.
    expect(lines.filter((l) => !l.endsWith(': HTTP/1.1 413 Payload Too Large'))).toEqual([]);
  });

  it('runs no request a client sends after a refused body on the same connection', async () => {
    // Every answer to a POST is counted by the rate limit first: what was run shows in what remains.
    const remaining = async () =>
      Number((await postJson(`${server.url}/v1/lists`, {})).headers.get('x-ratelimit-remaining'));
    const before = await remaining();
    const { hostname, port } = new URL(server.url);
    const save = JSON.stringify({ name: 'sent after a refusal', approvedServiceIds: ['aws-s3'] });
    const s = net.connect(Number(port), hostname);
    s.on('error', () => {});
    let got = '';
    s.on('data', (d) => (got += d));
    const closed = new Promise((r) => s.once('close', r));
    s.write('POST /v1/lists HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n');
    s.write(' '.repeat(2_000_000));
    s.end(
      `POST /v1/lists HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${save.length}\r\n\r\n${save}`,
    );
    await closed;
    expect(got.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(got).not.toContain('201 Created');
    // The refused request and the second probe: the save sent after the refusal was never run.
    expect(before - (await remaining())).toBe(2);
  });
});

describe('a body that stops coming', () => {
  it(
    'gets a 408 problem when the request timeout (30 s) ends, and the server lets the socket go',
    { timeout: 90_000 },
    async () => {
      const before = socketsHeld(pid);
      const started = Date.now();
      // Headers whole, then 10 bytes of the 1,000 announced, then nothing.
      const answer = await sendAndWait(
        'POST /v1/lists HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name": "',
      );
      const took = Date.now() - started;
      expect(answer).toMatch(/^HTTP\/1\.1 408 [^]*application\/problem\+json[^]*connection: close/i);
      expect(answer).toContain('/problems/request-timeout');
      // Nothing of what was sent is repeated.
      expect(answer).not.toContain('"name"');
      // The request timeout, checked every second: not Node's 30 s interval on top of it.
      expect(took).toBeGreaterThanOrEqual(29_000);
      expect(took).toBeLessThan(34_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(socketsHeld(pid)).toBeLessThanOrEqual(before);
    },
  );
});

describe('a small request cannot buy an expensive answer', () => {
  // Retried: on a shared 2-core machine another process's burst can take the CPU for 50 ms; a real regression fails every try.
  it(
    '64 connections on the largest saved list for 10 s keep /v1/health p99 under 50 ms (or no worse than under a prerendered file of its size)',
    { timeout: 90_000, retry: 2 },
    async () => {
      const catalogue = JSON.parse(await (await fetch(`${server.url}/catalogue.json`)).text());
      const ids: string[] = catalogue.services.map((s: { id: string }) => s.id);
      const saved = await postJson(`${server.url}/v1/lists`, { name: 'all', approvedServiceIds: ids });
      expect(saved.status).toBe(201);
      // The yardstick: the same load on a prerendered page of about the same size (/services, 700 KB), which
      // the server answers from memory. On a machine busy with other work, that sets the floor.
      const floor = await healthUnderLoad('/services', 5);
      const list = await healthUnderLoad(`/v1/lists/${saved.json.id}`, 10);
      console.log(
        `largest list (${ids.length} services): ${list.done} answers in 10 s (${(list.bytes / list.done / 1024).toFixed(0)} ` +
          `KB each), ${list.failed} failed; /v1/health p50 ${list.p50.toFixed(1)} ms, p99 ${list.p99.toFixed(1)} ` +
          `ms over ${list.probes} probes (under /services: p50 ${floor.p50.toFixed(1)} ms, p99 ${floor.p99.toFixed(1)} ` +
          `ms)`,
      );
      expect(list.failed).toBe(0);
      expect(list.done).toBeGreaterThan(100);
      expect(list.probes).toBeGreaterThan(50);
      // Before the answer cache: p50 820 ms against 2-5 ms under a prerendered file.
      expect(list.p99).toBeLessThan(Math.max(50, 1.5 * floor.p99));
    },
  );
});

describe('a body of many small values is read without stalling the server', () => {
  it(
    '4 clients posting 1 MB arrays of 500,000 numbers keep /v1/health p99 under 60 ms (or no worse than under a prerendered page)',
    { timeout: 60_000, retry: 2 },
    async () => {
      // Under the default body limit (1 MiB). At a quarter of that size, read with a JSON reviver, each took 90–150 ms
      // of the event loop, so a probe arriving while one was read waited for it; read without one, about 5 ms.
      const body = `{"name":"n","approvedServiceIds":[${Array(500_000).fill('0').join(',')}]}`;
      expect(body.length).toBeLessThan(1024 * 1024);
      const { hostname, port } = new URL(server.url);
      const postAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      const post = () =>
        new Promise<number>((resolve, reject) =>
          http
            .request(
              {
                hostname,
                port,
                path: '/v1/lists',
                method: 'POST',
                agent: postAgent,
                headers: { 'content-type': 'application/json' },
              },
              (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode!));
              },
            )
            .on('error', reject)
            .end(body),
        );
      const end = Date.now() + 3000;
      const statuses: number[] = [];
      const load = Promise.all(
        Array.from({ length: 4 }, async () => {
          while (Date.now() < end) statuses.push(await post());
        }),
      );
      const latencies: number[] = [];
      const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      await new Promise((r) => setTimeout(r, 200));
      while (Date.now() < end) {
        const t0 = performance.now();
        await new Promise<void>((resolve, reject) =>
          http
            .get({ hostname, port, path: '/v1/health', agent: probeAgent }, (res) => {
              res.resume();
              res.on('end', () => resolve());
            })
            .on('error', reject),
        );
        latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
      await load;
      postAgent.destroy();
      probeAgent.destroy();
      latencies.sort((a, b) => a - b);
      const p99 = latencies[Math.floor(latencies.length * 0.99)]!;
      console.log(
        `${statuses.length} bodies of 125,000 numbers in 3 s; /v1/health p99 ${p99.toFixed(1)} ms over ${latencies.length} probes`,
      );
      // Each is read whole and refused by the schema (the ids are numbers): the cost is the reading.
      expect(new Set(statuses)).toEqual(new Set([400]));
      expect(statuses.length).toBeGreaterThan(4);
      // On a machine busy with other work, no worse than 1.5 times /v1/health's p99 under 64 connections on a
      // prerendered page, measured after (the yardstick of the test before; with the reviver it was 350 ms).
      if (p99 >= 60) {
        const floor = await healthUnderLoad('/services', 3);
        console.log(`/v1/health p99 under /services: ${floor.p99.toFixed(1)} ms`);
        expect(p99).toBeLessThan(Math.max(60, 1.5 * floor.p99));
      }
    },
  );
});

/** Whether this machine lets us mount a tmpfs in a private mount namespace (root, or a user namespace). */
function privateMountsWork(): string | undefined {
  const r = spawnSync(
    'unshare',
    ['-m', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs /mnt'],
    {
      encoding: 'utf8',
    },
  );
  return r.status === 0 ? undefined : `unshare/mount refused here (${(r.stderr || r.error?.message || '').trim()})`;
}

describe('a full disk', () => {
  const refused = privateMountsWork();
  it.skipIf(refused !== undefined)(
    `gives 503 with Retry-After and degraded health, and recovers with nothing lost${refused ? ` — skipped: ${refused}` : ''}`,
    { timeout: 90_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'csc-full-'));
      // The server runs in its own mount namespace with DATA_DIR on a 1 MiB tmpfs that only it sees.
      const child = spawn(
        'unshare',
        [
          '-m',
          '--propagation',
          'private',
          'sh',
          '-c',
          `mount -t tmpfs -o size=1m tmpfs "$DATA_DIR" && exec "$NODE" src/server/start.mjs`,
        ],
        {
          env: {
            ...process.env,
            NODE: process.execPath,
            HOST: '127.0.0.1',
            PORT: '0',
            DATA_DIR: dataDir,
            MONGODB_URI: '',
            RATE_LIMIT_POINTS: '1000',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let log = '';
      child.stdout.on('data', (d) => (log += d));
      child.stderr.on('data', (d) => (log += d));
      try {
        const url = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no start:\n${log}`)), 30_000);
          child.stdout.on('data', () => {
            const m = /listening on (http:\/\/[^\s"]+)/.exec(log);
            if (m) {
              clearTimeout(timer);
              resolve(m[1]!);
            }
          });
          child.once('exit', (c) => reject(new Error(`exited ${c}:\n${log}`)));
        });
        const catalogue = await (await fetch(`${url}/catalogue.json`)).json();
        const ids: string[] = catalogue.services.map((s: { id: string }) => s.id);
        const saved: string[] = [];
        let full: Awaited<ReturnType<typeof postJson>> | undefined;
        for (let i = 0; i < 400 && !full; i++) {
          const r = await postJson(`${url}/v1/lists`, {
            name: `list ${i}`,
            description: 'd'.repeat(1900),
            approvedServiceIds: ids,
          });
          if (r.status === 201) saved.push(r.json.id);
          else full = r;
        }
        expect(saved.length).toBeGreaterThan(0);
        expect(full?.status).toBe(503);
        expect(full?.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(Number(full?.headers.get('retry-after'))).toBeGreaterThan(0);
        const health = await (await fetch(`${url}/v1/health`)).json();
        expect(health.status).toBe('degraded');
        expect(health.checks.store.writable).toBe(false);
        const status = await (await fetch(`${url}/v1/status`)).json();
        expect(status.status).toBe('degraded');
        expect(status.components.store.status).toBe('degraded');
        // Client faults and store failures are one line each, never a stack.
        expect(log).not.toMatch(/\n\s+at /);

        // More room: the next save works, health is ok again, and every list saved before is there.
        const grow = spawnSync('nsenter', ['-t', String(child.pid), '-m', 'mount', '-o', 'remount,size=64m', dataDir], {
          encoding: 'utf8',
        });
        expect(grow.status, grow.stderr).toBe(0);
        const again = await postJson(`${url}/v1/lists`, { name: 'after', approvedServiceIds: [ids[0]] });
        expect(again.status).toBe(201);
        expect((await (await fetch(`${url}/v1/health`)).json()).checks.store.writable).toBe(true);
        for (const id of saved) expect((await fetch(`${url}/v1/lists/${id}`)).status).toBe(200);
        console.log(
          `full disk: ${saved.length} saves, then 503 (Retry-After ${full?.headers.get('retry-after')}); ` +
            `recovered, ${saved.length} of ${saved.length} read back`,
        );
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
