// Preflight's search for the Nightfall contract's deployment block, against a real anvil: a contract deployed after
// blocks were mined is found at exactly its block, in about log2(head) eth_getCode calls.
import { createTestClient, http, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainClients } from '../../fixtures/chain';
import { anvilDevAccount } from '../../fixtures/network/dev-accounts';
import { findDeploymentBlock, NoContractAt } from '../../fixtures/testnet/preflight/deployment-block';
import { startAnvil, type AnvilProcess } from '../support/anvil-process';

/** Creation code of the smallest contract: it deploys one byte of runtime code (STOP). */
const ONE_BYTE_CONTRACT = '0x600180600b6000396000f300' as const;
const BLOCKS_BEFORE = 1_337n;
const BLOCKS_AFTER = 250n;

let anvil: AnvilProcess;
let clients: ReturnType<typeof chainClients>;
let contract: Address;
let deployedIn: bigint;

beforeAll(async () => {
  anvil = await startAnvil();
  clients = chainClients({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId }, anvilDevAccount(0).key);
  const testClient = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
  await testClient.mine({ blocks: Number(BLOCKS_BEFORE) });
  const hash = await clients.walletClient.deployContract({
    abi: [],
    bytecode: ONE_BYTE_CONTRACT,
    account: clients.walletClient.account,
    chain: clients.walletClient.chain,
  });
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 });
  contract = receipt.contractAddress!;
  deployedIn = receipt.blockNumber;
  await testClient.mine({ blocks: Number(BLOCKS_AFTER) });
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

describe('the deployment block search of preflight (eth_getCode bisection)', () => {
  it('finds the block a contract was deployed in, mined among others', async () => {
    const head = await clients.publicClient.getBlockNumber();
    expect(deployedIn, 'the contract came after the blocks mined before it').toBe(BLOCKS_BEFORE + 1n);
    const found = await findDeploymentBlock(clients.publicClient, contract, head);
    expect(found.block).toBe(deployedIn);
  });

  it('makes one call at the head and one per halving of the chain', async () => {
    const head = await clients.publicClient.getBlockNumber();
    const found = await findDeploymentBlock(clients.publicClient, contract, head);
    // 1,589 blocks: ceil(log2(1,589)) = 11 halvings, plus the head.
    expect(found.calls).toBeLessThanOrEqual(1 + Math.ceil(Math.log2(Number(head) + 1)));
  });

  it('says so when nothing is deployed at the address', async () => {
    const head = await clients.publicClient.getBlockNumber();
    await expect(
      findDeploymentBlock(clients.publicClient, '0x000000000000000000000000000000000000dEaD', head),
    ).rejects.toThrow(NoContractAt);
  });
});
