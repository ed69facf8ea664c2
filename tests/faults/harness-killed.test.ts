// Fault: the harness is killed with SIGKILL in the middle of a round trip, on a network that outlives it. SIGKILL runs
// no handler: the cast's own sweep, its recovery bundles and its funds report never happen. What must bring the funds
// home is what the next run has: the identity ledger the killed run wrote before funding anyone, and `npm run sweep`.
//
// Why a devnet test and not a scenario: the fault is the death of the harness process itself, so the run under test
// must be a nested `npm run e2e -- --target testnet` in a process group of its own that this test can kill, on a network
// that does not die with it — the devnet standing in for the test network (tests/testnet/devnet-as-testnet.ts), owned
// by this test process. A scenario runs inside the harness it would have to kill, on the run's own devnet.
//
// Scope: the run is killed once its users are funded on L1 (grants and gas allowances out, clients started), before
// any value reaches L2. Value a killed run had already deposited stays in its orphaned client container's store, and
// no recovery path exists for it yet (see the report to the lead).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainClients, devnetTokens, l1Balances, type L1BalanceSnapshot } from '../../fixtures/chain';
import { runNestedE2e, type NestedE2eRun } from '../../fixtures/faults/nested-e2e';
import { writeStandInEnvFile } from '../../fixtures/faults/stand-in-profile';
import { removeLeftovers, startDevnet, type Devnet } from '../../fixtures/network';
import { Secret } from '../../fixtures/secrets';
import { allowlist, fundedFunders, STAND_IN_GAS_ALLOWANCE, STAND_IN_TOKENS, testnetEnvironmentOf } from '../testnet/devnet-as-testnet';

/** From the start of `npm run e2e` to the users' funding: preflight (one client started), vitest, the cast. */
const KILL_BOUND_MS = 4 * 60_000;
const SWEEP_BOUND_MS = 2 * 60_000;
/** The round trip of the wrapped gas token: Alice and Bob, each on a pre-certified key, Alice granted the deposit. */
const SCENARIO = 'scenarios/round-trip/wrapped-gas-token.spec.ts';
const USERS = 2;
/** The cast logs this once every user holds their grant on L1 (fixtures/chain/funder.ts), at info: the run's console is asked for info. */
const FUNDED = new RegExp(`funded ${USERS} identities with `);

let devnet: Devnet;
let publicClient: ReturnType<typeof chainClients>['publicClient'];
let funderAddress: Address;
let clientAddresses: Address[];
let stateDir: string;
let funderBefore: L1BalanceSnapshot;
let heldAtKill: L1BalanceSnapshot[];
let killedRun: NestedE2eRun;
let sweep: NestedE2eRun;

const balancesOf = (address: Address) => l1Balances(publicClient, address, devnetTokens(devnet.deployment));

beforeAll(async () => {
  devnet = await startDevnet();
  publicClient = chainClients({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId }, devnet.funderKey).publicClient;
  // What preflight asks for a round trip of both tokens (it plans for every token of the profile, whatever runs).
  const [funder] = await fundedFunders(devnet, [{ native: 4n * parseEther(STAND_IN_GAS_ALLOWANCE) + parseEther('2'), WGAS: STAND_IN_TOKENS.WGAS.amounts.deposit, dUSD: STAND_IN_TOKENS.dUSD.amounts.deposit }]);
  funderAddress = funder!.address;
  const clientKeys: Secret<Hex>[] = Array.from({ length: USERS }, () => new Secret(generatePrivateKey()));
  clientAddresses = clientKeys.map((key) => privateKeyToAddress(key.reveal()));
  await allowlist(devnet, clientAddresses);

  const profile = {
    ...testnetEnvironmentOf(devnet, funder!.key, { E2E_TESTNET_CLIENT_BUILD: devnet.contracts, E2E_TESTNET_CLIENT_KEYS: clientKeys.map((key) => key.reveal()).join(',') }),
    E2E_TIMEOUT_L2_CONFIRMATION: '2m',
  };
  const files = writeStandInEnvFile(profile, 'killed-run');
  stateDir = files.stateDir;
  funderBefore = await balancesOf(funderAddress);

  killedRun = await runNestedE2e({ args: ['--target', 'testnet', '--env-file', files.envFile, SCENARIO], env: { E2E_LOG_LEVEL: 'info' }, killWhen: FUNDED, timeoutMs: KILL_BOUND_MS });
  heldAtKill = await Promise.all(clientAddresses.map(balancesOf));
  console.log(`npm run e2e killed with SIGKILL ${Math.round((killedRun.killed?.atMs ?? killedRun.elapsedMs) / 1000)} s after its start, on "${killedRun.killed?.matched ?? '(no match)'}"`);
  // The next run's recovery, as an operator starts it after a killed run: same profile, same state directory.
  sweep = await runNestedE2e({ script: 'scripts/sweep.ts', args: [], env: { ...profile, E2E_STATE_DIR: files.stateDir, E2E_RECOVERY_DIR: files.recoveryDir }, timeoutMs: SWEEP_BOUND_MS });
  console.log(`npm run sweep after the killed run (exit ${sweep.code}, ${Math.round(sweep.elapsedMs / 1000)} s):\n${sweep.output.split('\n').filter((line) => /swept/.test(line)).join('\n')}`);
}, KILL_BOUND_MS + SWEEP_BOUND_MS + 120_000);

