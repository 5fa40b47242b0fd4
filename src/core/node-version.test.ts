import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from './node-version.mjs';

const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;

describe('the Node.js version check of npm start and csc', () => {
  it('reads the minimum from package.json engines, which the Node.js the project installs satisfies', () => {
    expect(engines).toMatch(/^>=\d+\.\d+\.\d+$/);
    const installed = (JSON.parse(readFileSync('node_modules/node/package.json', 'utf8')) as { version: string })
      .version;
    expect(nodeVersionProblem(engines, installed, 'csc')).toBeUndefined();
    expect(nodeVersionProblem(engines, process.versions.node, 'csc')).toBeUndefined();
  });

  it('refuses older versions with a sentence naming the minimum and the way out', () => {
    expect(nodeVersionProblem('>=22.18.0', 'v20.20.2', 'npm start')).toBe(
      'npm start needs Node.js 22.18.0 or newer (this is v20.20.2). From a checkout, run it through npm ' +
        '(npm start, npm test, npm exec --no -- csc): npm install brings the Node.js 24 the project runs on, and npm scripts use it.',
    );
    expect(nodeVersionProblem('>=22.18.0', '22.17.9', 'csc')).toMatch(/needs Node\.js 22\.18\.0/);
    expect(nodeVersionProblem('>=22.18.0', '21.99.0', 'csc')).toBeDefined();
  });

  it('accepts the minimum and anything newer', () => {
    for (const v of ['22.18.0', '22.18.1', '22.20.0', '23.0.0', '24.9.0', 'v26.1.0'])
      expect(nodeVersionProblem('>=22.18.0', v, 'csc'), v).toBeUndefined();
  });
});
