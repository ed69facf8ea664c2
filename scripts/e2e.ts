// `npm run e2e`: the main job. Runs the scenarios on the chosen target (the devnet by default), then writes the
// Allure report (reports/allure-report/index.html) whatever the outcome; exits with the scenarios' status.
//
// `-- --target testnet` runs on the live test network: the profile (E2E_TESTNET_*, see .env.example; `--env-file`
// loads a file of them) is validated, then preflight checks in seconds what would otherwise fail an hour in — and
// nothing starts unless it passes. `--preflight-only` stops there.
//
// Paths after the options narrow the run to those scenario files or folders (`npm run e2e -- scenarios/round-trip`).
//
// `-- --shard i/n` runs the i-th of n parts of the scenario files (vitest's --shard) and keeps its outputs under
// reports/shards/<i>-of-<n>/ (`--reports <dir>`: under <dir>/shards/) instead of writing the report: once every
// shard is in, `npm run report` merges them into one (scripts/report.ts).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { privateKeyToAddress } from 'viem/accounts';
import { formatPreflightReport, preflight, PreflightFailed, roundTripPlan } from '../fixtures/preflight';
import { REPORTS_ROOT, RUN_OUTPUT_DIR_ENV, runOutputs } from '../fixtures/run/run-outputs';
import { harnessCommit, parseShard, shardOutputDir, writeShardManifest, type ShardSpec } from '../fixtures/run/shards';
import { readTestnetProfile, type TestnetProfile } from '../fixtures/target/testnet-profile';
import { testnetTarget } from '../fixtures/target/testnet-target';
import { TargetName, type Timeouts } from '../fixtures/waits';

/** Exit status when the run did not start: bad arguments, profile or preflight. */
const NOT_STARTED = 2;

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

const shard = values.shard === undefined ? undefined : readShard(values.shard);
if (values.reports !== undefined && !shard) stop('--reports: only with --shard (a run that is not split writes under reports/)');
/** Where this run's results go: reports/, or the shard's own directory. */
const outputs = runOutputs(shard ? shardOutputDir(shard, values.reports ?? REPORTS_ROOT) : REPORTS_ROOT);

const scenarioEnv: NodeJS.ProcessEnv = { ...process.env, E2E_TARGET: target.data };
if (shard) scenarioEnv[RUN_OUTPUT_DIR_ENV] = outputs.dir;
if (target.data === 'testnet') {
  const profile = readProfile();
  await runPreflight(profile);
  if (values['preflight-only']) process.exit(0);
  // vitest's per-test timeout is only the outer backstop; the phases' own, longer testnet bounds must fail first.
  scenarioEnv.E2E_SCENARIO_TIMEOUT_MS ??= String(backstopMs(testnetTarget(profile).timeouts));
} else if (values['preflight-only']) {
  stop('--preflight-only: preflight is for the testnet target (the devnet is started and checked by the run itself)');
}

// Results of a previous run would mix into this report; the history file (reports/history.jsonl) stays. A shard's
// directory holds only that shard's outputs: all of it goes.
rmSync(shard ? outputs.dir : outputs.allureResults, { recursive: true, force: true });

const vitest = spawnSync('npx', [
  'vitest', 'run', '--project', 'scenarios', ...scenarioPaths, ...(values.only ? ['-t', values.only] : []),
  ...(shard ? ['--shard', `${shard.index}/${shard.count}`] : []),
], {
  stdio: 'inherit',
  env: scenarioEnv,
});
if (shard) {
  writeShardManifest(outputs.dir, {
    shard,
    selection: { paths: scenarioPaths, ...(values.only ? { only: values.only } : {}) },
    harnessCommit: harnessCommit(),
    exitCode: vitest.status,
    finishedAt: new Date().toISOString(),
  });
  console.log(`shard ${shard.index}/${shard.count}: results in ${outputs.dir}; once all ${shard.count} shards are in, \`npm run report\` merges them`);
  process.exit(vitest.status ?? 1);
}
const report = spawnSync('npx', ['allure', 'generate', 'reports/allure-results', '--config', 'allurerc.mjs'], { stdio: 'inherit' });
if (report.status === 0) console.log('report: reports/allure-report/index.html');
else console.error('the Allure report could not be generated (see above); JUnit XML is in reports/junit.xml');

process.exit(vitest.status ?? 1);

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

async function runPreflight(profile: TestnetProfile): Promise<void> {
  const testnet = testnetTarget(profile);
  // Pre-certified client keys are known now; keys derived per run are certified when their clients start.
  const clientAddresses = (profile.E2E_TESTNET_CLIENT_KEYS ?? []).map((key) => privateKeyToAddress(key.reveal()));
  try {
    const passed = await preflight(testnet, {
      // The round trip of every ERC-20 and every configured collection: each standard has its own gas reservations.
      plan: roundTripPlan(testnet.tokens, clientAddresses, { collections: testnet.collections }),
      marginPercent: profile.E2E_TESTNET_COST_MARGIN_PERCENT,
    });
    console.log(formatPreflightReport(passed));
  } catch (error) {
    if (error instanceof PreflightFailed) stop(error.message);
    throw error;
  }
}

/** Long enough for the longest test (submission, L2 confirmation, balance, de-escrow and receipts in a row). */
function backstopMs(timeouts: Timeouts): number {
  const { progressEvery: _notAPhase, ...phases } = timeouts;
  return Object.values(phases).reduce((sum, ms) => sum + ms, 0);
}
