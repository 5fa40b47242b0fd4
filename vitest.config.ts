import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'functions/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // HTTP tests start their own server processes from dist/; keep the two cores busy but not swamped.
    maxWorkers: 2,
  },
});
