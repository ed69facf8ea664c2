// Fault: the harness is killed with SIGKILL in the middle of a round trip, on a network that outlives it. SIGKILL runs
// no handler: the cast never withdraws what its users hold on L2, never sweeps L1, never writes its recovery bundles
// or its funds report. What must bring the funds home is what the next run has: the identity ledger the killed run
// wrote before funding anyone, the users' client containers that outlive it (labelled as kept for a rescue, so no
// removal of leftovers touches them), and `npm run sweep`, which rescues their L2 value before its L1 sweep.
//
// Why a devnet test and not a scenario: the fault is the death of the harness process itself, so the run under test
// must be a nested `npm run e2e -- --target testnet` in a process group of its own that this test can kill, on a network
// that does not die with it — the devnet standing in for the test network (tests/testnet/devnet-as-testnet.ts), owned
// by this test process. A scenario runs inside the harness it would have to kill, on the run's own devnet.
//
// Scope: the run is killed the moment Alice's deposit is confirmed on L2 (the run logs it): her deposit is then in
// her client's store only, spendable only by the ZKP keys that client holds (their mnemonic died with the run), and
// both users hold their gas allowance on L1. The sweep must withdraw and de-escrow the deposit through her orphaned
// client, remove both orphaned clients, and return everything to the funder. The same rescue runs at the start of the
// next `npm run e2e -- --target testnet` (scripts/e2e.ts): harness-killed-next-run.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNestedE2e, type NestedE2eRun } from '../../fixtures/faults/nested-e2e';
import { CLIENT_LABEL, L1_ADDRESS_LABEL, RUN_ID_LABEL } from '../../fixtures/network/client-labels';
import { dockerEngine } from '../../fixtures/network/engine';
import { PROJECT_FILTER } from '../../fixtures/network/ownership';
import {
  DEPOSIT,
  DEPOSIT_CONFIRMED,
  KILL_BOUND_MS,
  killRoundTripAfterDeposit,
  USERS,
  type KilledRoundTrip,
  type KilledRunClient,
  type LedgerLine,
} from '../support/killed-round-trip';
import { STAND_IN_TOKENS } from '../testnet/devnet-as-testnet';

/** The rescue (a withdrawal, its L2 block, a de-escrow) and the L1 sweep. */
const SWEEP_BOUND_MS = 4 * 60_000;
const TX_HASH = '0x[0-9a-f]{64}';

let run: KilledRoundTrip;
let sweep: NestedE2eRun;

beforeAll(
  async () => {
    run = await killRoundTripAfterDeposit('killed-run');
    // The next run's recovery, as an operator starts it after a killed run: same profile, same state directory.
    sweep = await runNestedE2e({ script: 'scripts/sweep.ts', args: [], env: run.env, timeoutMs: SWEEP_BOUND_MS });
    console.log(
      `npm run sweep after the killed run (exit ${sweep.code}, ${Math.round(sweep.elapsedMs / 1000)} s):\n` +
        sweep.output
          .split('\n')
          .filter((line) => /swept|recovered|rescued|removed|held nothing|could not|kept|skipped/.test(line))
          .join('\n'),
    );
  },
  KILL_BOUND_MS + SWEEP_BOUND_MS + 180_000,
);

afterAll(async () => {
  await run?.cleanUp();
});

