// How the simulators follow L1 logs (shared by the proposer's log watcher, the event service's monitors and the
// client's block listener): they read eth_getLogs over plain HTTP RPC when the node's WebSocket pushes say the chain
// moved (./chain-wake.ts; polling where there is no WebSocket) — the sequence of logs is the real services' — a block
// range at a time, from a cursor up to the chain head, at most a few thousand blocks
// per request (public RPCs cap ranges, and a long replay should not be one request). A range is only passed once its
// logs were handled, so a failure mid-way reads the same range again on the next poll. anvil has no reorgs, so none
// is handled. What a log means stays with each simulator.
import { setTimeout as sleep } from 'node:timers/promises';
import type { PublicClient } from 'viem';
import type { ChainWake } from './chain-wake';

export interface LogRange {
  readonly fromBlock: bigint;
  readonly toBlock: bigint;
  readonly head: bigint;
  /** The range reaches the head: the follower has caught up. */
  readonly atHead: boolean;
}

/** The range to read from `cursor` with the chain at `head`; undefined while the head has not reached the cursor. */
export function nextLogRange(cursor: bigint, head: bigint, maxRange: bigint): LogRange | undefined {
  if (head < cursor) return undefined;
  const last = cursor + maxRange - 1n;
  const toBlock = head < last ? head : last;
  return { fromBlock: cursor, toBlock, head, atHead: toBlock === head };
}

/** One cursor over the chain: the next block whose logs have not been handled. */
export class LogFollower {
  #cursor: bigint;

  constructor(
    private readonly client: Pick<PublicClient, 'getBlockNumber'>,
    fromBlock: bigint,
    private readonly maxRange: bigint,
  ) {
    this.#cursor = fromBlock;
  }

  get cursor(): bigint {
    return this.#cursor;
  }

  /** Asks the node for its head: the next range to read, or undefined when there is nothing new. */
  async next(): Promise<LogRange | undefined> {
    return nextLogRange(this.#cursor, await this.client.getBlockNumber({ cacheTime: 0 }), this.maxRange);
  }

  /** Every log of `range` was handled: read on from the block after it. */
  passed(range: LogRange): void {
    this.#cursor = range.toBlock + 1n;
  }

  /** Reads from `block` again (a simulator that lost its place in the sequence replays from its start). */
  rewindTo(block: bigint): void {
    this.#cursor = block;
  }
}

/**
 * Calls `pollOnce` until `signal` aborts: again at once when it says it has more to read, else when `wake` pushes
 * (./chain-wake.ts) or, without a working one, after `pollMs`. A failed poll is reported once per distinct message (a node that is
 * down would otherwise fill the log every poll) and retried on the next.
 */
export async function pollLogs(options: {
  pollMs: number;
  signal: AbortSignal;
  /** True: the range it read ended before the head, read on at once. */
  pollOnce: () => Promise<boolean | void>;
  onFailure: (message: string) => void;
  wake?: ChainWake | undefined;
}): Promise<void> {
  let lastError: string | undefined;
  while (!options.signal.aborted) {
    let behind: boolean | void = false;
    try {
      behind = await options.pollOnce();
      lastError = undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      if (message !== lastError) options.onFailure(message);
      lastError = message;
    }
    if (behind !== true) await pause(options.pollMs, options.signal, options.wake);
  }
}

/** Until `wake` pushes (see ChainWake.next), or without one `pollMs` pass, or `signal` aborts. */
export function pause(pollMs: number, signal: AbortSignal, wake?: ChainWake): Promise<void> {
  if (wake) return wake.next(pollMs, signal);
  return sleep(pollMs, undefined, { signal }).catch(() => undefined); // aborted: the caller's loop ends
}
