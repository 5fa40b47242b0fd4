import { defineConfig } from 'vitest/config';
import { buildSchemaUrl } from './functions/lib/config.ts';
import { serviceListValidator } from './src/integrations/service-list-validator.ts';

// Four projects, each with its own script:
// - `unit` (npm run test:unit): the tests beside the code in src/ and functions/; no build needed.
// - `http` (npm run test:http): tests/, black-box through HTTP, the CLI, the server process and the
//   build, against the built service in dist/.
// - `abuse` (npm run test:abuse): tests/abuse.test.ts, attacks on the built server with measured limits
//   (memory, latency), run alone so no other test file competes with it for the two cores.
// - `e2e` (npm run test:e2e): tests/e2e, Chromium driving the built site, one server and one browser, in order.
// `npm test` builds once and runs them in that order.
export default defineConfig({
  // Browser modules import the interchange validator the build compiles; unit tests get the same module.
  plugins: [serviceListValidator(buildSchemaUrl())],
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
          include: ['src/**/*.test.ts', 'functions/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'http',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/abuse.test.ts'],
        },
      },
      {
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
          // A page that draws once /catalogue.json has arrived and its index is built may take more than the
          // default second on a busy machine; a poll still fails when the page never gets there.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          sequence: { concurrent: false },
        },
      },
    ],
  },
});
