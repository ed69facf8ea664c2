// The client's local commitment tree, as far as the devnet needs it: the root a spend proves against and the root
// check of each processed block. The real client appends every block's commitments to a Merkle tree in its database
// (append_sub_trees, nightfall_event.rs:290-311 @ plume_testnet_client 4e84c58), drops that tree at start-up (main.rs)
// and again on a listener restart (reset_tree: ports/trees.rs:42-57, event_listener_manager.rs:74-78), while the
// block counter is kept — so a restarted tree holds only the blocks after the restart and its root matches no root the
// chain has seen.
//
// The doubles keep no Merkle tree (the devnet's proposer writes commitments_root 0 in every block,
// docker/proposer/src/block-builder.ts). So this model tracks what the tree holds. A tree that holds every block from
// L2 block 0 on computes exactly the root each block carries: it takes the block's word for it. A tree whose first
// block after a reset was a later one (the restarted listener skipped the blocks below the counter) computes a digest
// of what it was given — never a root any block carries — so the block check logs the real mismatch and the proposer
// refuses a spend that proves against it. An empty tree's root is likewise one no block carries.
import { keccak256, encodeAbiParameters } from 'viem';
import { modR } from '../../../lib/field';

/** Root of an empty tree: a digest no block carries (not 0, the devnet blocks' root). */
export const EMPTY_TREE_ROOT = modR(
  BigInt(keccak256(new TextEncoder().encode('nightfall simulator: empty commitment tree'))),
);

export class LocalCommitmentTree {
  #holds: 'nothing' | 'every-block' | 'blocks-after-a-gap' = 'nothing';
  #root = EMPTY_TREE_ROOT;

  /** The root a spend proves against (historic_commitment_roots of each input). */
  get root(): bigint {
    return this.#root;
  }

  /** false once the tree lacks blocks it should hold (its first block after a reset was not L2 block 0). */
  get complete(): boolean {
    return this.#holds !== 'blocks-after-a-gap';
  }

  /** Appends L2 block `layer2BlockNumber`'s commitments (zeros included, as upstream); returns the new root. */
  append(layer2BlockNumber: number, commitments: readonly bigint[], blockRoot: bigint): bigint {
    if (this.#holds === 'nothing') this.#holds = layer2BlockNumber === 0 ? 'every-block' : 'blocks-after-a-gap';
    this.#root =
      this.#holds === 'every-block'
        ? blockRoot
        : modR(
            BigInt(
              keccak256(
                encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256[]' }], [this.#root, [...commitments]]),
              ),
            ),
          );
    return this.#root;
  }

  /** reset_tree: empty again. */
  reset(): void {
    this.#holds = 'nothing';
    this.#root = EMPTY_TREE_ROOT;
  }
}

/**
 * An Fr254 as the real client prints it with `{}` (ark-ff's Display: the decimal integer with its leading zeros
 * trimmed, so zero prints as nothing).
 */
export function fr254Display(value: bigint): string {
  return value.toString().replace(/^0+/, '');
}
