// npm run explore -- --seed S --steps N [--users K] [--faults] [--replay FILE] [--max-attempts A] [--budget COIN]: a
// model-based exploration of the layer (fixtures/explore, issue #29) on the target E2E_TARGET names (the devnet by
// default). It runs scripts/explore.spec.ts under vitest with the scenarios' global setup; reports/explore/summary.json
// always, reports/explore/<id>.json for a violation, whose history `--replay` runs again. --budget (native coin) ends
// the history once the run has spent it (then settles and brings home). On the testnet it needs --budget and a --steps
// of at most --max-steps, and preflight, with the most the exploration can spend against the budget, must pass (exit 2
// before anything starts otherwise).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseEther } from 'viem';
import { z } from 'zod';
import { DEPOSIT_FEES } from '../fixtures/explore/commands';
import { readHistory } from '../fixtures/explore/history-file';
import { startGrants } from '../fixtures/explore/start-grants';
import { devnetSettingWithBug } from '../fixtures/network/planted-bug';
import { handOff } from '../fixtures/report/run-handoff';
import { currentTargetName } from '../fixtures/target/current-target';
import { formatPreflightReport, preflight, PreflightFailed } from '../fixtures/testnet/preflight';
import { explorationPlan, type ExplorationShape } from '../fixtures/testnet/preflight/exploration-cost';
import {
  PROFILE_ENV,
  readTestnetProfile,
  writeProfileWithGenesisBlock,
} from '../fixtures/testnet/target/testnet-profile';
import { testnetTarget } from '../fixtures/testnet/target/testnet-target';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    steps: { type: 'string', default: '30' },
    users: { type: 'string', default: '3' },
    faults: { type: 'boolean', default: false },
    replay: { type: 'string' },
    budget: { type: 'string' },
    'max-steps': { type: 'string' },
    'max-attempts': { type: 'string', default: '16' },
  },
});
const seed = z.coerce.number().int().min(0).parse(values.seed);
const steps = z.coerce.number().int().min(1).max(1_000).parse(values.steps);
const users = z.coerce.number().int().min(2).max(8).parse(values.users);
const maxAttempts = z.coerce.number().int().min(1).parse(values['max-attempts']);
const budget = values.budget === undefined ? undefined : parseEther(values.budget);
let env: NodeJS.ProcessEnv = process.env;

if (currentTargetName() === 'testnet') {
  const cap = values['max-steps'] === undefined ? undefined : z.coerce.number().int().min(1).parse(values['max-steps']);
  if (budget === undefined || cap === undefined || steps > cap) {
    console.error(
      'explore: on the testnet it needs --budget <native coin> and --max-steps <n> with --steps within it: real value moves',
    );
    process.exit(2);
  }
  env = await preflightOfExploration(budget);
}

// A history recorded on clients with a planted bug is replayed on clients with it (the devnet starts with it).
const recordedBug = values.replay ? readHistory(values.replay).plantedBug : undefined;
if (recordedBug) env = { ...env, E2E_DEVNET: devnetSettingWithBug(env.E2E_DEVNET, recordedBug) };

const result = spawnSync('npx', ['vitest', 'run', '--config', 'scripts/explore.vitest.config.ts'], {
  stdio: 'inherit',
  env: handOff(env, {
    explore: {
      seed,
      steps,
      users,
      faults: values.faults,
      maxAttempts,
      ...(values.replay ? { replay: values.replay } : {}),
      ...(budget === undefined ? {} : { budgetWei: budget.toString() }),
    },
  }),
});
process.exit(result.status ?? 1);

/**
 * The testnet's preflight for this exploration: its casts' funding and the most it can spend against the budget
 * (fixtures/testnet/preflight/budget-check.ts); exits 2 when it fails. The environment for vitest: the profile with
 * the genesis block preflight settled, as `npm run e2e` hands it on.
 */
async function preflightOfExploration(limitWei: bigint): Promise<NodeJS.ProcessEnv> {
  let profile;
  try {
    profile = readTestnetProfile(process.env);
  } catch (error) {
    console.error(`explore: ${(error as Error).message}`);
    process.exit(2);
  }
  const testnet = testnetTarget(profile);
  const shape: ExplorationShape = {
    steps,
    attempts: values.replay ? 1 : maxAttempts,
    users,
    grants: startGrants(testnet.tokens),
    maxDepositFeeWei: DEPOSIT_FEES.reduce((max, fee) => (fee > max ? fee : max)),
    // Keys the profile lists are certified before the run; keys derived per run certify through their clients.
    certifies: profile.clientKeys === undefined,
  };
  try {
    const passed = await preflight(testnet, {
      plan: explorationPlan(shape),
      budget: { shape, limitWei },
      marginPercent: profile.costMarginPercent,
      findGenesisBlock: profile.genesisBlock === undefined,
    });
    console.log(formatPreflightReport(passed));
    const settled = join('reports', 'explore', 'testnet-profile.toml');
    mkdirSync(join('reports', 'explore'), { recursive: true });
    writeProfileWithGenesisBlock(process.env[PROFILE_ENV]!, settled, passed.genesisBlock);
    return { ...process.env, [PROFILE_ENV]: settled };
  } catch (error) {
    if (!(error instanceof PreflightFailed)) throw error;
    console.error(`explore: ${error.message}`);
    process.exit(2);
  }
}
