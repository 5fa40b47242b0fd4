#!/usr/bin/env node
// `csc` (package.json "bin"): the command-line tool. Node runs the TypeScript
// of src/ directly (type stripping), from the version package.json "engines"
// names. Started by an older Node (the machine's own, through the link
// `npm install -g .` makes in a checkout), it hands over to the Node.js 24 the
// checkout installed, and says what it needs only when there is none.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pkg from '../../package.json' with { type: 'json' };
import { nodeVersionProblem } from '../core/node-version.mjs';

const problem = nodeVersionProblem(pkg.engines.node, process.versions.node, 'csc');
if (problem) {
  const installed = fileURLToPath(new URL('../../node_modules/node/bin/node', import.meta.url));
  // The variable stops a loop should that Node be too old as well.
  if (existsSync(installed) && !process.env.CSC_HANDED_OVER) {
    const r = spawnSync(installed, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, CSC_HANDED_OVER: '1' },
    });
    process.exit(r.status ?? 1);
  }
  console.error(problem);
  process.exit(2);
}
// `npm run csc -- …` runs in the checkout's root; paths on its command line are the user's, from where npm was run.
// This package's own script only: another package's script of that name gives paths from its own root.
if (process.env.npm_lifecycle_event === 'csc' && process.env.npm_package_name === pkg.name && process.env.INIT_CWD)
  process.chdir(process.env.INIT_CWD);
// A reader that stops early (`csc markdown list.json | head`) closes the pipe: the rest of the output is not wanted,
// which is no error of this tool's (Node would end with a stack trace for the write that failed).
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
});
const { run } = await import('./main.ts');
process.exitCode = run(process.argv.slice(2));
