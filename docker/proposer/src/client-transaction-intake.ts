// The checks a posted ClientTransaction must pass before it enters the mempool
// (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_proposer/src/driven/nightfall_client_transaction.rs:78-153): the (mock) proof verifies, nullifiers[0] is
// not zero, no nullifier is spent on chain, and neither the same transaction nor another spend of one of its nullifiers
// is already pending. Not checked (the simulator keeps no trees): that the historic commitment roots are known.
import { keccak256, stringToHex, type Hex } from 'viem';
import {
  clientTransactionToOnChain,
  verifyMockProof,
  type ClientTransaction,
  type OnChainTransaction,
} from '../../lib/block-codec';
import type { ChainReader } from './chain';
import type { Mempool } from './mempool';

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
    return { admitted: false, reason: `Proof did not verify: ${error instanceof Error ? error.message : String(error)}` };
  }
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
