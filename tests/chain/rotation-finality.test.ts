// The harness's own reading of N20's finality gate, against a real anvil with the devnet contracts: the latest
// ProposerRotated and whether it is 12 blocks behind the finalized block, in the words of a diagnosis line. Anvil's
// finalized block is 64 below its head (measured on anvil 1.7.1), so a rotation at N is final + 12 at head N + 76.
import { createTestClient, http, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevnetDeployment } from '../../docker/deployer/deploy';
import { describeRotationFinality, latestRotationFinality } from '../../fixtures/chain';
import { roundRobinAbi } from '../../fixtures/l1-contracts';
import { anvilDevSigner } from '../../fixtures/network/dev-accounts';
import { automineClients } from '../support/automine-clients';
import type { AnvilProcess } from '../support/anvil-process';
import { anvilWithContracts } from './support/anvil-with-contracts';

const FINALIZED_DEPTH = 64n;

let anvil: AnvilProcess;
let deployment: DevnetDeployment;
let clients: ReturnType<typeof automineClients>;

beforeAll(async () => {
  ({ anvil, deployment } = await anvilWithContracts());
  clients = automineClients(anvil.rpcUrl, deployment.chainId);
});
afterAll(async () => {
  await anvil?.stop();
});

const mine = async (blocks: bigint) => {
  if (blocks <= 0n) return;
  await createTestClient({ ...clients.clientOptions, mode: 'anvil', transport: http(anvil.rpcUrl) }).mine({
    blocks: Number(blocks),
    interval: 0,
  });
};
const mineToHead = async (head: bigint) => mine(head - (await clients.publicClient.getBlockNumber()));
const finality = () => latestRotationFinality(clients.publicClient, deployment.roundRobin);

/** Opens the rotation window (ROTATION_BLOCKS + 64 after the turn began) and rotates; anyone may. */
async function rotate(): Promise<{ blockNumber: bigint; transactionHash: Hash }> {
  const registry = { address: deployment.roundRobin, abi: roundRobinAbi } as const;
  const read = clients.publicClient.readContract.bind(clients.publicClient);
  const [start, turn, finalization] = await Promise.all([
    read({ ...registry, functionName: 'start_l1_block' }),
    read({ ...registry, functionName: 'ROTATION_BLOCKS' }),
    read({ ...registry, functionName: 'FINALIZATION_BLOCKS' }),
  ]);
  await mineToHead(start + turn + finalization - 1n);
  const wallet = clients.wallet(anvilDevSigner(1));
  return clients.mined(wallet.writeContract({ ...registry, functionName: 'rotate_proposer' }));
}

describe('latestRotationFinality', () => {
  it('names a fresh rotation, its transaction, the finalized head and the block the proposer waits for', async () => {
    const rotation = await rotate();
    const finalizedHead = (await clients.publicClient.getBlock({ blockTag: 'finalized' })).number;
    const needs = rotation.blockNumber + 12n;
    expect(describeRotationFinality(await finality())).toBe(
      `proposer rotated at L1 block ${rotation.blockNumber} (tx ${rotation.transactionHash}), finalised: no ` +
        `(finalized head ${finalizedHead}, needs ${needs}): the proposer holds every block until then`,
    );
  });

  it('calls the rotation final only once the finalized head is 12 blocks past it', async () => {
    const rotation = await rotate();
    await mineToHead(rotation.blockNumber + 12n + FINALIZED_DEPTH - 1n);
    expect(await finality()).toMatchObject({
      rotatedAt: rotation.blockNumber,
      finalizedHead: rotation.blockNumber + 11n,
      finalised: false,
    });
    await mine(1n);
    expect(await finality()).toMatchObject({ finalizedHead: rotation.blockNumber + 12n, finalised: true });
  });
});

describe('describeRotationFinality', () => {
  it('says when the node has no finalized block and the latest stands in, as the proposer counts', () => {
    const line = describeRotationFinality({
      rotatedAt: 100n,
      finalizedHead: 105n,
      fromLatest: true,
      needs: 112n,
      finalised: false,
    });
    expect(line).toBe(
      'proposer rotated at L1 block 100, finalised: no (no finalized block, latest 105, needs 112): the proposer holds every block until then',
    );
  });
});
