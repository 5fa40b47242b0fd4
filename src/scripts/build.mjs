#!/usr/bin/env node
// `npm run build`: Astro's build, short by default. Astro prints a line per
// prerendered page; this keeps those in .astro/build.log and shows warnings,
// errors (Astro writes them to standard error, passed through untouched) and a
// one-line summary. `npm run build -- --verbose` (or VERBOSE=1) prints
// Astro's whole output as it runs. Plain JavaScript up to the version check,
// so an older Node says what it needs in a sentence.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pkg from '../../package.json' with { type: 'json' };
import { nodeVersionProblem } from '../core/node-version.mjs';

const problem = nodeVersionProblem(pkg.engines.node, process.versions.node, 'npm run build');
if (problem) {
  console.error(problem);
  process.exit(1);
}
const { buildSummary, classifyBuildLine } = await import('./lib/build-log.ts');

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const verbose = args.includes('--verbose') || /^(1|true|yes)$/i.test(process.env.VERBOSE ?? '');
const astroArgs = args.filter((a) => a !== '--verbose');
const astro = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));
const started = performance.now();

const child = spawn(process.execPath, [astro, 'build', ...astroArgs], {
  cwd: root,
  stdio: ['inherit', verbose ? 'inherit' : 'pipe', 'inherit'],
});

const logFile = '.astro/build.log';
let pages = 0;
const recent = [];
if (!verbose) {
  mkdirSync(new URL('../../.astro', import.meta.url), { recursive: true });
  const log = createWriteStream(new URL(`../../${logFile}`, import.meta.url));
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
    log.write(`${line}\n`);
    const kind = classifyBuildLine(line);
    if (kind === 'show') console.log(line);
    else {
      if (kind === 'page') pages += 1;
      // Kept for a failure: the steps just before it say where the build stopped.
      recent.push(line);
      if (recent.length > 15) recent.shift();
    }
  });
}

child.on('close', (code, signal) => {
  const status = code ?? (signal ? 1 : 0);
  if (verbose) process.exit(status);
  if (status === 0) console.log(buildSummary(pages, (performance.now() - started) / 1000, logFile));
  else console.error(`${recent.join('\n')}\nThe build failed (exit ${status}); its full output is in ${logFile}.`);
  process.exit(status);
});
