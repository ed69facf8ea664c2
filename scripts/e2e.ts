// `npm run e2e`: the main job. Runs the scenarios on the chosen target (the devnet by default), then writes the
// Allure report (reports/allure-report/index.html) whatever the outcome; exits with the run's gate (0 green, 1 a test
// failed that no known failure explains, 3 the gate failed: scripts/run-gate-step.ts, docs/gates.md). A run
// refused before any scenario (bad arguments or profile, preflight, or the global setup's refusal of a client build
// that cannot work on the contracts) prints the refusal and its fix alone, writes no report and exits 2.
//
// `-- --target testnet` runs on the live test network: the profile (the TOML file E2E_PROFILE names, see
// profiles/testnet.example.toml; secrets from the environment, which `--env-file` can load) is validated, then preflight checks in seconds what would otherwise fail an hour in — and
// nothing starts unless it passes. `--preflight-only` stops there. Then, before any scenario leases an identity, the
// value an earlier run that was killed left in its users' clients is brought home and swept back to the funder
// (fixtures/testnet/recovery/recover-before-run.ts); the report gets what was recovered, and a rescue that failed makes the
// run exit non-zero whatever the scenarios did.
//
// Paths after the options narrow the run to those scenario files or folders (`npm run e2e -- scenarios/round-trip`).
//
// The console (fixtures/console/reporter.ts): one line per test, each failure in full, warnings and the progress of
// long waits (E2E_LOG_LEVEL=error|warn|info|debug, default warn), a summary, and where the report and the run log are.
// Every level of every log goes to the run log (reports/logs/run.jsonl) and, per test, into the report.
//
// `-- --shard i/n` runs the i-th of n parts of the scenario files (vitest's --shard) and keeps its outputs under
// reports/shards/<i>-of-<n>/ (`--reports <dir>`: under <dir>/shards/) instead of writing the report: once every
// shard is in, `npm run report` merges them into one (scripts/report.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { privateKeyToAddress } from 'viem/accounts';
import {
  createLogger,
  DEFAULT_RUN_LOG,
  readConsoleLevel,
  RUN_LOG_ENV,
  runLogPathFrom,
  startRunLog,
} from '../fixtures/log';
import { formatPreflightReport, preflight, PreflightFailed, roundTripPlan } from '../fixtures/testnet/preflight';
import { recoverBeforeRun, type RecoveredBeforeRun } from '../fixtures/testnet/recovery/recover-before-run';
import { generateAllureReport } from '../fixtures/run/allure-report';
import { attachJsonToRun } from '../fixtures/run/run-attachment';
import { recordRunAndWriteTrends } from '../fixtures/report/trends';
import { scenarioFileDurationsMs } from '../fixtures/report/trends/file-durations';
import { readHistory } from '../fixtures/report/trends/history';
import { REPORTS_ROOT, runOutputs } from '../fixtures/run/run-outputs';
import { NOT_STARTED_EXIT_CODE, takeRunRefusal } from '../fixtures/run/run-refusal';
import { handOff } from '../fixtures/report/run-handoff';
import { balanceOf } from '../fixtures/run/shard-balance';
import { harnessCommit, parseShard, shardOutputDir, writeShardManifest, type ShardSpec } from '../fixtures/run/shards';
import {
  PROFILE_ENV,
  readTestnetProfile,
  writeProfileWithGenesisBlock,
  type TestnetProfile,
} from '../fixtures/testnet/target/testnet-profile';
import { testnetTarget } from '../fixtures/testnet/target/testnet-target';
import { TargetName, type Timeouts } from '../fixtures/waits';
import { runGateStep } from './run-gate-step';

/** Exit status when the run did not start: bad arguments, profile, preflight, or a refusal of the global setup. */
const NOT_STARTED = NOT_STARTED_EXIT_CODE;

const { values, positionals: scenarioPaths } = parseArgs({
  allowPositionals: true,
  options: {
    target: { type: 'string', default: 'devnet' },
    // One scenario or test by name (vitest -t), to re-run what failed last night.
    only: { type: 'string' },
    'env-file': { type: 'string' },
    'preflight-only': { type: 'boolean', default: false },
    // One part of the scenario files, `<index>/<count>`, for a run split over machines.
    shard: { type: 'string' },
    reports: { type: 'string' },
  },
});

function stop(message: string): never {
  console.error(message);
  process.exit(NOT_STARTED);
}

if (values['env-file']) {
  try {
    process.loadEnvFile(values['env-file']);
  } catch (error) {
    stop(`--env-file ${values['env-file']}: ${(error as Error).message}`);
  }
}
const target = TargetName.safeParse(values.target);
if (!target.success) stop(`--target ${values.target}: expected one of ${TargetName.options.join(', ')}`);
try {
  readConsoleLevel();
} catch (error) {
  stop((error as Error).message);
}

