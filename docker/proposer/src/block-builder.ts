// A selection → the Block struct propose_block takes (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// blockchain_assets/contracts/Nightfall.sol:49-88). A deposit group's slot carries the deposits' commitments and, in
// public_data, their escrow keys, which the contract redeems; the rollup proof is the mock one (abi.encode(fee sum of
// the client transactions), as the real MockProver's first word).
//
// Simplifications, all accepted by the devnet contract: no padding to 64 slots with dummy deposit proofs, and the
// three tree roots are 0 — the simulator keeps no commitment, nullifier or historic-root tree.
import { mockRollupProof, type Block, type OnChainTransaction, type Words4 } from '../../lib/block-codec';
import type { BlockSelection } from './block-selection';
import type { PendingDeposit } from './mempool';

const padToFour = (words: bigint[]): Words4 => [words[0] ?? 0n, words[1] ?? 0n, words[2] ?? 0n, words[3] ?? 0n];

function depositGroupSlot(group: readonly PendingDeposit[]): OnChainTransaction {
  if (group.length === 0 || group.length > 4)
    throw new RangeError(`a deposit slot holds 1 to 4 deposits, got ${group.length}`);
  return {
    fee: 0n,
    commitments: padToFour(group.map((d) => d.commitment)),
    nullifiers: [0n, 0n, 0n, 0n],
    public_data: padToFour(group.map((d) => d.key)),
  };
}

export function buildBlock(selection: BlockSelection<OnChainTransaction>): Block {
  const clientSlots = selection.clientTransactions.map((tx) => tx.slot);
  const feeSum = clientSlots.reduce((sum, slot) => sum + slot.fee, 0n);
  return {
    commitments_root: 0n,
    nullifier_root: 0n,
    commitments_root_root: 0n,
    transactions: [...selection.depositGroups.map(depositGroupSlot), ...clientSlots],
    rollup_proof: mockRollupProof(feeSum),
  };
}
