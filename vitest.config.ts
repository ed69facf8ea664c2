import { defineConfig } from 'vitest/config';
// With its extension: vite's native configuration loader (its future default) resolves nothing else.
import { runOutputs } from './fixtures/run/run-outputs.ts';

// Three projects, one per kind of test: fast units, devnet integration (anvil, containers), and the scenarios
// (one devnet for the whole run, started by the scenarios' global setup). Waits carry their own, explained bounds
// (fixtures/waits/timeouts.ts); vitest's timeouts are only the outer backstop.
const SCENARIO_TIMEOUT_MS = Number(process.env.E2E_SCENARIO_TIMEOUT_MS ?? 20 * 60_000);

/** reports/, or a shard's own directory under reports/shards/ (`npm run e2e -- --shard i/n`). */
const OUTPUTS = runOutputs();

/** In every project's workers: readable failures when compared values hold bigints (see the file). */
const SETUP_FILES = ['fixtures/report/bigint-json.setup.ts'];

export default defineConfig({
  test: {
    reporters: [
      'default',
      ['junit', { outputFile: OUTPUTS.junit }],
      ['allure-vitest/reporter', { resultsDir: OUTPUTS.allureResults }],
      // reports/summary.json: the run's target, client build, contract generation and scenario counts.
      './fixtures/run/summary-reporter.ts',
    ],
    projects: [
      {
        test: {
          name: 'unit',
          setupFiles: SETUP_FILES,
          include: ['docker/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        test: {
          name: 'devnet',
          setupFiles: SETUP_FILES,
          include: ['tests/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'scenarios',
          setupFiles: SETUP_FILES,
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
