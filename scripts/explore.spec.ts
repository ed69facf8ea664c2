// The exploration `npm run explore` runs (scripts/explore.ts), as a vitest test on the scenarios' global setup (the
// devnet, the funder desk): one seeded history of commands against fresh users per attempt, every step an Allure step,
// reports/explore/summary.json always and reports/explore/<id>.json for a violation (fixtures/explore).
import { expect, it } from 'vitest';
import { failedSpendInputsOf } from '../fixtures/builds/failed-spends';
import { startCast } from '../fixtures/cast';
import { UserDriver } from '../fixtures/explore/user-driver';
import { L1Meter } from '../fixtures/explore/l1-meter';
import { explore } from '../fixtures/explore/runner';
import { speedOf } from '../fixtures/explore/speed';
import { startGrants } from '../fixtures/explore/start-grants';
import { readHistory, writeHistory, writeSummary } from '../fixtures/explore/history-file';
import { step } from '../fixtures/report';
import { runHandoff } from '../fixtures/report/run-handoff';
import { currentTarget } from '../fixtures/target';

// Handed over by scripts/explore.ts; run by hand, one 30-step history of seed 1 with 3 users.
const options = runHandoff().explore ?? { seed: 1, steps: 30, users: 3, faults: false, maxAttempts: 16 };
const replay = options.replay ? readHistory(options.replay) : undefined;
const seed = replay?.seed ?? options.seed;
const steps = replay?.steps ?? options.steps;
const userCount = replay?.users ?? options.users;
const faults = replay?.faults ?? options.faults;
/** Wei the exploration may spend (--budget): reached, the history ends, then settles and brings home. */
const budget = options.budgetWei === undefined ? undefined : BigInt(options.budgetWei);
/** Each attempt starts a cast of its own (about a minute on the devnet): shrinking is bounded by this many. */
const MAX_ATTEMPTS = options.maxAttempts;

it(`explores seed ${seed}: ${steps} steps, ${userCount} users${faults ? ', client restarts' : ''}`, async () => {
  const target = currentTarget();
  // A recorded history broke a client with a planted bug: replayed on honest clients it proves nothing (and v.v.).
  if (replay && replay.plantedBug !== target.plantedBug)
    throw new Error(
      `explore: ${options.replay} was recorded with the clients' planted bug ${replay.plantedBug ?? 'none'}, ` +
        `but this devnet plants ${target.plantedBug ?? 'none'} (E2E_DEVNET's plantedBug)`,
    );
  const names = Array.from({ length: userCount }, (_, i) => `user${i + 1}`);
  const outcome = await explore({
    seed,
    steps,
    faults,
    maxAttempts: replay ? 1 : MAX_ATTEMPTS,
    ...(budget === undefined ? {} : { budget }),
    ...(replay ? { replayKept: replay.kept } : {}),
    onStep: (line) => void step(line, () => undefined),
    start: async () => {
      // Fresh identities and clients per attempt: a shrink never inherits an earlier attempt's state.
      const tokens = Object.fromEntries(names.map((name) => [name, startGrants(target.tokens)]));
      // Under a budget, from before the funding: the funder's gas funding the cast counts, then the users' spending.
      const { publicClient, walletClient } = target.funder;
      const meter = budget === undefined ? undefined : await L1Meter.from(publicClient, walletClient.account.address);
      // A history brings everything home itself (its last command). What a broken one leaves on the devnet goes with
      // the devnet: taking it home through the layer that broke only waits out timeouts (planted double-credit: the
      // phantom's de-escrow reverts, 2 min a withdrawal, every attempt). On the testnet the teardown takes it home.
      const leftovers = target.name === 'devnet' ? 'keep' : 'withdraw';
      const cast = await startCast(target, names, { tokens, leftovers, scenario: `explore seed ${seed}` });
      await meter?.addUsers(cast.users.map((user) => user.l1Address));
      const driver = new UserDriver(cast.users, target.tokens);
      const l1 = (await driver.observe()).l1;
      // The cast fingerprinted each client: what a failed spend does to its inputs is the build's (the model's rule).
      const failedSpendKeepsInputs = failedSpendInputsOf(cast.users[0]!.build) === 'left-reserved';
      return {
        driver,
        l1,
        failedSpendKeepsInputs,
        close: async () => void (await cast.close()),
        ...(meter ? { spent: () => meter.read() } : {}),
      };
    },
  });
  const historyFile =
    outcome.failure &&
    writeHistory({
      seed,
      steps,
      users: userCount,
      faults,
      ...(target.plantedBug ? { plantedBug: target.plantedBug } : {}),
      kept: outcome.failure.kept,
      history: outcome.failure.history,
      commands: outcome.failure.commands,
      violations: outcome.failure.violations,
    });
  writeSummary({
    seed,
    steps,
    users: userCount,
    commands: outcome.commands,
    invariantsChecked: outcome.invariantsChecked,
    violations: (outcome.failure?.violations ?? []).map((v) => ({
      ...v,
      ...(historyFile ? { history: historyFile } : {}),
    })),
    ...(target.plantedBug ? { plantedBug: target.plantedBug } : {}),
    ...(outcome.budget
      ? {
          budget: {
            limit: outcome.budget.limit.toString(),
            spent: outcome.budget.spent.toString(),
            ...(outcome.budget.stoppedAfter === undefined ? {} : { stoppedAfter: outcome.budget.stoppedAfter }),
          },
        }
      : {}),
    timing: {
      ...speedOf(outcome.commands, outcome.msByKind, target.pace.batchWindowMs),
      attempts: outcome.attemptSeconds,
    },
    ...(outcome.failure
      ? {
          found: {
            afterSteps: outcome.failure.foundAfter,
            shrunkTo: outcome.failure.history.length,
            attempts: outcome.attempts,
          },
        }
      : {}),
  });
  if (outcome.failure)
    console.error(
      `explore: a violation, shrunk over ${outcome.attempts} attempt(s) to:\n  ${outcome.failure.history.join('\n  ')}\nreplay: npm run explore -- --replay ${historyFile}`,
    );
  expect(outcome.failure?.violations ?? []).toEqual([]);
});
