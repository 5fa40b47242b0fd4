/**
 * Soak run: the built server (dist/) under mixed reads and writes for
 * SOAK_SECONDS (600 by default), with its resident memory sampled every
 * 10 s. Reads: prerendered pages and API files (some under odd spellings of
 * their path), searches, saved lists as JSON and as pages, health. Writes:
 * saved lists and feedback. The chart shows whether memory levels off.
 * Alone: `node_modules/.bin/node tests/bench/soak.ts` (after `npm run build`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnListening } from './spawn-server.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const SAMPLE_MS = 10_000;
const WORKERS = 16;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** The server with its request log on (LOG_LEVEL=info, the default), as it runs in production. */
async function start(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'csc-soak-'));
  const server = spawnListening(['src/server/start.mjs'], {
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, MONGODB_URI: '', RATE_LIMIT_POINTS: '100000' },
  });
  const url: string = await server.url;
  return {
    url,
    pid: server.pid!,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A small text chart of RSS over time: one bar per minute (the highest sample
 * in it) for runs of two minutes or more, else one per sample.
 */
export function rssChart(samples: { t: number; mb: number }[]): string {
  const last = samples.at(-1)!.t;
  const step = last >= 120 ? 60 : SAMPLE_MS / 1000;
  const rows: { t: number; mb: number }[] = [];
  for (const s of samples) {
    const t = Math.min(last, Math.ceil(s.t / step) * step);
    const row = rows.find((r) => r.t === t);
    if (row) row.mb = Math.max(row.mb, s.mb);
    else rows.push({ t, mb: s.mb });
  }
  const max = Math.max(...rows.map((r) => r.mb));
  const bar = (mb: number) => '█'.repeat(Math.max(1, Math.round((mb / max) * 40)));
  return rows.map((r) => `${String(r.t).padStart(4)} s │${bar(r.mb)} ${r.mb.toFixed(0)} MB`).join('\n');
}

export async function bench(): Promise<{ title: string; markdown: string }> {
  const server = await start();
  const { hostname, port } = new URL(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
  const request = (method: string, path: string, body?: string, type = 'application/json') =>
    new Promise<{ status: number; location?: string | undefined }>((resolve) => {
      const req = http.request(
        { hostname, port, path, method, agent, headers: body ? { 'content-type': type } : {} },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location }));
        },
      );
      req.on('error', () => resolve({ status: 0 }));
      req.end(body);
    });
  try {
    const catalogue = JSON.parse(
      await new Promise<string>((resolve) =>
        http.get(`${server.url}/catalogue.json`, (res) => {
          let t = '';
          res.on('data', (d) => (t += d));
          res.on('end', () => resolve(t));
        }),
      ),
    );
    const ids: string[] = catalogue.services.map((s: { id: string }) => s.id);
    const lists: string[] = [];
    let reads = 0;
    let writes = 0;
    let failures = 0;
    let n = 0;
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const one = async () => {
      const i = n++;
      const roll = i % 20;
      let status: number;
      if (roll === 0) {
        const chosen = ids.filter(() => Math.random() < 0.2);
        const saved = await request(
          'POST',
          '/v1/lists',
          JSON.stringify({ name: `soak ${i}`, approvedServiceIds: chosen }),
        );
        status = saved.status;
        writes++;
        if (saved.location) lists.push(saved.location.split('/').pop()!);
      } else if (roll === 1) {
        status = (await request('POST', '/v1/feedback', JSON.stringify({ message: `soak ${i}` }))).status;
        writes++;
      } else {
        const paths = [
          '/services',
          `/services/${pick(ids)}`,
          `${'/'.repeat(1 + (i % 50))}services`,
          '/v1/providers',
          `/v1/services?q=${pick(['storage', 'queue', 'sql', 'vault', 'kube'])}&page=${1 + (i % 3)}`,
          `/search?q=${pick(['storage', 'compute', 'ai'])}`,
          '/v1/health',
          ...(lists.length ? [`/v1/lists/${pick(lists)}`, `/lists/${pick(lists)}`] : []),
        ];
        status = (await request('GET', pick(paths))).status;
        reads++;
      }
      if (status === 0 || status >= 500) failures++;
    };
    const samples: { t: number; mb: number }[] = [{ t: 0, mb: rssMb(server.pid) }];
    const t0 = Date.now();
    const end = t0 + SECONDS * 1000;
    const sampler = setInterval(
      () => samples.push({ t: Math.round((Date.now() - t0) / 1000), mb: rssMb(server.pid) }),
      SAMPLE_MS,
    );
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (Date.now() < end) await one();
      }),
    );
    clearInterval(sampler);
    samples.push({ t: Math.round((Date.now() - t0) / 1000), mb: rssMb(server.pid) });
    agent.destroy();
    const chart = rssChart(samples);
    const max = Math.max(...samples.map((x) => x.mb));
    const first = samples[1]?.mb ?? samples[0]!.mb;
    const last = samples.at(-1)!.mb;
    const fmt = (x: number) => x.toLocaleString('en');
    const setup =
      `${SECONDS} s against the built server, ${WORKERS} keep-alive connections, 1 request in 10 a write ` +
      '(saved list of a random fifth of the catalogue, or feedback), the rest reads (pages, odd spellings of a ' +
      'page path, API files, searches, on-demand search pages, saved lists as JSON and as pages, health). ' +
      `RSS sampled every ${SAMPLE_MS / 1000} s; the chart shows the highest sample of each minute.`;
    const outcome =
      `${fmt(reads)} reads, ${fmt(writes)} writes (${fmt(lists.length)} lists saved), ${failures} failures ` +
      `(5xx or connection errors). RSS ${samples[0]!.mb.toFixed(0)} MB at start, ${first.toFixed(0)} MB after ` +
      `${SAMPLE_MS / 1000} s, ${last.toFixed(0)} MB at the end, ${max.toFixed(0)} MB at most.`;
    const markdown = `
${setup}

${outcome}

\`\`\`text
${chart}
\`\`\`
`;
    return { title: 'Soak: mixed reads and writes, memory over time', markdown };
  } finally {
    await server.stop();
  }
}

if (import.meta.main) {
  const { title, markdown } = await bench();
  console.log(`## ${title}\n${markdown}`);
}
