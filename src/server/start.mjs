// `npm start`: serves the built service (dist/) on HOST:PORT. No build here.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import pkg from '../../package.json' with { type: 'json' };
import { nodeVersionProblem } from '../core/node-version.mjs';

// Checked before any TypeScript is imported: an older Node would fail on it with a bare stack trace.
const tooOld = nodeVersionProblem(pkg.engines.node, process.versions.node, 'npm start');
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}
const { loadConfig } = await import('../../functions/lib/config.ts');
const { createStaticHandler } = await import('./static.ts');

const { config, problems } = loadConfig();
if (!config) {
  console.error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
if (!existsSync(`${dist}server/entry.mjs`)) {
  console.error('No build found in dist/. Run `npm run build` first.');
  process.exit(1);
}

const { handler } = await import(`${dist}server/entry.mjs`);
const serveStatic = createStaticHandler(`${dist}client`);
const notFoundPage = existsSync(`${dist}client/404.html`) ? readFileSync(`${dist}client/404.html`) : undefined;

const server = createServer(async (req, res) => {
  try {
    if (await serveStatic(req, res)) return;
    await handler(req, res, () => {
      // Nothing matched: the site's own 404 page for people, plain text otherwise.
      if (notFoundPage && !req.url?.startsWith('/v1/')) {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : notFoundPage);
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    });
  } catch (e) {
    console.error(e);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/problem+json' });
    res.end(JSON.stringify({ type: '/problems/internal', title: 'Internal server error', status: 500 }));
  }
});
server.keepAliveTimeout = 5000;
server.requestTimeout = 30_000;
server.headersTimeout = 10_000;

/**
 * One request to /v1/health before announcing the server: it opens the store,
 * records the start-up status sample and starts the status sampler and the
 * purge schedule (src/server/context.ts), so they run from start-up rather
 * than from the first request, and the announced server is ready. Returns
 * whether it is.
 */
async function warmUp(port) {
  const host =
    config.HOST === '0.0.0.0'
      ? '127.0.0.1'
      : config.HOST === '::'
        ? '[::1]'
        : config.HOST.includes(':')
          ? `[${config.HOST}]`
          : config.HOST;
  try {
    const r = await fetch(`http://${host}:${port}/v1/health`, { signal: AbortSignal.timeout(30_000) });
    if (r.status === 200) return true;
    console.error(`Not ready: GET /v1/health answered ${r.status} ${await r.text()}`);
  } catch (e) {
    console.error(`Not ready: GET /v1/health failed: ${e.message}`);
  }
  return false;
}

server.listen(config.PORT, config.HOST, async () => {
  const { port } = server.address();
  if (!(await warmUp(port)) && !config.MONGODB_URI) {
    // MongoDB may come back (requests retry it); an embedded store that cannot open under DATA_DIR is a local setup error.
    console.error(
      `The embedded store could not be opened under DATA_DIR (${config.DATA_DIR}): check that it is a writable directory.`,
    );
    process.exit(1);
  }
  const where = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;
  console.log(`Cloud Service Catalogue listening on ${where}`);
  if (!config.PUBLIC_URL)
    console.log('PUBLIC_URL is not set: shareable list links use the origin each request came to.');
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