const shard = values.shard === undefined ? undefined : readShard(values.shard);
if (values.reports !== undefined && !shard)
  stop('--reports: only with --shard (a run that is not split writes under reports/)');
/** Where this run's results go: reports/, or the shard's own directory. */
const outputs = runOutputs(shard ? shardOutputDir(shard, values.reports ?? REPORTS_ROOT) : REPORTS_ROOT);

// The harness's console unless E2E_CONSOLE=vitest asks for vitest's own (each log line under its test's header).
let scenarioEnv: NodeJS.ProcessEnv = {
  ...process.env,
  E2E_TARGET: target.data,
  E2E_CONSOLE: process.env.E2E_CONSOLE ?? 'compact',
};
if (shard) scenarioEnv = handOff(scenarioEnv, { outputDir: outputs.dir });
// A shard's files are chosen by their recorded durations on this target (fixtures/run/shard-balance.ts), from the
// trends history beside the shards; without any, by vitest's file count. Every shard of a run must read the same history.
const shardDurations = shard
  ? shardDurationsFromHistory(join(values.reports ?? REPORTS_ROOT, 'trends-history.jsonl'), target.data)
  : undefined;
if (shardDurations) scenarioEnv = handOff(scenarioEnv, { shardDurationsMs: shardDurations });
let recovered: RecoveredBeforeRun | undefined;
let settledGenesisBlock: bigint | undefined;
if (target.data === 'testnet') {
  // The genesis block preflight settled (found when the profile sets none) is what every client starts with.
  const profile = await runPreflight(readProfile());
  settledGenesisBlock = profile.genesisBlock;
  if (values['preflight-only']) process.exit(0);
  recovered = await recoverBeforeRun(profile, createLogger('e2e::rescue'));
  // vitest's per-test timeout is only the outer backstop; the phases' own, longer testnet bounds must fail first.
  scenarioEnv = handOff(scenarioEnv, { scenarioTimeoutMs: backstopMs(testnetTarget(profile).timeouts) });
} else if (values['preflight-only']) {
  stop('--preflight-only: preflight is for the testnet target (the devnet is started and checked by the run itself)');
}

// Results of a previous run would mix into this report; the history file (reports/history.jsonl) stays. A shard's
// directory holds only that shard's outputs: all of it goes.
rmSync(shard ? outputs.dir : outputs.allureResults, { recursive: true, force: true });
if (settledGenesisBlock !== undefined) {
  // Every scenario process reads the profile with the genesis block preflight settled (found, when the file has none).
  mkdirSync(outputs.dir, { recursive: true });
  const settled = join(outputs.dir, 'testnet-profile.toml');
  writeProfileWithGenesisBlock(process.env[PROFILE_ENV]!, settled, settledGenesisBlock);
  scenarioEnv[PROFILE_ENV] = settled;
}
// Started here, not before preflight: a run that preflight refuses (a scenario runs one) must not empty it.
// E2E_RUN_LOG moves it (runs side by side in one checkout); a shard keeps its own with its outputs.
const runLog = startRunLog(runLogPathFrom() ?? (shard ? join(outputs.dir, 'logs', 'run.jsonl') : DEFAULT_RUN_LOG));
process.env[RUN_LOG_ENV] = runLog;
scenarioEnv[RUN_LOG_ENV] = runLog;
if (recovered && (recovered.rescue?.outcomes.length || recovered.problems.length)) {
  await attachJsonToRun('recovered from orphaned clients of a killed run, before this run', {
    rescues: recovered.rescue?.outcomes ?? [],
    sweeps: recovered.sweeps,
    problems: recovered.problems,
  });
}

// Where the scenarios' global setup leaves a refusal (a pairing that cannot work, settings that do not parse): such a
// run prints the refusal alone, writes no report and exits 2 (fixtures/run/run-refusal.ts).
const refusalFile = join(outputs.dir, 'refusal.txt');
rmSync(refusalFile, { force: true });
scenarioEnv = handOff(scenarioEnv, { refusalFile });

