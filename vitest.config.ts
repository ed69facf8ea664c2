import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
// With its extension: vite's native configuration loader (its future default) resolves nothing else.
import { runOutputs } from './fixtures/run/run-outputs.ts';
import ScenarioSequencer from './fixtures/run/scenario-order.ts';
import { runHandoff } from './fixtures/report/run-handoff.ts';

// Three projects, one per kind of test: fast units, devnet integration (anvil, containers), and the scenarios
// (one devnet for the whole run, started by the scenarios' global setup). Waits carry their own, explained bounds
// (fixtures/waits/timeouts.ts); vitest's timeouts are only the outer backstop.
const SCENARIO_TIMEOUT_MS = runHandoff().scenarioTimeoutMs ?? 20 * 60_000;

/** reports/, or a shard's own directory under reports/shards/ (`npm run e2e -- --shard i/n`). */
const OUTPUTS = runOutputs();

/**
 * In every project's workers: readable failures when compared values hold bigints, assertion steps as sentences and
 * failure classes for the report, and each test's full log attached to it (see the files).
 */
const SETUP_FILES = [
  'fixtures/report/bigint-json.setup.ts',
  'fixtures/report/report.setup.ts',
  'fixtures/log/test-log.setup.ts',
];

/**
 * `npm run e2e` asks for the harness's own console (E2E_CONSOLE=compact, set by scripts/e2e.ts): one line per test,
 * failures in full, tests' output kept in their reports. Anything else (npm test, E2E_CONSOLE=vitest) gets vitest's.
 */
const CONSOLE_REPORTER = process.env.E2E_CONSOLE === 'compact' ? './fixtures/console/reporter.ts' : 'default';

/** The devnet tests that SIGKILL a nested `npm run e2e` and rescue its orphaned clients (see the devnet-alone project). */
const KILLS_HARNESSES = ['tests/faults/harness-killed.test.ts', 'tests/faults/harness-killed-next-run.test.ts'];

/**
 * The devnet tests that run a nested `npm run e2e` or the repository's vitest configuration, whose outputs go to the
 * shared reports/ (scripts/e2e.ts has no switch for them): one at a time, beside the unit tests (see devnet-serial).
 */
const WRITE_SHARED_REPORTS = [
  'tests/console/e2e-console.test.ts',
  'tests/console/devnet-script.test.ts',
  'tests/console/refused-run.test.ts',
  'tests/harness/pairing-refused.test.ts',
  'tests/testnet/scenarios-on-stand-in.test.ts',
  'tests/explore/explore-on-devnet.test.ts',
];

/**
 * The other devnet test files side by side. Each starts its own anvil and containers and then mostly waits for blocks,
 * so a 2-core machine carries more than vitest's default (cores − 1 = one at a time: 63 files, ~1,500 s of file time in
 * a row). E2E_DEVNET_WORKERS sets the number.
 */
const DEVNET_WORKERS = Number(process.env.E2E_DEVNET_WORKERS ?? Math.max(2, availableParallelism() + 1));

/**
 * Scenario files side by side, five per core, up to all of them. A scenario mostly waits for L1 blocks and the
 * proposer's batching window, so a core carries several (vitest's default, cores − 1, would serialise them on a 2-core
 * machine) — but not every file at once on a small machine: each is a worker process and two or more client
 * containers, and a suite run costs about 125 CPU-seconds, most of it as files and clients start. Measured on 2 cores
 * (suite wall, isolated workers, one run each): 6 workers 88 s, 9 74–78 s, 10 76 s, 12 72–78 s, 15 84 s, 18 81 s (the
 * CPU 83–88 % busy from 9 on). A 4-core runner runs all of them at once. E2E_SCENARIO_WORKERS sets the number.
 */
const SCENARIO_FILES = readdirSync(fileURLToPath(new URL('./scenarios', import.meta.url)), { recursive: true }).filter(
  (name) => String(name).endsWith('.spec.ts'),
).length;
const SCENARIO_WORKERS = Number(
  process.env.E2E_SCENARIO_WORKERS ?? Math.max(1, Math.min(SCENARIO_FILES, 5 * availableParallelism())),
);

export default defineConfig({
  test: {
    // Scenario files longest first (fixtures/run/scenario-order.ts); the other projects in vitest's order.
    sequence: { sequencer: ScenarioSequencer },
    reporters: [
      CONSOLE_REPORTER,
      ['junit', { outputFile: OUTPUTS.junit }],
      // reportMatchers: false — allure-vitest's own `expect(x).toBe(y)` steps; fixtures/report/assertion-sentences.ts
      // records each assertion as a sentence instead.
      ['allure-vitest/reporter', { resultsDir: OUTPUTS.allureResults, reportMatchers: false }],
      // reports/summary.json: the run's target, client build, contract generation and scenario counts.
      './fixtures/run/summary-reporter.ts',
    ],
    projects: [
      {
        test: {
          name: 'unit',
          setupFiles: SETUP_FILES,
          include: ['lib/**/*.test.ts', 'docker/**/*.test.ts', 'fixtures/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
        },
      },
      {
        test: {
          name: 'devnet-serial',
          setupFiles: SETUP_FILES,
          include: WRITE_SHARED_REPORTS,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'devnet',
          setupFiles: SETUP_FILES,
          include: ['tests/**/*.test.ts'],
          exclude: [...KILLS_HARNESSES, ...WRITE_SHARED_REPORTS, '**/node_modules/**'],
          // A group of its own, after the unit and serial devnet tests, as a different maxWorkers requires.
          maxWorkers: DEVNET_WORKERS,
          sequence: { groupOrder: 1 },
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          // Files that kill a nested harness on purpose and rescue what it left: its clients are orphans by design, and
          // any devnet started beside them sweeps orphans (removeLeftovers at every start). They run last, one at a
          // time, with nothing else starting a devnet meanwhile.
          name: 'devnet-alone',
          setupFiles: SETUP_FILES,
          include: [...KILLS_HARNESSES],
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          name: 'scenarios',
          include: ['scenarios/**/*.spec.ts'],
          // The request tallies: what each scenario file's waits cost, for reports/summary.json `requests`.
          setupFiles: [...SETUP_FILES, 'fixtures/run/request-counts.setup.ts'],
          globalSetup: ['fixtures/target/devnet-global-setup.ts'],
          // One file per scenario, all side by side (SCENARIO_WORKERS); a group of its own after the other projects, as a
          // different maxWorkers requires.
          maxWorkers: SCENARIO_WORKERS,
          // A worker that has finished a file runs the next without loading the harness again (~1.3 CPU-s a file: viem,
          // testcontainers, the fixtures). Measured on 2 cores: the suite's CPU 155 → 129 s, its wall 86 → 73 s. What
          // a file leaves in a module is per-file where it matters: the request tally is filed and reset after each
          // file (fixtures/run/request-counts.setup.ts), the test log drops what came after the last file's last test
          // (fixtures/log/test-log.ts), assertion sentences install once; the rest is per cast (identities, clients,
          // ports, nonces) or only grows (registered secrets).
          isolate: false,
          sequence: { groupOrder: 2 },
          testTimeout: SCENARIO_TIMEOUT_MS,
          hookTimeout: SCENARIO_TIMEOUT_MS,
        },
      },
    ],
  },
});
