// Follows the Nightfall contract's logs from the genesis block by polling eth_getLogs (the simulator uses plain HTTP
// RPC, so no subscription): DepositEscrowed feeds the mempool, BlockProposed advances the count of processed L2 blocks
// behind /v1/blockdata. A failed range is retried whole on the next poll; both handlers tolerate a replay.
import { getAbiItem, type Address, type PublicClient } from 'viem';
import { nightfallAbi } from '../../contracts/abi';
import { delay } from './delay';
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
  pollMs: number;
  onDepositEscrowed: (event: EscrowEvent) => Promise<void>;
  log: Log;
}

export class NightfallLogWatcher {
  #nextL1Block: bigint;
  #processedL2Blocks = 0n;
  #caughtUp = false;
  #lastError: string | undefined;

  constructor(private readonly options: NightfallLogWatcherOptions) {
    this.#nextL1Block = options.genesisBlock;
  }

  /** Next expected L2 block number = number of BlockProposed events seen. */
  get processedL2Blocks(): bigint {
    return this.#processedL2Blocks;
  }

  /** True once the watcher has read up to the chain head at least once. */
  get caughtUp(): boolean {
    return this.#caughtUp;
  }

  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await this.pollOnce();
      await delay(this.options.pollMs, signal);
    }
  }

  /** Reads one range of logs, up to the head. */
  private async pollOnce(): Promise<void> {
    const { client, nightfall, log } = this.options;
    try {
      const head = await client.getBlockNumber({ cacheTime: 0 });
      if (head < this.#nextL1Block) {
        this.#caughtUp = true; // nothing to read yet (the genesis block may lie ahead)
        return;
      }
      const toBlock = head < this.#nextL1Block + MAX_LOG_RANGE - 1n ? head : this.#nextL1Block + MAX_LOG_RANGE - 1n;
      const logs = await client.getLogs({
        address: nightfall,
        events: [depositEscrowed, blockProposed],
        fromBlock: this.#nextL1Block,
        toBlock,
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
      this.#nextL1Block = toBlock + 1n;
      if (toBlock === head) this.#caughtUp = true;
      this.#lastError = undefined;
    } catch (error) {
      // Say it once per distinct failure: a node that is down would otherwise fill the log every poll.
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      if (message !== this.#lastError) log.warn(`Reading Nightfall events failed, retrying: ${message}`);
      this.#lastError = message;
    }
  }
}
