import { defineConfig } from 'vitest/config';

// Three projects: `unit` (core, adapters, CLI and HTTP tests against the built
// server), `abuse` (tests/abuse.test.ts: attacks with measured limits, alone) and
// `e2e` (tests/e2e: Chromium driving the built site, one server and one browser,
// run in order). `npm test` runs unit, then abuse, then e2e.
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // HTTP tests start their own server processes from dist/; keep the two cores busy but not swamped.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'functions/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/abuse.test.ts', 'node_modules/**', 'dist/**'],
        },
      },
      {
        // The abuse suite measures the server under attack (memory, latency): it runs alone, after the unit
        // project, so no other test file competes with it for the two cores.
        extends: true,
        test: {
          name: 'abuse',
          include: ['tests/abuse.test.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { concurrent: false },
        },
      },
    ],
  },
});
