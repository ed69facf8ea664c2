// Runs the event monitors: each linked contract's logs are read from its starting block (docker/lib/log-follower.ts:
// one head per poll, a range per monitor), rendered, stored for the events API and offered to the webhooks block by block.
// A poll reads and renders first and changes nothing until all of it succeeded, so a failure mid-way leaves every
// monitor where it was and nothing is stored or offered twice. A monitor behind the head reads at most MAX_LOG_RANGE
// blocks a poll and says it is processing past logs until it has caught up. Reorgs are not handled: anvil has none.
import type { Hash, PublicClient } from 'viem';
import type { ChainWake } from '../../lib/chain-wake';
import { nextLogRange, pollLogs } from '../../lib/log-follower';
import type { AddressBook, EventMonitor } from './address-book';
import { renderEvent, type LogContext, type MinedLog, type RenderedEvent } from './event-rendering';
import type { EventStore } from './event-store';
import type { Log } from './log';

/** Blocks per eth_getLogs call: public RPCs cap ranges, and a long replay should not be one request. */
const MAX_LOG_RANGE = 2_000n;

export interface BlockEvents {
  blockNumber: bigint;
  /** In log order; never empty. */
  events: RenderedEvent[];
}

export interface EventMonitorsOptions {
  client: PublicClient;
  book: AddressBook;
  store: EventStore;
  /** Between polls without a working wake. */
  pollMs: number;
  /** New heads pushed by the node (docker/lib/chain-wake.ts): a poll per block. */
  wake?: ChainWake | undefined;
  onBlock: (block: BlockEvents) => void;
  log: Log;
  now?: () => Date;
}

interface Progress {
  monitor: EventMonitor;
  to: bigint;
  toHash: Hash;
  events: RenderedEvent[];
}

export class EventMonitors {
  constructor(private readonly options: EventMonitorsOptions) {}

  run(signal: AbortSignal): Promise<void> {
    return pollLogs({
      pollMs: this.options.pollMs,
      wake: this.options.wake,
      signal,
      pollOnce: () => this.pollOnce(),
      onFailure: (message) => this.options.log.warn(`Reading contract events failed, retrying: ${message}`),
    });
  }

  /** One poll: every monitor's next range, committed only when all of them were read. True while one is behind the head. */
  async pollOnce(): Promise<boolean> {
    const { client, book, store, onBlock } = this.options;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const hashes = new Map<bigint, Promise<Hash>>();
    const hashOf = (blockNumber: bigint) => {
      let pending = hashes.get(blockNumber);
      if (!pending) hashes.set(blockNumber, (pending = client.getBlock({ blockNumber }).then((block) => block.hash)));
      return pending;
    };
    const progress: Progress[] = [];
    for (const monitor of book.monitors()) {
      const range = nextLogRange(monitor.cursor, head, MAX_LOG_RANGE);
      if (!range) continue;
      const logs = (await client.getLogs({
        address: monitor.link.address,
        fromBlock: range.fromBlock,
        toBlock: range.toBlock,
      })) as MinedLog[];
      progress.push({
        monitor,
        to: range.toBlock,
        toHash: await hashOf(range.toBlock),
        events: await this.#render(logs, monitor),
      });
    }
    // Everything read: commit.
    const now = (this.options.now ?? (() => new Date()))();
    for (const { monitor, to, toHash } of progress) {
      monitor.cursor = to + 1n;
      monitor.latestBlockNumber = to;
      monitor.latestBlockHash = toHash;
      monitor.isProcessingPastLogs = to < head;
      monitor.updatedAt = now;
    }
    const added = store.add(progress.flatMap((p) => p.events));
    for (const block of byBlock(added)) onBlock(block);
    return progress.some((p) => p.to < head);
  }

  async #render(logs: MinedLog[], monitor: EventMonitor): Promise<RenderedEvent[]> {
    const { client, book } = this.options;
    const blocks = new Map<Hash, Promise<bigint>>();
    const transactions = new Map<Hash, Promise<LogContext['transaction']>>();
    const once = <K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>) => {
      let pending = cache.get(key);
      if (!pending) cache.set(key, (pending = load()));
      return pending;
    };
    const rendered = await Promise.all(
      logs.map(async (entry) => {
        const [blockTimestamp, transaction] = await Promise.all([
          once(blocks, entry.blockHash, () =>
            client.getBlock({ blockHash: entry.blockHash }).then((block) => block.timestamp),
          ),
          once(transactions, entry.transactionHash, () =>
            client.getTransaction({ hash: entry.transactionHash }).then(({ from, to, input }) => ({ from, to, input })),
          ),
        ]);
        return renderEvent(entry, { blockTimestamp, transaction }, monitor.link, book.linkedAt(transaction.to));
      }),
    );
    return rendered.filter((event): event is RenderedEvent => event !== undefined);
  }
}

function byBlock(events: readonly RenderedEvent[]): BlockEvents[] {
  const blocks = new Map<bigint, RenderedEvent[]>();
  for (const event of events) blocks.set(event.blockNumber, [...(blocks.get(event.blockNumber) ?? []), event]);
  return [...blocks.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([blockNumber, inBlock]) => ({ blockNumber, events: inBlock.sort((a, b) => a.logIndex - b.logIndex) }));
}
