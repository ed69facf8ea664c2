// A `npm run e2e -- --target testnet` of the WGAS round trip, on a devnet standing in for the test network, killed with
// SIGKILL the moment Alice's deposit is confirmed on L2 — and what it left: its users' L1 balances, its client
// containers (still running), the WGAS in their stores. Shared by the fault tests of what the next run recovers.
import { parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { hex64 } from '../../fixtures/api';
import { chainClients, devnetTokens, l1Balances, type L1BalanceSnapshot } from '../../fixtures/chain';
import { runNestedE2e, type NestedE2eRun } from '../../fixtures/faults/nested-e2e';
import { writeStandInEnvFile } from '../../fixtures/faults/stand-in-profile';
import { nfTokenId } from '../../fixtures/l1-contracts';
import {
  isOrphan,
  readClientLabels,
  removeLeftovers,
  startDevnet,
  type Devnet,
  type LabelledClient,
} from '../../fixtures/network';
import { CLIENT_LABEL } from '../../fixtures/network/client-labels';
import { dockerEngine, ignoreGone } from '../../fixtures/network/engine';
import { PROJECT_FILTER } from '../../fixtures/network/ownership';
import { listStoredCommitments } from '../../fixtures/recovery';
import { recordingLogger } from '../../fixtures/log';
import { Secret } from '../../fixtures/secrets';
import { waitFor } from '../../fixtures/waits';
import {
  allowlist,
  fundedFunders,
  STAND_IN_GAS_ALLOWANCE,
  STAND_IN_TOKENS,
  standInSettingsOf,
} from '../testnet/devnet-as-testnet';

/** From the start of `npm run e2e` to Alice's confirmed deposit: preflight (one client started), vitest, the cast, the deposit. */
export const KILL_BOUND_MS = 6 * 60_000;
/** The round trip of the wrapped gas token: Alice and Bob, each on a pre-certified key, Alice granted the deposit. */
const SCENARIO = 'scenarios/round-trip/wrapped-gas-token.spec.ts';
export const USERS = 2;
/** The run logs this once Alice's deposit request is Confirmed on L2 (fixtures/users/tracked-request.ts). */
export const DEPOSIT_CONFIRMED = /alice's deposit request \S+ is Confirmed on L2/;
export const DEPOSIT = parseEther(STAND_IN_TOKENS.WGAS.amounts.deposit);
/** How long a killed process may take to be reaped on a loaded machine. */
const PROCESSES_GONE_MS = 30_000;

/** A client container the killed run started, as docker lists it. */
export interface KilledRunClient {
  id: string;
  state: string;
  labels: LabelledClient;
  rawLabels: Record<string, string>;
  baseUrl: string;
}

export interface KilledRoundTrip {
  devnet: Devnet;
  funderAddress: Address;
  /** Alice's, then Bob's (the pre-certified keys in the order the cast leases them). */
  clientAddresses: Address[];
  /** What the run's env file sets: the profile's path, its secrets, and its state and recovery directories. */
  env: Record<string, string>;
  stateDir: string;
  funderBefore: L1BalanceSnapshot;
  killedRun: NestedE2eRun;
  heldAtKill: L1BalanceSnapshot[];
  clientsAtKill: KilledRunClient[];
  /** Raw WGAS in Unspent commitments of each user's client at the kill, by user name. */
  unspentWgasAtKill: Record<string, bigint>;
  balancesOf: (address: Address) => Promise<L1BalanceSnapshot>;
  /** The client containers labelled with one of the run's user addresses (no other run has them). */
  clientsOfTheRun(): Promise<KilledRunClient[]>;
  /** Removes whatever is left of the run's clients and stops the devnet. */
  cleanUp(): Promise<void>;
}

export async function killRoundTripAfterDeposit(label: string): Promise<KilledRoundTrip> {
  const devnet = await startDevnet();
  const { publicClient } = chainClients({ rpcUrl: devnet.rpcUrl, chainId: devnet.chainId }, devnet.funderKey);
  const balancesOf = (address: Address) => l1Balances(publicClient, address, devnetTokens(devnet.deployment));
  // What preflight asks for a round trip of both tokens (it plans for every token of the profile, whatever runs).
  const [funder] = await fundedFunders(devnet, [
    {
      native: 4n * parseEther(STAND_IN_GAS_ALLOWANCE) + parseEther('2'),
      WGAS: STAND_IN_TOKENS.WGAS.amounts.deposit,
      dUSD: STAND_IN_TOKENS.dUSD.amounts.deposit,
    },
  ]);
  const clientKeys: Secret<Hex>[] = Array.from({ length: USERS }, () => new Secret(generatePrivateKey()));
  const clientAddresses = clientKeys.map((key) => privateKeyToAddress(key.reveal()));
  await allowlist(devnet, clientAddresses);

  const profile = standInSettingsOf(devnet, funder!.key, {
    clientBuild: devnet.contracts,
    clientKeys: clientKeys.map((key) => key.reveal()).join(','),
    timeouts: { l2Confirmation: '2m' },
  });
  const files = writeStandInEnvFile(profile, label);
  const funderBefore = await balancesOf(funder!.address);

  const clientsOfTheRun = async (): Promise<KilledRunClient[]> => {
    const engine = await dockerEngine();
    const listed = await engine.listContainers({
      all: true,
      filters: { label: [...PROJECT_FILTER.label, CLIENT_LABEL] },
    });
    return listed.flatMap((c) => {
      const labels = readClientLabels(c.Labels);
      if (!labels || !clientAddresses.includes(labels.l1Address)) return [];
      const port = c.Ports.find((p) => p.PrivatePort === 3000 && p.PublicPort)?.PublicPort;
      return [{ id: c.Id, state: c.State, labels, rawLabels: c.Labels, baseUrl: `http://127.0.0.1:${port}` }];
    });
  };

  const killedRun = await runNestedE2e({
    args: ['--target', 'testnet', '--env-file', files.envFile, SCENARIO],
    env: { E2E_LOG_LEVEL: 'info' },
    killWhen: DEPOSIT_CONFIRMED,
    timeoutMs: KILL_BOUND_MS,
  });
  const heldAtKill = await Promise.all(clientAddresses.map(balancesOf));
  // SIGKILL is delivered at once, but a process is gone only once its parent (here init) has reaped it: until then its
  // clients and leases still count as another live process's, as they should.
  const killedAt = performance.now();
  const clientsAtKill = await waitFor({
    what: "the killed run's processes to be gone (the owners of its client containers)",
    timeoutMs: PROCESSES_GONE_MS,
    probe: clientsOfTheRun,
    isDone: (clients) => clients.length > 0 && clients.every((c) => isOrphan(c.rawLabels)),
    describe: (clients) =>
      clients
        .map(
          (c) =>
            `${c.labels.client} owned by ${c.rawLabels['nightfall-e2e.owner']} (${isOrphan(c.rawLabels) ? 'gone' : 'alive'})`,
        )
        .join(', ') || 'no client found',
    logger: recordingLogger(),
  });
  const wgas = hex64(nfTokenId(devnet.deployment.tokens.wrappedGas, 0n));
  const unspentWgasAtKill = Object.fromEntries(
    await Promise.all(
      clientsAtKill.map(async (client) => {
        const { parsed } = await listStoredCommitments(client.baseUrl);
        const unspent = parsed.filter((c) => c.status === 'Unspent' && c.preimage.nf_token_id.toLowerCase() === wgas);
        return [client.labels.user, unspent.reduce((sum, c) => sum + c.preimage.value, 0n)] as const;
      }),
    ),
  );
  console.log(
    `npm run e2e killed with SIGKILL ${Math.round((killedRun.killed?.atMs ?? killedRun.elapsedMs) / 1000)} s after its start, on "${killedRun.killed?.matched ?? '(no match)'}" ` +
      `(its processes gone ${Math.round(performance.now() - killedAt)} ms after its balances were read); ` +
      `its clients: ${clientsAtKill.map((c) => `${c.labels.client} (${c.state})`).join(', ')}; ` +
      `Unspent WGAS in them (raw): ${Object.entries(unspentWgasAtKill)
        .map(([user, raw]) => `${user} ${raw}`)
        .join(', ')}`,
  );

  return {
    devnet,
    funderAddress: funder!.address,
    clientAddresses,
    env: files.env,
    stateDir: files.stateDir,
    funderBefore,
    killedRun,
    heldAtKill,
    clientsAtKill,
    unspentWgasAtKill,
    balancesOf,
    clientsOfTheRun,
    async cleanUp() {
      // Whatever a rescue left of the run's clients (it keeps a client it could not empty) goes with the test: its
      // network dies with it. Then the rest of what the killed run left.
      const engine = await dockerEngine();
      const left = await clientsOfTheRun().catch(() => []);
      await Promise.all(left.map((c) => engine.getContainer(c.id).remove({ force: true, v: true }).catch(ignoreGone)));
      const { Volumes: volumes } = await engine.listVolumes({ filters: { label: PROJECT_FILTER.label } });
      const names = new Set(left.map((c) => c.labels.client));
      await Promise.all(
        (volumes ?? [])
          .filter((v) => names.has(v.Labels?.[CLIENT_LABEL] ?? ''))
          .map((v) => engine.getVolume(v.Name).remove().catch(ignoreGone)),
      );
      await removeLeftovers();
      await devnet.stop();
    },
  };
}

/** The ledger's lines, as written. */
export interface LedgerLine {
  event: string;
  address: string;
  ok?: boolean;
  client?: string;
  runId?: string;
  recovered?: { token: string; raw: string; commitments: number; l1TxHash: string }[];
}
