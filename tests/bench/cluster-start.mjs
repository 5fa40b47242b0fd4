// `npm start` under node:cluster, for the bench only: CLUSTER_WORKERS workers
// (default: one per core) each running src/server/start.mjs on one shared
// port. Not a supported way to run the service: each worker keeps its own
// in-memory rate limiter and caches (see README, "Performance and scaling").
import cluster from 'node:cluster';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const workers = Number(process.env.CLUSTER_WORKERS || os.availableParallelism());
cluster.setupPrimary({ exec: fileURLToPath(new URL('../../src/server/start.mjs', import.meta.url)) });
for (let i = 0; i < workers; i++) cluster.fork();
const stop = () => {
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
