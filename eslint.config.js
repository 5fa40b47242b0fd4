// @ts-check
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/**
 * The layers, lowest first. Each may import only itself and the layers its
 * entry names, so dependencies point one way (core ← adapters ← HTTP edge ←
 * functions ← data, server, pages) and no folder can import one that imports
 * it back. Tests may import anything; nothing may import a test.
 */
const layers = {
  core: { patterns: ['src/core', 'schemas'], may: [] },
  adapters: { patterns: ['src/adapters'], may: ['core'] },
  http: { patterns: ['src/http'], may: ['core', 'adapters'] },
  functions: { patterns: ['functions'], may: ['core', 'adapters', 'http'] },
  site: { patterns: ['src/site'], may: ['core'] },
  data: { patterns: ['src/data'], may: ['core', 'adapters', 'http', 'functions'] },
  server: { patterns: ['src/server'], may: ['core', 'adapters', 'http', 'functions', 'data'] },
  pages: {
    patterns: ['src/pages', 'src/components', 'src/layouts'],
    may: ['core', 'adapters', 'http', 'functions', 'data', 'server', 'site'],
  },
  integrations: { patterns: ['src/integrations'], may: ['core', 'http'] },
  cli: { patterns: ['src/cli'], may: ['core'] },
  scripts: { patterns: ['src/scripts'], may: ['core'] },
  // Files directly in src/ (the middleware, the content collections' config): Astro's entry points.
  app: { patterns: ['src'], may: ['core', 'adapters', 'http', 'functions', 'data', 'server', 'site', 'pages'] },
};

// The first pattern that matches a file's folder decides its layer, so the catch-all src comes last.
export const layerElements = Object.entries(layers).flatMap(([type, { patterns }]) =>
  patterns.map((pattern) => ({ type, pattern, partialMatch: false })),
);

export default tseslint.config(
  {
    ignores: ['dist/**', '.astro/**', 'node_modules/**', 'data/**', 'test-artifacts/**', '.scratch/**', 'bench/tmp/**'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Lines stay readable; long prose (OpenAPI descriptions, messages) is split into concatenated strings.
    rules: { 'max-len': ['error', { code: 160, ignoreUrls: true }] },
  },
  {
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [...layerElements, { type: 'tests', pattern: 'tests', partialMatch: false }],
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.ts' }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            ...Object.entries(layers).map(([type, { may }]) => ({
              from: { element: { type } },
              allow: { to: { element: { types: { anyOf: [type, ...may] } } } },
            })),
            { from: { element: { type: 'tests' } }, allow: { to: { element: { type: '*' } } } },
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: '*' } } } },
          ],
        },
      ],
    },
  },
);
