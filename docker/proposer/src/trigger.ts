// When to assemble a block: the real proposer's SmartTrigger (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_proposer/src/driven/block_assembler.rs:68-152). A "slot" is one client transaction or a group of up to four
// deposits; the trigger fires when the pending slots fill the target ratio of a block, or when the maximum wait has
// passed since the wait began and something is pending. While paused only a mempool that can fill an entire block (or a
// resume) releases it.
import type { AssemblyStatus } from './assembly-status';

export interface BlockAssemblySettings {
  initialIntervalSecs: number;
  maxWaitSecs: number;
  targetFillRatio: number;
  blockSize: number;
}

export interface PendingCounts {
  deposits: number;
  clientTransactions: number;
}

export type TriggerReason = 'fill-ratio' | 'max-wait' | 'full-block';

/** The real loop never sleeps longer than this between mempool checks, whatever the configured interval. */
const MAX_TICK_SECS = 10;
export const DEPOSITS_PER_SLOT = 4;

export function fillRatio(counts: PendingCounts, blockSize: number): number {
  return (Math.ceil(counts.deposits / DEPOSITS_PER_SLOT) + counts.clientTransactions) / blockSize;
}

/** A paused proposer still assembles when the mempool alone fills a whole block (partial deposit groups don't count). */
export function fillsWholeBlock(counts: PendingCounts, blockSize: number): boolean {
  return Math.floor(counts.deposits / DEPOSITS_PER_SLOT) + counts.clientTransactions >= blockSize;
}

export interface TriggerDeps {
  settings: BlockAssemblySettings;
  status: AssemblyStatus;
  pendingCounts: () => PendingCounts;
  signal: AbortSignal;
  now?: () => number;
  /** Told about every evaluation of the mempool (the proposer counts them for its stats). */
  onCheck?: () => void;
}

/** Resolves with the reason the block should be assembled now, or undefined when `signal` aborts. */
export async function awaitTrigger(deps: TriggerDeps): Promise<TriggerReason | undefined> {
  const { settings, status, pendingCounts, signal } = deps;
  const now = deps.now ?? Date.now;
  const tickMs = Math.min(settings.initialIntervalSecs, MAX_TICK_SECS) * 1000;
  const maxWaitMs = settings.maxWaitSecs * 1000;
  let waitStart = now();

  while (!signal.aborted) {
    deps.onCheck?.();
    const counts = pendingCounts();
    const pending = counts.deposits + counts.clientTransactions > 0;
    if (status.paused) {
      if (fillsWholeBlock(counts, settings.blockSize)) return 'full-block';
    } else {
      if (pending && fillRatio(counts, settings.blockSize) >= settings.targetFillRatio) return 'fill-ratio';
      if (now() - waitStart >= maxWaitMs) {
        if (pending) return 'max-wait';
        // The real proposer fires anyway, finds nothing to assemble and starts a fresh wait: same timing, no block.
        waitStart = now();
      }
    }
    await nextTick(tickMs, status, signal);
  }
  return undefined;
}

/** Waits one tick, cut short by a pause/resume or an abort. */
function nextTick(ms: number, status: AssemblyStatus, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = status.onChange(done);
    signal.addEventListener('abort', done, { once: true });
  });
}