afterAll(async () => {
  // The killed run's client containers outlive it (no reaper); their owner is gone, so they are leftovers now.
  await removeLeftovers();
  await devnet?.stop();
});

describe('the harness is killed (SIGKILL) in the middle of a round trip on a network that outlives it', () => {
  it('dies at once once its users are funded, running none of its own clean-up', () => {
    expect(killedRun.killed, `no "${FUNDED.source}" line within ${KILL_BOUND_MS} ms; output:\n${killedRun.output.slice(-4000)}`).toBeDefined();
    expect(killedRun.signal ?? 'exited', 'how the run ended').toBe('SIGKILL');
    expect(killedRun.output, 'the cast never swept its users').not.toMatch(/swept 0x[0-9a-fA-F]{40} back to the funder/);
  });

  it('leaves value behind on L1: the depositor holds her grant and both users their gas allowance', () => {
    const deposit = parseEther(STAND_IN_TOKENS.WGAS.amounts.deposit);
    expect(heldAtKill.map((held) => held.tokens.WGAS)).toEqual(expect.arrayContaining([deposit]));
    expect(heldAtKill.reduce((sum, held) => sum + held.tokens.WGAS!, 0n), 'WGAS the killed run left on its users').toBe(deposit);
    for (const held of heldAtKill) expect(held.native, `${held.address} holds its allowance, less any gas its client spent`).toBeGreaterThan(0n);
  });

  it('the next run\'s sweep finds both users in the ledger and returns everything they hold: nothing is left on L1', async () => {
    expect(sweep.code, `npm run sweep exit status; output:\n${sweep.output.slice(-4000)}`).toBe(0);
    expect(sweep.output).toContain(`swept ${USERS}, skipped 0, failed 0 of ${USERS} ledger identities`);
    const after = await Promise.all(clientAddresses.map(balancesOf));
    expect(after.map((held) => ({ native: held.native, tokens: held.tokens }))).toEqual(clientAddresses.map(() => ({ native: 0n, tokens: { WGAS: 0n, dUSD: 0n } })));
  });

  it('the funder holds every token it had before the killed run, to the unit', async () => {
    expect((await balancesOf(funderAddress)).tokens).toEqual(funderBefore.tokens);
  });

  it('the sweep says what it recovered from each user, and the ledger records each sweep', () => {
    for (const [i, address] of clientAddresses.entries()) {
      const line = sweep.output.split('\n').find((l) => l.includes(`swept ${address} back to the funder: `));
      expect(line, `the sweep's line for ${address}`).toBeDefined();
      const wgas = heldAtKill[i]!.tokens.WGAS! > 0n ? `, ${STAND_IN_TOKENS.WGAS.amounts.deposit} WGAS` : '';
      expect(line).toMatch(new RegExp(`: [\\d.]+ native${wgas}; 0 native left`));
    }
    const sweeps = readFileSync(join(stateDir, 'ledger.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { event: string; address: string; ok?: boolean });
    expect(sweeps.filter((record) => record.event === 'sweep' && record.ok).map((record) => record.address.toLowerCase()).sort()).toEqual(clientAddresses.map((a) => a.toLowerCase()).sort());
  });
});
