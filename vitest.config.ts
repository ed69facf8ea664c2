import { defineConfig } from 'vitest/config';

// Three projects, one per kind of test: fast units, devnet integration (anvil, containers), and the scenarios
// (one devnet for the whole run, started by the scenarios' global setup). Waits carry their own, explained bounds
// (fixtures/waits/timeouts.ts); vitest's timeouts are only the outer backstop.
const SCENARIO_TIMEOUT_MS = Number(process.env.E2E_SCENARIO_TIMEOUT_MS ?? 20 * 60_000);

export default defineConfig({
  test: {
    reporters: [
      'default',
      ['junit', { outputFile: 'reports/junit.xml' }],
      ['allure-vitest/reporter', { resultsDir: 'reports/allure-results' }],
    ],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['docker/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        test: {
          name: 'devnet',
          include: ['tests/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'scenarios',
          include: ['scenarios/**/*.spec.ts'],
          globalSetup: ['fixtures/target/devnet-global-setup.ts'],
          // One file per scenario, run side by side (vitest's default of cores − 1 workers would serialise them on a
          // 2-core machine); a group of its own after the other projects, as a different maxWorkers requires.
          maxWorkers: Number(process.env.E2E_SCENARIO_WORKERS ?? 4),
          sequence: { groupOrder: 1 },
          testTimeout: SCENARIO_TIMEOUT_MS,
          hookTimeout: SCENARIO_TIMEOUT_MS,
        },
      },
    ],
  },
});
