// The checks a posted ClientTransaction must pass before it enters the mempool
// (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_proposer/src/driven/nightfall_client_transaction.rs:78-153): the (mock) proof verifies, the historic
// commitment root of every input with a nullifier is a root some proposed block carried ("Commitment root is not
// known", :104-121 @ plume_testnet_proposer 2c636a4 — what a client whose tree was reset by a listener restart meets),
// nullifiers[0] is not zero, no nullifier is spent on chain, and neither the same transaction nor another spend of one
// of its nullifiers is already pending.
import { keccak256, stringToHex, type Hex } from 'viem';
import {
  clientTransactionToOnChain,
  verifyMockProof,
  type ClientTransaction,
  type OnChainTransaction,
} from '../../lib/block-codec';
import type { ChainReader } from './chain';
import type { Mempool } from './mempool';

/**
 * The historic roots the devnet's blocks carry: the proposer double keeps no commitment tree and writes
 * commitments_root 0 in every block it builds (./block-builder.ts), so 0 is the only root a client with a complete tree
 * proves against.
 */
const KNOWN_COMMITMENT_ROOTS: ReadonlySet<bigint> = new Set([0n]);

export type IntakeResult = { admitted: true; id: Hex } | { admitted: false; reason: string };

export async function admitClientTransaction(
  tx: ClientTransaction,
  deps: { mempool: Mempool<OnChainTransaction>; chain: ChainReader },
): Promise<IntakeResult> {
  let slot: OnChainTransaction;
  try {
    if (!verifyMockProof(tx)) return { admitted: false, reason: 'Client transaction zk proof is wrong' };
    slot = clientTransactionToOnChain(tx);
  } catch (error) {
    return {
      admitted: false,
      reason: `Proof did not verify: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const unknownRoot = tx.historic_commitment_roots.some(
    (root, i) => slot.nullifiers[i] !== 0n && !KNOWN_COMMITMENT_ROOTS.has(BigInt(`0x${root}`)),
  );
  if (unknownRoot) return { admitted: false, reason: 'Commitment root is not known' };
  if (slot.nullifiers[0] === 0n) return { admitted: false, reason: 'All nullifiers are zero' };
  if (await deps.chain.anyNullified(slot.nullifiers)) return { admitted: false, reason: 'Duplicate nullifier' };

  const id = transactionId(tx);
  const result = deps.mempool.addClientTransaction({ id, fee: slot.fee, nullifiers: slot.nullifiers, slot });
  switch (result) {
    case 'admitted':
      return { admitted: true, id };
    case 'duplicate':
      return { admitted: false, reason: 'Transaction already exists' };
    case 'nullifier-pending':
      return { admitted: false, reason: 'Duplicate nullifier (spent by a pending transaction)' };
  }
}

/** Hex words are case-insensitive on the wire, so the id is taken over the lowercased JSON of the parsed schema. */
function transactionId(tx: ClientTransaction): Hex {
  return keccak256(stringToHex(JSON.stringify(tx).toLowerCase()));
}
