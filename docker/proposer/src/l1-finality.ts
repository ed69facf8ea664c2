// Whether an L1 transaction is final plus a number of confirmations, as upstream's check_l1_finality decides it
// (nightfall_proposer/src/drivers/blockchain/block_assembly.rs:108-185 @ plume_testnet_proposer 4e84c58; :116-197 @
// master 6ee83be). Its one caller passes a wait timeout, and that timeout only ends the wait for a receipt that is not
// found: a rotation that is mined but not yet final is polled every 2 s for as long as it takes.
//
// What "finalized" means depends on the chain. Anvil (1.7.1, measured) answers eth_getBlockByNumber("finalized") with
// the block 64 below the head (two epochs of 32 slots; 0 while the head is below 64), so on the devnet a rotation
// mined at block N is final + 12 once the head reaches N + 76: 76 s with 1 s blocks. On Plume (an Arbitrum Orbit
// chain) "finalized" follows the parent chain's finality, which can be tens of minutes behind the head.
import { BlockNotFoundError, TransactionReceiptNotFoundError, type Hash, type PublicClient } from 'viem';
import { delay } from './delay';

/** Upstream's poll_interval inside the check. */
const POLL_MS = 2_000;

export class FinalityCheckError extends Error {}

export interface FinalityCheckOptions {
  client: PublicClient;
  txHash: Hash;
  confirmations: bigint;
  /** Only for a receipt that is not found: after this long the check fails with "Finality timeout occurred.". */
  receiptTimeoutMs: number;
  /** Upstream println!s "additional confirmations required: <block>" on every poll of an unfinalised transaction. */
  println: (line: string) => void;
  signal: AbortSignal;
  pollMs?: number;
}

/** True once the transaction is `confirmations` blocks behind the finalized block; false only when aborted. */
export async function isFinalWithConfirmations(options: FinalityCheckOptions): Promise<boolean> {
  const { client, txHash, confirmations, signal } = options;
  const started = performance.now();
  while (!signal.aborted) {
    const finalized = await finalizedBlockNumber(client);
    const receiptBlock = await receiptBlockNumber(client, txHash);
    if (receiptBlock !== undefined) {
      if (receiptBlock <= finalized && finalized - receiptBlock >= confirmations) return true;
      options.println(`additional confirmations required: ${receiptBlock + confirmations}`);
    } else if (performance.now() - started > options.receiptTimeoutMs) {
      throw new FinalityCheckError('Finality timeout occurred.');
    }
    await delay(options.pollMs ?? POLL_MS, signal);
  }
  return false;
}

/** The finalized block, or the latest one when the node has none (upstream's fallback). */
async function finalizedBlockNumber(client: PublicClient): Promise<bigint> {
  try {
    return (await client.getBlock({ blockTag: 'finalized' })).number;
  } catch (error) {
    if (error instanceof BlockNotFoundError) return client.getBlockNumber({ cacheTime: 0 });
    throw new FinalityCheckError(`Provider error: ${firstLine(error)}`);
  }
}

async function receiptBlockNumber(client: PublicClient, hash: Hash): Promise<bigint | undefined> {
  try {
    return (await client.getTransactionReceipt({ hash })).blockNumber;
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return undefined;
    throw new FinalityCheckError(`Provider error: ${firstLine(error)}`);
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];
