/**
 * The dependency direction (core ← adapters ← HTTP edge ← functions ← data,
 * server, pages) is kept by the boundaries lint rule in eslint.config.js.
 * These tests lint small files placed in each layer, so a config change that
 * stops reporting a wrong-way import fails here rather than going unnoticed.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The boundaries messages ESLint reports for `code` as if it were saved at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('import direction between layers', () => {
  it.each([
    ['src/core/probe.ts', "import '../adapters/store.ts';", 'core', 'adapters'],
    ['src/core/probe.ts', "import '../../functions/lib/types.ts';", 'core', 'functions'],
    ['src/core/probe.ts', "import '../scripts/lib/read-content.ts';", 'core', 'scripts'],
    ['src/adapters/probe.ts', "import '../../functions/lib/types.ts';", 'adapters', 'functions'],
    ['src/http/probe.ts', "import '../../functions/lists.ts';", 'http', 'functions'],
    ['functions/lib/probe.ts', "import '../../src/server/context.ts';", 'functions', 'server'],
    ['src/data/probe.ts', "import '../server/context.ts';", 'data', 'server'],
    ['src/site/probe.ts', "import '../http/problem.ts';", 'site', 'http'],
    ['src/cli/probe.ts', "import '../adapters/store.ts';", 'cli', 'adapters'],
    ['src/server/probe.ts', "import '../../tests/helpers/http.ts';", 'server', 'tests'],
    ['src/middleware.ts', "import './cli/main.ts';", 'app', 'cli'],
  ])('reports %s importing %s', async (file, code, from, to) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`type "${from}" to elements of type "${to}"`);
  });

  it.each([
    ['src/core/probe.ts', "import '../../schemas/v1/service-list.schema.json';"],
    ['src/adapters/probe.ts', "import '../core/status.ts';"],
    ['functions/lib/probe.ts', "import '../../src/http/problem.ts';"],
    ['src/server/probe.ts', "import '../../functions/lib/status.ts';"],
    ['src/pages/probe.ts', "import '../data/openapi.ts';"],
    // Tests may reach into any layer (and test support may live outside src/).
    ['src/core/probe.test.ts', "import '../../tests/validators/aws-scp.ts';"],
  ])('allows %s importing %s', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
