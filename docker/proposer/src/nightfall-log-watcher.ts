// Follows the Nightfall contract's logs from the genesis block (docker/lib/log-follower.ts), woken by the node's pushes: DepositEscrowed feeds
// the mempool, BlockProposed advances the count of processed L2 blocks behind /v1/blockdata. A failed range is
// retried whole on the next poll; both handlers tolerate a replay.
import { getAbiItem, type Address, type PublicClient } from 'viem';
import { nightfallAbi } from '../../contracts/abi';
import type { ChainWake } from '../../lib/chain-wake';
import { LogFollower, pollLogs } from '../../lib/log-follower';
import type { EscrowEvent } from './deposit-decoder';
import type { Log } from './log';

const depositEscrowed = getAbiItem({ abi: nightfallAbi, name: 'DepositEscrowed' });
const blockProposed = getAbiItem({ abi: nightfallAbi, name: 'BlockProposed' });

/** Blocks per eth_getLogs call: public RPCs cap ranges, and a long replay should not be one request. */
const MAX_LOG_RANGE = 5_000n;

export interface NightfallLogWatcherOptions {
  client: PublicClient;
  nightfall: Address;
  genesisBlock: bigint;
  /** Between reads without a working wake. */
  pollMs: number;
  /** Pushes of the contract's new logs (docker/lib/chain-wake.ts). */
  wake?: ChainWake | undefined;
  onDepositEscrowed: (event: EscrowEvent) => Promise<void>;
  log: Log;
}

export class NightfallLogWatcher {
  readonly #follower: LogFollower;
  #processedL2Blocks = 0n;
  #caughtUp = false;

  constructor(private readonly options: NightfallLogWatcherOptions) {
    this.#follower = new LogFollower(options.client, options.genesisBlock, MAX_LOG_RANGE);
  }

  /** Next expected L2 block number = number of BlockProposed events seen. */
  get processedL2Blocks(): bigint {
    return this.#processedL2Blocks;
  }

  /** True once the watcher has read up to the chain head at least once. */
  get caughtUp(): boolean {
    return this.#caughtUp;
  }

  run(signal: AbortSignal): Promise<void> {
    return pollLogs({
      pollMs: this.options.pollMs,
      wake: this.options.wake,
      signal,
      pollOnce: () => this.pollOnce(),
      onFailure: (message) => this.options.log.warn(`Reading Nightfall events failed, retrying: ${message}`),
    });
  }

  /** Reads one range of logs, up to the head; true when it ended before the head (more to read). */
  private async pollOnce(): Promise<boolean> {
    const range = await this.#follower.next();
    if (!range) {
      this.#caughtUp = true; // nothing to read yet (the genesis block may lie ahead)
      return false;
    }
    const logs = await this.options.client.getLogs({
      address: this.options.nightfall,
      events: [depositEscrowed, blockProposed],
      fromBlock: range.fromBlock,
      toBlock: range.toBlock,
      strict: true,
    });
    for (const entry of logs) {
      if (entry.eventName === 'DepositEscrowed') {
        await this.options.onDepositEscrowed({ transactionHash: entry.transactionHash, ...entry.args });
      } else {
        const next = entry.args.layer2_block_number + 1n;
        if (next > this.#processedL2Blocks) this.#processedL2Blocks = next;
      }
    }
    this.#follower.passed(range);
    if (range.atHead) this.#caughtUp = true;
    return !range.atHead;
  }
}
