#!/usr/bin/env node
// `csc` (package.json "bin"): the command-line tool. Node 24 runs the
// TypeScript of src/ directly (type stripping); `npx csc` finds the Node 24
// the project installs as a dev dependency first on its PATH.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18) || (major === 23 && minor < 6)) {
  console.error(
    `csc needs Node.js 22.18 or newer (this is ${process.version}). From a checkout, run it with npx csc after npm install.`,
  );
  process.exit(2);
}
const { run } = await import('./main.ts');
process.exitCode = run(process.argv.slice(2));
