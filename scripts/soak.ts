// `npm run soak -- --runs N`: runs the devnet suite (the scenarios project, as `npm run e2e` runs it) N times in a row,
// each on a devnet of its own, and writes reports/soak.json (scripts/soak-report.ts: each run's verdict, duration and
// failed tests, and per test how many runs it failed in), then prints k/N. Exits non-zero unless every run passed: a
// flake is a finding to fix at its cause, not a rate to live with.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEFAULT_FAILURES_DIR } from '../fixtures/console/failure-files';
import { RUN_LOG_ENV, startRunLog } from '../fixtures/log';
import { aggregateSoak, formatSoak, SOAK_REPORT_PATH, soakRun, VitestJsonReport, type SoakRun } from './soak-report';

const { values, positionals: scenarioPaths } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '20' } } });
const RUNS = z.coerce.number().int().min(1).max(500).parse(values.runs);
const OUT = 'reports/soak';
const ROOT = resolve('.');

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });

const runs: SoakRun[] = [];
for (let run = 1; run <= RUNS; run++) {
  const json = join(OUT, `run-${run}.json`);
  console.error(`soak: run ${run}/${RUNS}`);
  const evidence = join(OUT, `run-${run}`);
  const runLog = startRunLog(join(evidence, 'run.jsonl'));
  const started = performance.now();
  const result = spawnSync('npx', [
    'vitest', 'run', '--project', 'scenarios', ...scenarioPaths,
    // Reporters given here replace the configuration's: the harness's console (a line per test; a failed test's
    // attachments, its clients' logs among them, written to reports/failures/), the soak's own record (JSON) and the
    // run summary (reports/summary.json, which also collects the facts the global setup leaves for it). No Allure: a
    // soak's verdict is the figure, and `npm run e2e` makes the report to read.
    '--reporter=./fixtures/console/reporter.ts', '--reporter=json', `--outputFile.json=${json}`, '--reporter=./fixtures/run/summary-reporter.ts',
  ], { stdio: 'inherit', env: { ...process.env, E2E_TARGET: 'devnet', [RUN_LOG_ENV]: runLog } });
  const seconds = (performance.now() - started) / 1_000;
  const report = existsSync(json) ? VitestJsonReport.parse(JSON.parse(readFileSync(json, 'utf8'))) : undefined;
  const outcome = soakRun({ exitCode: result.status, seconds, report }, ROOT);
  runs.push(outcome);
  // A failed run's evidence stays beside its record, so that a flake can be read afterwards: every log record of the
  // run and what each failed test attached (its clients' logs among them; the next run empties reports/failures/).
  if (outcome.passed) rmSync(evidence, { recursive: true, force: true });
  else keepFailures(evidence);
  console.error(`soak: run ${run}/${RUNS} ${outcome.passed ? 'passed' : `failed (${outcome.failedTests.join('; ')})`} in ${outcome.seconds} s`);
  // Written after every run, so that an interrupted soak still leaves what it measured.
  writeFileSync(SOAK_REPORT_PATH, `${JSON.stringify(aggregateSoak(runs), null, 2)}\n`);
}

const soak = aggregateSoak(runs);
console.log(formatSoak(soak));
console.log(`soak report: ${SOAK_REPORT_PATH}`);
process.exit(soak.passedRuns === RUNS ? 0 : 1);

function keepFailures(evidence: string): void {
  if (existsSync(DEFAULT_FAILURES_DIR)) cpSync(DEFAULT_FAILURES_DIR, join(evidence, 'failures'), { recursive: true });
  console.error(`soak: the failed run's log and failures are kept in ${evidence}`);
}
