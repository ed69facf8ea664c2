// npm run explore -- --seed S --steps N [--users K] [--faults] [--replay FILE] [--max-attempts A]: a model-based exploration of the
// layer (fixtures/explore, issue #29) on the target E2E_TARGET names (the devnet by default). It runs
// scripts/explore.spec.ts under vitest with the scenarios' global setup; reports/explore/summary.json always,
// reports/explore/<id>.json for a violation, whose history `--replay` runs again. On the testnet it refuses to start
// without --budget (native coin it may spend) and a --steps of at most --max-steps (exit 2, before anything starts).
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { parseEther } from 'viem';
import { z } from 'zod';
import { readHistory } from '../fixtures/explore/history-file';
import { devnetSettingWithBug } from '../fixtures/network/planted-bug';
import { handOff } from '../fixtures/report/run-handoff';
import { currentTargetName } from '../fixtures/target/current-target';

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

if (currentTargetName() === 'testnet') {
  const cap = values['max-steps'] === undefined ? undefined : z.coerce.number().int().min(1).parse(values['max-steps']);
  const budget = values.budget === undefined ? undefined : parseEther(values.budget);
  if (budget === undefined || cap === undefined || steps > cap) {
    console.error(
      'explore: on the testnet it needs --budget <native coin> and --max-steps <n> with --steps within it: real value moves',
    );
    process.exit(2);
  }
}

// A history recorded on clients with a planted bug is replayed on clients with it (the devnet starts with it).
const recordedBug = values.replay ? readHistory(values.replay).plantedBug : undefined;
const env = recordedBug
  ? { ...process.env, E2E_DEVNET: devnetSettingWithBug(process.env.E2E_DEVNET, recordedBug) }
  : process.env;

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
    },
  }),
});
process.exit(result.status ?? 1);
