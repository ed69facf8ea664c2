// Follows the watched contracts' logs on L1 from the start block by polling eth_getLogs (plain HTTP RPC, as the
// simulators do) and hands on each L1 block's events once, rendered, in log order. The cursor advances block by block,
// so a failure mid-range resumes after the last block handed on and never hands a block on twice. Reorgs are not
// handled: the devnet's anvil has none.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Hash, PublicClient } from 'viem';
import type { EmittedEvent } from '../../lib/event-webhooks/wire';
import type { ContractCatalog } from './contract-catalog';
import { renderEmittedEvent, type LogContext, type MinedLog } from './event-rendering';
import type { Log } from './log';

/** Blocks per eth_getLogs call: public RPCs cap ranges, and a long replay should not be one request. */
const MAX_LOG_RANGE = 5_000n;

export interface BlockEvents {
  blockNumber: bigint;
  /** In (logIndex) order; never empty. */
  events: EmittedEvent[];
}

export interface LogFollowerOptions {
  client: PublicClient;
  catalog: ContractCatalog;
  startBlock: bigint;
  pollMs: number;
  onBlock: (block: BlockEvents) => void;
  log: Log;
}

export class LogFollower {
  #nextBlock: bigint;
  #lastError: string | undefined;

  constructor(private readonly options: LogFollowerOptions) {
    this.#nextBlock = options.startBlock;
  }

  /** The next L1 block to read: everything before it has been handed on. */
  get nextBlock(): bigint {
    return this.#nextBlock;
  }

  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await this.pollOnce();
      await sleep(this.options.pollMs, undefined, { signal }).catch(() => undefined); // aborted: the loop ends
    }
  }

  async pollOnce(): Promise<void> {
    const { client, catalog, log } = this.options;
    try {
      const head = await client.getBlockNumber({ cacheTime: 0 });
      if (head < this.#nextBlock) return;
      const toBlock = head < this.#nextBlock + MAX_LOG_RANGE - 1n ? head : this.#nextBlock + MAX_LOG_RANGE - 1n;
      const logs = (await client.getLogs({ address: catalog.addresses, fromBlock: this.#nextBlock, toBlock })) as MinedLog[];
      for (const [blockNumber, blockLogs] of groupByBlock(logs)) {
        const events = await this.render(blockLogs);
        if (events.length > 0) this.options.onBlock({ blockNumber, events });
        this.#nextBlock = blockNumber + 1n;
      }
      this.#nextBlock = toBlock + 1n;
      this.#lastError = undefined;
    } catch (error) {
      // Once per distinct failure: a node that is down would otherwise fill the log every poll.
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      if (message !== this.#lastError) log.warn(`Reading contract events failed, retrying: ${message}`);
      this.#lastError = message;
    }
  }

  private async render(logs: MinedLog[]): Promise<EmittedEvent[]> {
    const { client, catalog } = this.options;
    const block = await client.getBlock({ blockHash: logs[0]!.blockHash });
    const transactions = new Map<Hash, Promise<LogContext['transaction']>>();
    const transactionOf = (hash: Hash) => {
      let pending = transactions.get(hash);
      if (!pending) {
        pending = client.getTransaction({ hash }).then(({ from, to, input }) => ({ from, to, input }));
        transactions.set(hash, pending);
      }
      return pending;
    };
    const rendered = await Promise.all(
      logs.map(async (entry) =>
        renderEmittedEvent(entry, { blockTimestamp: block.timestamp, transaction: await transactionOf(entry.transactionHash) }, catalog),
      ),
    );
    return rendered.filter((event): event is EmittedEvent => event !== undefined);
  }
}

function groupByBlock(logs: MinedLog[]): Map<bigint, MinedLog[]> {
  const sorted = [...logs].sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
  const groups = new Map<bigint, MinedLog[]>();
  for (const entry of sorted) {
    const group = groups.get(entry.blockNumber);
    if (group) group.push(entry);
    else groups.set(entry.blockNumber, [entry]);
  }
  return groups;
}
