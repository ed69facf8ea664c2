// The block assembly loop (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_proposer/src/drivers/blockchain/block_assembly.rs:334-429): only the current proposer waits for the
// trigger; the role is re-checked after the trigger fires, because a rotation may have happened meanwhile. The real
// loop also requires the proposer to be synchronised: here, the log watcher must have caught up with the chain head so
// that every escrowed deposit is in the mempool.
import { isAddressEqual, type Address } from 'viem';
import type { AssemblyStatus } from './assembly-status';
import type { Block } from '../../lib/block-codec';
import type { BlockAssembler } from './block-assembler';
import type { ChainReader } from './chain';
import { delay } from './delay';
import type { Log } from './log';
import type { PendingBlocks } from './pending-blocks';
import { awaitTrigger, type BlockAssemblySettings, type PendingCounts } from './trigger';

export interface AssemblyLoopDeps {
  settings: BlockAssemblySettings;
  status: AssemblyStatus;
  pendingCounts: () => PendingCounts;
  onCheck?: () => void;
  isSynchronised: () => boolean;
  chain: ChainReader;
  proposerAddress: Address;
  assembler: BlockAssembler;
  /** Where assembled blocks wait for the finality checker (finality-checker.ts), which proposes them. */
  pending: PendingBlocks<Block>;
  log: Log;
}

/** How long to wait before asking again whether we may propose (the real proposer sleeps 5 s; we tick faster). */
const RECHECK_MS = 1_000;

export async function runAssemblyLoop(deps: AssemblyLoopDeps, signal: AbortSignal): Promise<void> {
  const { chain, proposerAddress, log } = deps;
  let wasCurrent: boolean | undefined;
  /** Asks RoundRobin, and says so in the log whenever the answer changes. */
  const isCurrentProposer = async () => {
    const current = await chain.currentProposer();
    const isCurrent = isAddressEqual(current, proposerAddress);
    if (isCurrent !== wasCurrent) {
      log.info(
        isCurrent ? 'We are the current proposer' : `Not the current proposer (${current} is); waiting for our turn`,
      );
    }
    wasCurrent = isCurrent;
    return isCurrent;
  };
  let lastError: string | undefined;

  while (!signal.aborted) {
    try {
      if (!deps.isSynchronised() || !(await isCurrentProposer())) {
        await delay(RECHECK_MS, signal);
        continue;
      }
      const reason = await awaitTrigger({ ...deps, signal });
      if (reason === undefined) break;
      if (!(await isCurrentProposer())) continue;
      const block = await deps.assembler.assemble(reason);
      if (block) {
        // Waits while the finality checker holds the queue (upstream :405-410): no new block is assembled meanwhile.
        const queued = await deps.pending.push(block);
        log.info(`Added block to queue (${queued} pending)`);
      }
      lastError = undefined;
    } catch (error) {
      // Keep going, as the real proposer does after a failed block; log a repeated failure only once.
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      if (message !== lastError) log.error(`Block assembly failed: ${message}`);
      lastError = message;
      await delay(RECHECK_MS, signal);
    }
  }
}
