// What a client sent to L1, read back from the chain: every transaction from its signer since a block, each named by
// the contract it went to and the function it called, with the gas limit and fee caps of the mined transaction
// (eth_getTransactionByHash), for assertions on what the real builds send.
import { decodeFunctionData, erc20Abi, type Abi, type Address, type Hash, type Hex, type PublicClient } from 'viem';
import { erc1155Abi, erc3525Abi, erc721Abi, nightfallAbi } from '../../../../docker/contracts/abi';
import type { DevnetDeployment } from '../../../../docker/deployer/deploy';

export interface SentTransaction {
  readonly hash: Hash;
  /** `<contract>.<function>`, e.g. `erc721.approve`, `nightfall.descrow_funds`. */
  readonly call: string;
  readonly gas: bigint;
  readonly maxFeePerGas: bigint | undefined;
  readonly maxPriorityFeePerGas: bigint | undefined;
}

function callName(deployment: DevnetDeployment, to: Address | null, input: Hex): string {
  const { tokens, nightfall } = deployment;
  const contracts: [string, Address, Abi][] = [
    ['nightfall', nightfall, nightfallAbi],
    ['stablecoin', tokens.stablecoin, erc20Abi],
    ['erc721', tokens.erc721, erc721Abi],
    ['erc1155', tokens.erc1155, erc1155Abi],
    ['erc3525', tokens.erc3525, erc3525Abi],
  ];
  const contract = contracts.find(([, address]) => to !== null && address.toLowerCase() === to.toLowerCase());
  if (!contract) return `${to ?? 'creation'}.?`;
  const [name, , abi] = contract;
  try {
    return `${name}.${decodeFunctionData({ abi, data: input }).functionName}`;
  } catch {
    return `${name}.?`;
  }
}

/** Every transaction `from` sent in blocks `fromBlock`..latest, in chain order. */
export async function transactionsSentBy(
  publicClient: PublicClient,
  deployment: DevnetDeployment,
  from: Address,
  fromBlock: bigint,
): Promise<SentTransaction[]> {
  const latest = await publicClient.getBlockNumber({ cacheTime: 0 });
  const hashes: Hash[] = [];
  for (let n = fromBlock; n <= latest; n++) {
    const block = await publicClient.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) if (tx.from.toLowerCase() === from.toLowerCase()) hashes.push(tx.hash);
  }
  const sent: SentTransaction[] = [];
  for (const hash of hashes) {
    const tx = await publicClient.getTransaction({ hash }); // eth_getTransactionByHash
    sent.push({
      hash,
      call: callName(deployment, tx.to, tx.input),
      gas: tx.gas,
      maxFeePerGas: tx.maxFeePerGas,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
    });
  }
  return sent;
}