const lines = (nested: NestedE2eRun, pattern: RegExp) => nested.output.split('\n').filter((line) => pattern.test(line));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the harness is killed (SIGKILL) in the middle of a round trip on a network that outlives it', () => {
  it("dies at once once Alice's deposit is confirmed on L2, running none of its own clean-up", () => {
    expect(
      run.killedRun.killed,
      `no "${DEPOSIT_CONFIRMED.source}" line within ${KILL_BOUND_MS} ms; output:\n${run.killedRun.output.slice(-4000)}`,
    ).toBeDefined();
    expect(run.killedRun.signal ?? 'exited', 'how the run ended').toBe('SIGKILL');
    expect(run.killedRun.output, 'the cast never swept its users').not.toMatch(
      /swept 0x[0-9a-fA-F]{40} back to the funder/,
    );
    expect(run.killedRun.output, 'nor wrote a recovery bundle').not.toMatch(/recovery bundle for/);
  });

  it("leaves value behind: Alice's deposit on L2 in her running client, both users' gas allowance on L1", () => {
    expect(
      run.clientsAtKill
        .map((c) => ({ user: c.labels.user, state: c.state, keptForRescue: c.labels.keepForRescue }))
        .sort((a, b) => a.user.localeCompare(b.user)),
    ).toEqual([
      { user: 'alice', state: 'running', keptForRescue: true },
      { user: 'bob', state: 'running', keptForRescue: true },
    ]);
    expect(new Set(run.clientsAtKill.map((c) => c.labels.runId)).size, 'one killed run').toBe(1);
    expect(run.unspentWgasAtKill).toEqual({ alice: DEPOSIT, bob: 0n });
    expect(
      run.heldAtKill.map((held) => held.tokens.WGAS),
      'her grant went into escrow',
    ).toEqual([0n, 0n]);
    for (const held of run.heldAtKill)
      expect(held.native, `${held.address} holds its allowance, less any gas its client spent`).toBeGreaterThan(0n);
  });

  it("the next run's sweep recovers Alice's deposit from her orphaned client on L2 and says so, and Bob's held nothing", () => {
    expect(sweep.code, `npm run sweep exit status; output:\n${sweep.output.slice(-4000)}`).toBe(0);
    const alice = run.clientsAtKill.find((c) => c.labels.user === 'alice')!;
    const bob = run.clientsAtKill.find((c) => c.labels.user === 'bob')!;
    const named = (c: KilledRunClient) =>
      escape(
        `${c.labels.user}'s orphaned client ${c.labels.client} (container ${c.id.slice(0, 12)}, run ${c.labels.runId}, ${c.labels.l1Address})`,
      );
    const recovered = lines(sweep, /recovered .* on L2: /);
    expect(recovered, 'one line per token recovered').toHaveLength(1);
    expect(recovered[0]).toMatch(
      new RegExp(
        `recovered ${escape(STAND_IN_TOKENS.WGAS.amounts.deposit)} WGAS \\(1 commitment\\) from ${named(alice)} on L2: withdrawn, de-escrowed in ${TX_HASH}$`,
      ),
    );
    expect(lines(sweep, /held nothing on L2/)).toEqual([
      expect.stringMatching(new RegExp(`${named(bob)} held nothing on L2$`)),
    ]);
    expect(sweep.output).toContain(`rescued ${USERS}, skipped 0, failed 0 of ${USERS} orphaned clients`);
    expect(lines(sweep, /could not recover|kept .* for the next npm run sweep/)).toEqual([]);
  });

  it('no client container or store of the killed run remains', async () => {
    const engine = await dockerEngine();
    const runId = run.clientsAtKill[0]!.labels.runId;
    expect(await engine.listContainers({ all: true, filters: { label: [`${RUN_ID_LABEL}=${runId}`] } })).toEqual([]);
    for (const address of run.clientAddresses) {
      expect(
        await engine.listContainers({ all: true, filters: { label: [`${L1_ADDRESS_LABEL}=${address}`] } }),
        `containers of ${address}`,
      ).toEqual([]);
    }
    const { Volumes: volumes } = await engine.listVolumes({ filters: { label: PROJECT_FILTER.label } });
    const names = new Set(run.clientsAtKill.map((c) => c.labels.client));
    expect(
      (volumes ?? []).filter((v) => names.has(v.Labels?.[CLIENT_LABEL] ?? '')).map((v) => v.Name),
      'their stores',
    ).toEqual([]);
  });

  it('then the sweep finds both users in the ledger and returns everything they hold: nothing is left on L1', async () => {
    expect(sweep.output).toContain(`swept ${USERS}, skipped 0, failed 0 of ${USERS} ledger identities`);
    const after = await Promise.all(run.clientAddresses.map(run.balancesOf));
    expect(after.map((held) => ({ native: held.native, tokens: held.tokens }))).toEqual(
      run.clientAddresses.map(() => ({ native: 0n, tokens: { WGAS: 0n, dUSD: 0n } })),
    );
    const alice = run.clientsAtKill.find((c) => c.labels.user === 'alice')!.labels.l1Address;
    for (const address of run.clientAddresses) {
      const line = lines(sweep, new RegExp(`swept ${address} back to the funder: `))[0];
      expect(line, `the sweep's line for ${address}`).toBeDefined();
      const wgas = address === alice ? `, ${STAND_IN_TOKENS.WGAS.amounts.deposit} WGAS` : '';
      expect(line).toMatch(new RegExp(`: [\\d.]+ native${escape(wgas)}; 0 native left`));
    }
  });

  it('the funder holds every token it had before the killed run, to the unit', async () => {
    expect((await run.balancesOf(run.funderAddress)).tokens).toEqual(run.funderBefore.tokens);
  });

  it('the ledger records the rescue of each orphaned client, with what it recovered, and each sweep', () => {
    const records = readFileSync(join(run.stateDir, 'ledger.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as LedgerLine);
    const rescues = records.filter((record) => record.event === 'rescue');
    const deEscrow = lines(sweep, /recovered .* on L2: /)[0]?.match(new RegExp(TX_HASH))?.[0];
    expect(
      rescues
        .map(({ address, ok, client, runId, recovered }) => ({ address, ok, client, runId, recovered }))
        .sort((a, b) => a.client!.localeCompare(b.client!)),
    ).toEqual(
      [...run.clientsAtKill]
        .sort((a, b) => a.labels.client.localeCompare(b.labels.client))
        .map((c) => ({
          address: c.labels.l1Address,
          ok: true,
          client: c.labels.client,
          runId: c.labels.runId,
          recovered:
            c.labels.user === 'alice'
              ? [{ token: 'WGAS', raw: DEPOSIT.toString(), commitments: 1, l1TxHash: deEscrow }]
              : [],
        })),
    );
    const sweeps = records
      .filter((record) => record.event === 'sweep' && record.ok)
      .map((record) => record.address.toLowerCase())
      .sort();
    expect(sweeps).toEqual(run.clientAddresses.map((a) => a.toLowerCase()).sort());
    // The rescue leased each identity while it worked and released it: no lease of a live process is left.
    const last = new Map<string, string>();
    for (const record of records)
      if (record.event === 'lease' || record.event === 'release') last.set(record.address, record.event);
    expect([...last.values()]).toEqual(run.clientAddresses.map(() => 'release'));
  });
});