// The local binaries, not npx: npx adds lines of its own to the console.
const vitest = spawnSync(
  bin('vitest'),
  [
    'run',
    '--project',
    'scenarios',
    ...scenarioPaths,
    ...(values.only ? ['-t', values.only] : []),
    ...(shard ? ['--shard', `${shard.index}/${shard.count}`] : []),
  ],
  {
    stdio: 'inherit',
    env: scenarioEnv,
  },
);
const refusal = takeRunRefusal(refusalFile);
if (refusal !== undefined) stop(refusal);
if (shard) {
  writeShardManifest(outputs.dir, {
    shard,
    selection: { paths: scenarioPaths, ...(values.only ? { only: values.only } : {}) },
    harnessCommit: harnessCommit(),
    balance: balanceOf(shardDurations),
    exitCode: vitest.status,
    finishedAt: new Date().toISOString(),
  });
  console.log(
    `shard ${shard.index}/${shard.count}: results in ${outputs.dir}, run log ${shortPath(runLog)}; once all ${shard.count} shards are in, \`npm run report\` merges them`,
  );
  process.exit(recovered?.problems.length ? 1 : (vitest.status ?? 1));
}
/** Narrowed to some files or tests: no expected test count, and no baseline for the promotion lane. */
const narrowed = scenarioPaths.length > 0 || values.only !== undefined;
// The run's gate (known failures, quarantine, candidates, expected skips and test count: scripts/run-gate-step.ts)
// before the report, which shows its known issues; it decides the exit status: 0 green, 1 a test failed, 3 the gate failed.
const gate = await runGateStep({
  resultsDir: outputs.allureResults,
  summaryPath: outputs.summary,
  reportsDir: REPORTS_ROOT,
  trendsHistoryPath: join(REPORTS_ROOT, 'trends-history.jsonl'),
  vitestStatus: vitest.status,
  narrowed,
});
// The generator's output is shown only when it fails.
const reportStatus = generateAllureReport({
  resultsDir: outputs.allureResults,
  reportDir: join(REPORTS_ROOT, 'allure-report'),
  historyPath: join(REPORTS_ROOT, 'history.jsonl'),
  ...(gate.resolutions ? { resolutions: gate.resolutions } : {}),
  output: 'on-failure',
});
if (reportStatus === 0)
  console.log("report: reports/allure-report/index.html (each test's full log is attached to it)");
else console.error('the Allure report could not be generated (see above); JUnit XML is in reports/junit.xml');
console.log(
  `run log: ${shortPath(runLog)} (every level of every process: set-up, teardown and each test, as JSON lines)`,
);
recordRunAndWriteTrends({ wholeRun: !narrowed });

if (recovered?.problems.length) {
  console.error(
    `the rescue of orphaned clients before this run failed; what they hold on L2 stays in them until \`npm run sweep\` succeeds:\n${recovered.problems.map((line) => `  - ${line}`).join('\n')}`,
  );
  process.exit(gate.exitCode || 1);
}
process.exit(gate.exitCode);

/** Relative to the checkout when inside it. */
function shortPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}

function bin(name: string): string {
  return join('node_modules', '.bin', name);
}

/** Milliseconds per scenario file on `target` from the trends history; undefined when it records none. */
function shardDurationsFromHistory(historyPath: string, onTarget: string): Record<string, number> | undefined {
  const durations = scenarioFileDurationsMs(readHistory(historyPath), onTarget);
  return Object.keys(durations).length > 0 ? durations : undefined;
}

function readShard(text: string): ShardSpec {
  try {
    return parseShard(text);
  } catch (error) {
    return stop((error as Error).message);
  }
}

function readProfile(): TestnetProfile {
  try {
    return readTestnetProfile(process.env);
  } catch (error) {
    return stop((error as Error).message);
  }
}

/** The profile with the genesis block preflight settled; stops the run when preflight fails. */
async function runPreflight(profile: TestnetProfile): Promise<TestnetProfile> {
  const testnet = testnetTarget(profile);
  // Pre-certified client keys are known now; keys derived per run are certified when their clients start.
  const clientAddresses = (profile.clientKeys ?? []).map((key) => privateKeyToAddress(key.reveal()));
  try {
    const passed = await preflight(testnet, {
      // The round trip of every ERC-20 and every configured collection: each standard has its own gas reservations.
      plan: roundTripPlan(testnet.tokens, clientAddresses, { collections: testnet.collections }),
      marginPercent: profile.costMarginPercent,
      findGenesisBlock: profile.genesisBlock === undefined,
    });
    console.log(formatPreflightReport(passed));
    return { ...profile, genesisBlock: passed.genesisBlock };
  } catch (error) {
    if (error instanceof PreflightFailed) return stop(error.message);
    throw error;
  }
}

/** Long enough for the longest test (submission, L2 confirmation, balance, de-escrow and receipts in a row). */
function backstopMs(timeouts: Timeouts): number {
  const { progressEvery: _notAPhase, ...phases } = timeouts;
  return Object.values(phases).reduce((sum, ms) => sum + ms, 0);
}
