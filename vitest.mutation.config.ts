import { defineConfig } from 'vitest/config';

// Stryker's test runs (stryker.config.mjs): the unit tests of the modules that decide verdicts, no containers, no
// reporters of the real runs (their outputs would land in reports/ on every mutant).
export default defineConfig({
  test: {
    name: 'unit',
    setupFiles: ['fixtures/report/bigint-json.setup.ts'],
    include: [
      'fixtures/expectations/**/*.test.ts',
      'fixtures/waits/**/*.test.ts',
      'fixtures/event-webhooks/verify-delivery.test.ts',
      'fixtures/event-webhooks/vendor-vectors.test.ts',
      'fixtures/secrets/**/*.test.ts',
      'fixtures/run/teardown-verdict.test.ts',
      'fixtures/builds/pairing.test.ts',
    ],
    exclude: ['**/node_modules/**'],
    // Stryker's runs share the machine: a test that loads the report configuration can take seconds.
    testTimeout: 30_000,
  },
});
