// Fault: the harness is killed (SIGKILL) in the middle of a round trip on a network that outlives it, and the next
// `npm run e2e -- --target testnet` starts before anyone ran `npm run sweep`. The killed run's leases count as free
// once its process is gone, so the next run would lease the same identities and start new clients with the same keys
// while the old clients still hold the value. Before any scenario leases an identity, scripts/e2e.ts therefore runs
// recoverBeforeRun (fixtures/testnet/recovery/recover-before-run.ts): the rescue `npm run sweep` makes, and the L1 sweep of
// the identities it paid out to. This test calls that function in its own process, as scripts/e2e.ts does after
// preflight (a nested `npm run e2e` would run the whole scenario again), on the run killed as in harness-killed.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../../fixtures/log';
import { IdentityLedger } from '../../fixtures/recovery';
import { recoverBeforeRun, type RecoveredBeforeRun } from '../../fixtures/testnet/recovery/recover-before-run';
import { readTestnetProfile } from '../../fixtures/testnet/target/testnet-profile';
import { identitySourceFor, keySlots } from '../../fixtures/users/identity';
import {
  DEPOSIT,
  KILL_BOUND_MS,
  killRoundTripAfterDeposit,
  type KilledRoundTrip,
  type LedgerLine,
} from '../support/killed-round-trip';

/** The rescue (a withdrawal, its L2 block, a de-escrow) and the L1 sweep of what it paid out. */
const RECOVERY_BOUND_MS = 4 * 60_000;

let run: KilledRoundTrip;
let recovered: RecoveredBeforeRun;
const log = recordingLogger();

beforeAll(
  async () => {
    run = await killRoundTripAfterDeposit('killed-before-next-run');
    const started = performance.now();
    recovered = await recoverBeforeRun(readTestnetProfile(run.env), log, run.env);
    console.log(
      `recovery before the next run (${Math.round((performance.now() - started) / 1000)} s):\n${log.lines.join('\n')}`,
    );
  },
  KILL_BOUND_MS + RECOVERY_BOUND_MS + 180_000,
);

afterAll(async () => {
  await run?.cleanUp();
});

describe('the next testnet run, started after a run was killed in the middle of a round trip', () => {
  it("finds the killed run with Alice's deposit on L2 in her running client", () => {
    expect(
      run.killedRun.signal,
      `the run was not killed on its deposit; output:\n${run.killedRun.output.slice(-4000)}`,
    ).toBe('SIGKILL');
    expect(run.unspentWgasAtKill).toEqual({ alice: DEPOSIT, bob: 0n });
  });

  it("first rescues Alice's deposit through her orphaned client, says what it recovered, and removes both clients", async () => {
    expect(recovered.problems).toEqual([]);
    const outcomes = recovered.rescue?.outcomes ?? [];
    expect(
      outcomes
        .map((o) => ({
          user: o.client.user,
          status: o.status,
          removed: o.removed,
          recovered: o.recovered.map((r) => [r.token, r.raw, r.commitments]),
        }))
        .sort((a, b) => a.user.localeCompare(b.user)),
    ).toEqual([
      { user: 'alice', status: 'rescued', removed: true, recovered: [['WGAS', DEPOSIT, 1]] },
      { user: 'bob', status: 'rescued', removed: true, recovered: [] },
    ]);
    const alice = run.clientsAtKill.find((c) => c.labels.user === 'alice')!;
    expect(log.lines.filter((line) => line.includes(' on L2: withdrawn, de-escrowed in '))).toEqual([
      `INFO recovered 1 WGAS (1 commitment) from alice's orphaned client ${alice.labels.client} (container ${alice.id.slice(0, 12)}, run ${alice.labels.runId}, ${alice.labels.l1Address}) on L2: withdrawn, de-escrowed in ${outcomes.find((o) => o.client.user === 'alice')!.recovered[0]!.l1TxHash}`,
    ]);
    expect(log.lines).toContain('INFO rescued 2, skipped 0, failed 0 of 2 orphaned clients');
    expect(await run.clientsOfTheRun()).toEqual([]);
  });

  it('then sweeps what the rescue paid out back to the funder: Alice holds 0 on L1, the funder every token it had, to the unit', async () => {
    const alice = run.clientsAtKill.find((c) => c.labels.user === 'alice')!.labels.l1Address;
    expect(recovered.sweeps.map((sweep) => [sweep.slot.address, sweep.status])).toEqual([[alice, 'swept']]);
    const held = await run.balancesOf(alice);
    expect({ native: held.native, tokens: held.tokens }).toEqual({ native: 0n, tokens: { WGAS: 0n, dUSD: 0n } });
    expect((await run.balancesOf(run.funderAddress)).tokens).toEqual(run.funderBefore.tokens);
  });

  it('records each rescue in the ledger, and leaves the identities free for the run to lease', async () => {
    const records = readFileSync(join(run.stateDir, 'ledger.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as LedgerLine);
    expect(
      records
        .filter((r) => r.event === 'rescue')
        .map((r) => [r.client, r.ok, r.recovered?.map((x) => x.raw)])
        .sort(),
    ).toEqual(
      run.clientsAtKill
        .map((c) => [c.labels.client, true, c.labels.user === 'alice' ? [DEPOSIT.toString()] : []])
        .sort(),
    );
    // What the run's cast does next: the same two identities, free again.
    const ledger = new IdentityLedger(join(run.stateDir, 'ledger.jsonl'));
    const source = identitySourceFor({ name: 'testnet', identityKeys: readTestnetProfile(run.env).clientKeys }, {});
    if (source.kind !== 'configured') throw new Error('the stand-in profile configures client keys');
    const leased = await ledger.lease(keySlots(source), 2, {
      runId: 'next-run',
      scenario: 'the next run',
      chainId: run.devnet.chainId,
    });
    expect(leased.map((slot) => slot.address)).toEqual(run.clientAddresses);
    await ledger.release(
      leased.map((slot) => ({ ...slot, swept: true })),
      'next-run',
    );
  });
});
