// The harness's L1 reads against an endpoint with a hosted provider's limits (docker/rpc-limits in front of a real
// anvil with the devnet contracts): unbounded scans (eth_getLogs from the deployment block, every block of a long
// window at once) fail there, and the harness's own reads pass within the limits.
import { createPublicClient, http, parseEther, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nightfallAbi } from '../../docker/contracts/abi';
import { startRpcLimits, type RpcLimitsService } from '../../docker/rpc-limits/src/service';
import {
  findBlockSpending,
  publicChainClient,
  transactionsSentBy,
  UnboundedLogScan,
  type L1PublicClient,
} from '../../fixtures/chain';
import { HOSTED_RPC_LIMITS } from '../../fixtures/network';
import { proposeBlockMined } from '../contracts/support/actions';
import { roles, useContractsDevnet } from '../contracts/support/devnet';
import { block, field, withdrawSlot } from '../contracts/support/nightfall-model';

const devnet = useContractsDevnet();
const quiet = { info: () => undefined, warn: () => undefined };
let limited: RpcLimitsService;
let limitedUrl: string;

beforeAll(async () => {
  // The devnet's defaults: 100 blocks per eth_getLogs, 25 requests per second in bursts of 250.
  limited = await startRpcLimits(
    { upstreamUrl: devnet().rpcUrl, ...HOSTED_RPC_LIMITS },
    { port: 0, host: '127.0.0.1', log: quiet },
  );
  limitedUrl = `http://127.0.0.1:${limited.port}/`;
});

afterAll(async () => {
  await limited?.close();
});

/** The harness's client of the limited endpoint, told its block range as the devnet target tells it. */
const harnessClient = (): L1PublicClient =>
  publicChainClient({
    rpcUrl: limitedUrl,
    chainId: devnet().deployment.chainId,
    endpointLimits: { maxLogRange: HOSTED_RPC_LIMITS.maxLogRange },
  }).publicClient;
/** A client as any code would make it without the harness's transport: no paging, no bound on concurrency. */
const plainClient = () => createPublicClient({ transport: http(limitedUrl) });

/** Proposes a block whose withdraw slot spends `nullifier`; returns the L1 block it landed in. */
async function proposeWithdrawSpending(nullifier: bigint): Promise<bigint> {
  const slot = withdrawSlot({
    fee: 0n,
    nf_token_id: field('token'),
    recipient_address: roles.bob.address,
    value: 1n,
    nullifier,
  });
  return (await proposeBlockMined(devnet(), block([slot], 0n, `spending ${nullifier}`))).blockNumber;
}

describe('finding the L2 block that spent a withdrawal (N5)', () => {
  it("finds it from the withdrawal's own start, paging the scan; the unpaged scan from the deployment is refused", async () => {
    const { deployment, testClient, publicClient } = devnet();
    await proposeWithdrawSpending(field('an earlier withdrawal'));
    await testClient.mine({ blocks: 300 });
    const start = await publicClient.getBlockNumber();
    await testClient.mine({ blocks: 150 });
    const nullifier = field("bob's withdrawal");
    const landedIn = await proposeWithdrawSpending(nullifier);

    const found = await findBlockSpending(harnessClient(), deployment.nightfall, nullifier, { fromBlock: start });
    expect(found?.l1BlockNumber).toBe(landedIn);

    // What the harness did before: one eth_getLogs from the deployment to the latest block.
    const unpaged = plainClient().getContractEvents({
      address: deployment.nightfall,
      abi: nightfallAbi,
      eventName: 'BlockProposed',
      fromBlock: deployment.deployBlock,
    });
    await expect(unpaged).rejects.toThrow(/query exceeds max block range 100/);
    expect(limited.stats().refused.range).toBeGreaterThan(0);
  });

  it('refuses a search from block 0 before asking the endpoint', async () => {
    const before = limited.stats().forwarded;
    await expect(
      findBlockSpending(harnessClient(), devnet().deployment.nightfall, 1n, { fromBlock: 0n }),
    ).rejects.toThrow(UnboundedLogScan);
    expect(limited.stats().forwarded).toBe(before);
  });
});

describe("a user's own L1 transactions in a long window (N6)", () => {
  async function sendAt(blocksBefore: number, from = roles.alice): Promise<Hash> {
    await devnet().testClient.mine({ blocks: blocksBefore });
    return (
      await devnet().mined(
        devnet()
          .as(from)
          .sendTransaction({ to: roles.carol.address, value: parseEther('0.001') }),
      )
    ).transactionHash;
  }

  it('are found by their nonces with a few dozen calls, where fetching every block of the window is refused for the rate', async () => {
    const { publicClient } = devnet();
    const alice: Address = roles.alice.address;
    const fromBlock = (await publicClient.getBlockNumber()) + 1n;
    const own = [await sendAt(40), await sendAt(200)];
    await sendAt(10, roles.bob); // someone else's, in the window
    own.push(await sendAt(250));
    await devnet().testClient.mine({ blocks: 100 });
    const toBlock = await publicClient.getBlockNumber();
    expect(toBlock - fromBlock).toBeGreaterThan(500n);

    const forwardedBefore = limited.stats().forwarded;
    const receipts = await transactionsSentBy(harnessClient(), alice, { fromBlock, toBlock });
    expect(receipts.map((receipt) => receipt.transactionHash)).toEqual(own);
    const calls = limited.stats().forwarded - forwardedBefore;
    expect(calls, 'calls for three transactions in a 600-block window').toBeLessThan(60);

    // A known hash saves its search.
    const withKnown = await transactionsSentBy(harnessClient(), alice, { fromBlock, toBlock, knownHashes: [own[2]!] });
    expect(withKnown.map((receipt) => receipt.transactionHash)).toEqual(own);

    // What the harness did before: every block of the window with its transactions, all at once.
    const numbers = Array.from({ length: Number(toBlock - fromBlock + 1n) }, (_, i) => fromBlock + BigInt(i));
    const everyBlock = await Promise.allSettled(
      numbers.map((blockNumber) => plainClient().getBlock({ blockNumber, includeTransactions: true })),
    );
    const refused = everyBlock.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(refused.length, 'block reads refused for the rate, after viem retried them').toBeGreaterThan(0);
    expect(refused[0]).toMatch(/project ID request rate exceeded/);
  });

  it('are none when the transaction count did not move, without reading any block', async () => {
    const { publicClient, testClient } = devnet();
    const fromBlock = (await publicClient.getBlockNumber()) + 1n;
    await testClient.mine({ blocks: 50 });
    const before = limited.stats().forwarded;
    expect(
      await transactionsSentBy(harnessClient(), roles.dave.address, { fromBlock, toBlock: fromBlock + 49n }),
    ).toEqual([]);
    expect(limited.stats().forwarded - before, 'two transaction counts').toBe(2);
  });
});
