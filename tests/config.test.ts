/** Configuration by environment: validated with zod at start-up, documented in the README. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { get } from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, loadConfig } from '../functions/lib/config.ts';
import { startServer } from './helpers/server.ts';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const { config } = loadConfig({});
    expect(config).toMatchObject({
      PORT: 4321,
      DATA_DIR: './data',
      TRUST_PROXY: 0,
      RATE_LIMIT_POINTS: 10,
      RATE_LIMIT_WINDOW_SECONDS: 60,
      STATUS_SAMPLE_SECONDS: 300,
    });
    expect(config!.MONGODB_URI).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '0x1F00'],
    ['PORT', '8e3'],
    ['METRICS_PORT', '-1'],
    ['SHUTDOWN_TIMEOUT_SECONDS', '1e1'],
    ['TRUST_PROXY', '-1'],
    ['MAX_BODY_BYTES', '10'],
    ['STATUS_SAMPLE_SECONDS', '1'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['MONGODB_DB', 'a/b'],
  ])('names %s=%s as a problem', (key, value) => {
    const { config, problems } = loadConfig({ [key]: value });
    expect(config).toBeUndefined();
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^${key}: .*\\(got "${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"\\)$`)),
    ]);
  });

  it('rejects a connection string that is not MongoDB without printing it', () => {
    const { problems } = loadConfig({ MONGODB_URI: 'postgres://user:secret@db/x' });
    expect(problems).toHaveLength(1);
    expect(problems![0]).toMatch(/^MONGODB_URI: /);
    expect(problems![0]).not.toContain('secret');
  });

  it('treats an empty or blank value as unset', () => {
    expect(loadConfig({ MONGODB_URI: '', PORT: '' }).config).toMatchObject({ PORT: 4321 });
    // A blank port had been read as 0, a random port, and a blank METRICS_PORT had turned metrics on.
    const blank = loadConfig({ PORT: ' ', METRICS_PORT: '  ' }).config;
    expect(blank).toMatchObject({ PORT: 4321 });
    expect(blank!.METRICS_PORT).toBeUndefined();
  });

  it('reads numbers written in digits, with their surrounding spaces, and seconds with a fraction', () => {
    expect(loadConfig({ PORT: ' 8080 ', SHUTDOWN_DELAY_SECONDS: '0.5' }).config).toMatchObject({
      PORT: 8080,
      SHUTDOWN_DELAY_SECONDS: 0.5,
    });
  });
});

it('npm start exits 1 with a clear message on a bad value', () => {
  const r = spawnSync(process.execPath, ['src/server/start.mjs'], {
    env: { ...process.env, PORT: 'eighty', RATE_LIMIT_POINTS: '0' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('Invalid configuration');
  expect(r.stderr).toMatch(/PORT: .*"eighty"/);
  expect(r.stderr).toMatch(/RATE_LIMIT_POINTS: /);
});

it('npm start exits 1 when the embedded store cannot be opened under DATA_DIR', () => {
  const dir = mkdtempSync(join(tmpdir(), 'csc-datadir-'));
  const file = join(dir, 'not-a-directory');
  writeFileSync(file, 'x');
  try {
    const r = spawnSync(process.execPath, ['src/server/start.mjs'], {
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: join(file, 'data'), MONGODB_URI: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(1);
    // Once the configuration is valid, the server logs JSON lines on stdout.
    expect(r.stdout).toContain('The embedded store could not be opened under DATA_DIR');
    expect(r.stdout).toMatch(/"level":"fatal"/);
    expect(r.stdout).not.toContain('listening on');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('npm start serves on a port fetch refuses (one the Fetch standard calls bad)', async () => {
  // The start-up warm-up request once went through fetch, which refuses these ports before connecting: the
  // server then reported a store it had opened as unopenable and exited. The first of them free here is used.
  let port: number | undefined;
  for (const candidate of [4190, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080, 5060, 5061, 6000]) {
    const probe = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) {
      port = candidate;
      break;
    }
  }
  expect(port, 'one of the ports fetch refuses is free').toBeDefined();
  const server = await startServer({ PORT: String(port) });
  try {
    expect(server.url).toBe(`http://127.0.0.1:${port}`);
    const health = await new Promise<number>((resolve, reject) =>
      get(`${server.url}/v1/health`, (res) => resolve(res.resume().statusCode!)).on('error', reject),
    );
    expect(health).toBe(200);
    expect(server.output()).not.toContain('Not ready');
  } finally {
    await server.stop();
  }
});

it('documents every variable in the README', () => {
  const readme = readFileSync('README.md', 'utf8');
  for (const key of Object.keys(ConfigSchema.shape))
    expect(readme, key).toMatch(new RegExp(`^\\| \`${key}\` \\|`, 'm'));
});

it.each([
  ['no host', 'mongodb://catalogue:s3cret-Pass@'],
  ['an unknown option', 'mongodb://catalogue:s3cret-Pass@db.example:27017/?bogusOption=1'],
  ['a bad option value', 'mongodb://catalogue:s3cret-Pass@db.example/?serverSelectionTimeoutMS=soon'],
])('npm start exits 1 on a MONGODB_URI the driver cannot read (%s), without printing the password', (_, uri) => {
  const r = spawnSync(process.execPath, ['src/server/start.mjs'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', MONGODB_URI: uri },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(r.status).toBe(1);
  expect(r.stderr).toMatch(
    /^Invalid configuration:\n {2}MONGODB_URI: not a usable MongoDB connection string: .+\(value hidden\)\n$/,
  );
  expect(r.stdout + r.stderr).not.toContain('s3cret-Pass');
  expect(r.stdout).not.toContain('listening on');
});
