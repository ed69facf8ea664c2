import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// With its extension: vite's native configuration loader (its future default) resolves nothing else.
import { runOutputs } from './fixtures/run/run-outputs.ts';

// Three projects, one per kind of test: fast units, devnet integration (anvil, containers), and the scenarios
// (one devnet for the whole run, started by the scenarios' global setup). Waits carry their own, explained bounds
// (fixtures/waits/timeouts.ts); vitest's timeouts are only the outer backstop.
const SCENARIO_TIMEOUT_MS = Number(process.env.E2E_SCENARIO_TIMEOUT_MS ?? 20 * 60_000);

/** reports/, or a shard's own directory under reports/shards/ (`npm run e2e -- --shard i/n`). */
const OUTPUTS = runOutputs();

/**
 * Scenario files side by side, three per core, up to all of them. A scenario mostly waits for L1 blocks and the
 * proposer's batching window, so a core carries more than one (vitest's default, cores − 1, would serialise them on a
 * 2-core machine) — but not every file at once on a small machine: each is a worker process and two or more client
 * containers, and a suite run costs about 240 CPU-seconds. Measured on 2 cores: 4, 6 and 8 workers 134–157 s,
 * 12 workers 165 s, all 18 files at once 216–249 s (every file slowed four-fold). A 4-core CI runner with a third of the
 * files (a shard) runs them all at once. E2E_SCENARIO_WORKERS sets the number.
 */
const SCENARIO_FILES = readdirSync(fileURLToPath(new URL('./scenarios', import.meta.url)), { recursive: true })
  .filter((name) => String(name).endsWith('.spec.ts')).length;
const SCENARIO_WORKERS = Number(process.env.E2E_SCENARIO_WORKERS ?? Math.max(1, Math.min(SCENARIO_FILES, 3 * availableParallelism())));

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
          // One file per scenario, all side by side (SCENARIO_WORKERS); a group of its own after the other projects, as a
          // different maxWorkers requires.
          maxWorkers: SCENARIO_WORKERS,
          sequence: { groupOrder: 1 },
          testTimeout: SCENARIO_TIMEOUT_MS,
          hookTimeout: SCENARIO_TIMEOUT_MS,
        },
      },
    ],
  },
});
