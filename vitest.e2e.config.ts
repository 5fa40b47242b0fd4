import { defineConfig } from 'vitest/config';

// Browser tests (tests/e2e): one built server and one Chromium shared by the
// tests of a file, run in order in a single worker. `npm test` runs them after
// the other tests; they skip, saying why, when Chromium is not installed.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    sequence: { concurrent: false },
  },
});
