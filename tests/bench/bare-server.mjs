// The platform's limit for a file served from memory: a bare node:http server
// answering every request with the same status, headers and bytes another
// server gave for one URL (fetched once at start). `npm run bench` runs it as
// the peer of the static path. Usage: node bare-server.mjs SOURCE_URL
// (prints "listening on http://127.0.0.1:PORT").
import { createServer, request } from 'node:http';

const source = process.argv[2];
const { headers, body } = await new Promise((resolve, reject) => {
  request(source, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
  })
    .on('error', reject)
    .end();
});
const SENT_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const flat = Object.entries(headers)
  .filter(([k]) => !SENT_BY_NODE.has(k))
  .flatMap(([k, v]) => (Array.isArray(v) ? v.flatMap((x) => [k, x]) : [k, v]));

// As `npm start` sets it: a request without a body skips the body stream's events.
const server = createServer({ optimizeEmptyRequests: true }, (req, res) => {
  res.writeHead(200, flat);
  res.end(req.method === 'HEAD' ? undefined : body);
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
