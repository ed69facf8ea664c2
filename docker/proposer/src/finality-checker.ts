// The task that proposes queued blocks, and only after a rotation is final (upstream's finality checker,
// nightfall_proposer/src/drivers/blockchain/block_assembly.rs:235-314 @ plume_testnet_proposer 4e84c58; :253-331 @
// master 6ee83be). Every 5 s it takes the pending-blocks lock, reads every ProposerRotated from block 0 and checks each,
// oldest first, for finality plus 12 confirmations; each final one drains the queue. The first rotation that is not
// final yet stops the pass there, still holding the lock, until it is (l1-finality.ts): after any rotation, which anyone
// may send once a turn is over, nothing is proposed for as long as the chain takes to finalise it.
//
// Quirks kept: a failed read of start_l1_block or of the rotations ends the task for good, silently (upstream returns
// the error from a spawned task nobody joins), and the queue then only grows; when start_l1_block is 0 (a registry
// never bootstrapped) the queue is proposed without a finality check.
import type { Hash, PublicClient } from 'viem';
import type { Block } from '../../lib/block-codec';
import type { BlockSubmitter } from './block-submitter';
import { delay } from './delay';
import { FinalityCheckError, isFinalWithConfirmations } from './l1-finality';
import type { Log } from './log';
import type { PendingBlocks } from './pending-blocks';

/** Upstream's confirmations_required: blocks a rotation must be behind the finalized block. */
const ROTATION_CONFIRMATIONS = 12n;
/** Upstream's finality_check_interval: between passes, and the receipt timeout of each check. */
const FINALITY_CHECK_INTERVAL_MS = 5_000;

interface RotationSource {
  startL1Block(): Promise<bigint>;
  /** Transaction hashes of every ProposerRotated since block 0, oldest first. */
  proposerRotations(): Promise<Hash[]>;
}

export interface FinalityCheckerDeps {
  client: PublicClient;
  registry: RotationSource;
  pending: PendingBlocks<Block>;
  submitter: Pick<BlockSubmitter, 'propose'>;
  log: Log;
  println: (line: string) => void;
  /** A unit test may shorten the pass interval and the check's poll; the devnet runs upstream's. */
  intervalMs?: number;
  pollMs?: number;
}

export async function runFinalityChecker(deps: FinalityCheckerDeps, signal: AbortSignal): Promise<void> {
  const intervalMs = deps.intervalMs ?? FINALITY_CHECK_INTERVAL_MS;
  while (!signal.aborted) {
    let startL1Block: bigint;
    try {
      startL1Block = await deps.registry.startL1Block();
    } catch {
      return; // "Failed to get start block for round robin", returned from the task: the checker is gone
    }
    const alive = await deps.pending.withLock(async (blocks) => {
      if (startL1Block === 0n && blocks.length > 0) await proposeAll(deps, blocks);
      let rotations: Hash[];
      try {
        rotations = await deps.registry.proposerRotations();
      } catch {
        return false; // "Failed to query round robin rotate proposer events": the checker is gone
      }
      for (const txHash of rotations) {
        if (signal.aborted) break;
        try {
          const final = await isFinalWithConfirmations({
            client: deps.client,
            txHash,
            confirmations: ROTATION_CONFIRMATIONS,
            receiptTimeoutMs: intervalMs,
            println: deps.println,
            signal,
            ...(deps.pollMs === undefined ? {} : { pollMs: deps.pollMs }),
          });
          if (!final) continue;
          deps.log.info(`Rotate Proposer Transaction finalized: ${txHash}`);
          await proposeAll(deps, blocks);
        } catch (error) {
          if (!(error instanceof FinalityCheckError)) return false; // upstream's `?`: the task ends
          deps.log.error(`Finality check error: ${error.message}`);
        }
      }
      return true;
    });
    if (!alive) return;
    await delay(intervalMs, signal);
  }
}

/** Drains the queue into propose_block calls; a failed one is logged and its block is gone. */
async function proposeAll(deps: FinalityCheckerDeps, blocks: Block[]): Promise<void> {
  deps.log.info(`Proposing ${blocks.length} pending blocks`);
  for (const block of blocks.splice(0)) {
    try {
      await deps.submitter.propose(block);
    } catch (error) {
      deps.log.error(`Failed to propose block: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
