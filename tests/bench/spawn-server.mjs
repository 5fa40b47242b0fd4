// The bench's servers and peers. Starts a server process for the bench and resolves its URL once it answers. A server that prints
// "listening on <url>" (the bare peer; `npm start` with its log on) is found by that line; `npm start`
// with its log off (LOG_LEVEL=warn, which silences the start-up line too) gets a free port chosen here
// and is ready when its liveness endpoint answers. Output is read all along, so a busy request log never
// blocks the server on a full pipe, but only the last few KB are kept, for the message if it dies.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const KEEP = 4096;

/** A port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** `{ url, pid, stop }` for `node <args>` with `env` added to this process's environment. */
export function spawnListening(args, { env = {}, cwd, readyPath } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (d) => (tail = (tail + d).slice(-KEEP));
  child.stderr.on('data', keep);
  const url = new Promise((resolve, reject) => {
    let found = false;
    const done = (u) => {
      if (found) return;
      found = true;
      resolve(u.replace('//localhost', '//127.0.0.1'));
    };
    child.stdout.on('data', (d) => {
      keep(d);
      const m = found ? null : /listening on (http:\/\/[^\s"]+)/.exec(tail);
      if (m) done(m[1]);
    });
    child.once('exit', (c) => {
      found = true;
      reject(new Error(`${args.join(' ')} exited ${c}: ${tail}`));
    });
    if (readyPath && env.PORT && env.PORT !== '0') {
      const base = `http://127.0.0.1:${env.PORT}`;
      const poll = () =>
        fetch(base + readyPath)
          .then((r) => (r.ok ? done(base) : setTimeout(poll, 20)))
          .catch(() => !found && setTimeout(poll, 20));
      poll();
    }
  });
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((r) => {
        if (child.exitCode !== null || child.signalCode !== null) return r();
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

/** `npm start`'s server (src/server/start.mjs) with its request log off, on a free port. */
export async function spawnQuietServer(env = {}, { cwd, entry = 'src/server/start.mjs' } = {}) {
  const port = String(await freePort());
  return spawnListening([entry], {
    cwd,
    env: { HOST: '127.0.0.1', MONGODB_URI: '', RATE_LIMIT_POINTS: '100000', LOG_LEVEL: 'warn', ...env, PORT: port },
    readyPath: '/v1/health/live',
  });
}

/** nginx from Debian serving `root` (2 workers, sendfile, no access log), the peer of the static path; `fn` gets its URL. */
export async function withNginx(root, fn) {
  const dir = mkdtempSync(join(os.tmpdir(), 'csc-nginx-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type application/json;
  sendfile on; tcp_nopush on; keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port}; root ${root}; etag on;
    add_header Cache-Control "public, max-age=60, s-maxage=300"; add_header Access-Control-Allow-Origin *;
  }
}`,
  );
  spawnSync('/usr/sbin/nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir]);
  await new Promise((r) => setTimeout(r, 300));
  try {
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    spawnSync('/usr/sbin/nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir, '-s', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  }
}
