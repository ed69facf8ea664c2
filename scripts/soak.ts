// `npm run soak -- --runs N`: runs the devnet suite (the scenarios project, as `npm run e2e` runs it) N times in a row,
// each on a devnet of its own, and writes reports/soak.json (scripts/soak-report.ts: the commit and the date, each run's
// verdict, duration, failed tests and skipped count, and per test how many runs it failed in), then prints k/N. Exits
// non-zero unless every run passed: a flake is a finding to fix at its cause, not a rate to live with.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { RUN_LOG_ENV, startRunLog } from '../fixtures/log';
import { handOff } from '../fixtures/report/run-handoff';
import { RUN_SUMMARY_PATH } from '../fixtures/run/run-summary';
import { runGateStep } from './run-gate-step';
import {
  aggregateSoak,
  formatSoak,
  SOAK_REPORT_PATH,
  SoakProvenance,
  soakRun,
  VitestJsonReport,
  type SoakRun,
} from './soak-report';

const { values, positionals: scenarioPaths } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '20' } },
});
const RUNS = z.coerce.number().int().min(1).max(500).parse(values.runs);
const OUT = 'reports/soak';
const ROOT = resolve('.');

// The commit the soak ran: CI's checkout names it; locally, the work tree's HEAD (uncommitted edits are not in it).
const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' });
if (head.status !== 0)
  throw new Error(
    `soak: cannot name the commit it runs (git rev-parse HEAD exited ${head.status}: ${head.stderr.trim()})`,
  );
const provenance = SoakProvenance.parse({ commit: head.stdout.trim(), date: new Date().toISOString() });

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const runs: SoakRun[] = [];
for (let run = 1; run <= RUNS; run++) {
  console.error(`soak: run ${run}/${RUNS}`);
  const evidence = join(OUT, `run-${run}`);
  const json = `${evidence}.json`;
  const runLog = startRunLog(join(evidence, 'run.jsonl'));
  const started = performance.now();
  const result = spawnSync(
    'npx',
    [
      // The soak's reporters (scripts/soak.vitest.config.ts) write this run's outputs under `evidence`.
      'vitest',
      'run',
      '--config',
      'scripts/soak.vitest.config.ts',
      '--project',
      'scenarios',
      ...scenarioPaths,
    ],
    {
      stdio: 'inherit',
      env: { ...handOff(process.env, { soakRunDir: evidence }), E2E_TARGET: 'devnet', [RUN_LOG_ENV]: runLog },
    },
  );
  const seconds = (performance.now() - started) / 1_000;
  const report = existsSync(json) ? VitestJsonReport.parse(JSON.parse(readFileSync(json, 'utf8'))) : undefined;
  // The run's gate, as `npm run e2e` applies it: an unexpected skip fails a soak run as it fails a night.
  const gate = await runGateStep({
    resultsDir: join(evidence, 'allure-results'),
    summaryPath: RUN_SUMMARY_PATH,
    reportsDir: evidence,
    vitestStatus: result.status,
    narrowed: scenarioPaths.length > 0,
  });
  const outcome = soakRun({ exitCode: gate.exitCode, seconds, report, gateProblems: gate.gateProblems }, ROOT);
  runs.push(outcome);
  // A failed run's evidence stays beside its record, so that a flake can be read afterwards: every log record of the
  // run, its Allure results and what each failed test attached (its clients' logs among them).
  if (outcome.passed) rmSync(evidence, { recursive: true, force: true });
  else console.error(`soak: run ${run}'s log, Allure results and failed tests' attachments are kept in ${evidence}/`);
  console.error(
    `soak: run ${run}/${RUNS} ${outcome.passed ? 'passed' : `failed (${outcome.failedTests.join('; ')})`} in ${outcome.seconds} s`,
  );
  // Written after every run, so that an interrupted soak still leaves what it measured.
  writeFileSync(SOAK_REPORT_PATH, `${JSON.stringify(aggregateSoak(provenance, runs), null, 2)}\n`);
}

const soak = aggregateSoak(provenance, runs);
console.log(formatSoak(soak));
console.log(`soak report: ${SOAK_REPORT_PATH}`);
process.exit(soak.passedRuns === RUNS ? 0 : 1);
