#!/usr/bin/env node
// `csc` (package.json "bin"): the command-line tool. Node runs the TypeScript
// of src/ directly (type stripping), from the version package.json "engines"
// names; `npx csc` finds the Node 24 the project installs as a dev dependency
// first on its PATH.
import pkg from '../../package.json' with { type: 'json' };
import { nodeVersionProblem } from '../core/node-version.mjs';

const problem = nodeVersionProblem(pkg.engines.node, process.versions.node, 'csc');
if (problem) {
  console.error(problem);
  process.exit(2);
}
const { run } = await import('./main.ts');
process.exitCode = run(process.argv.slice(2));
