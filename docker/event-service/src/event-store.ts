// The events the monitors synced, as `GET /events` and `GET /events/count` serve them (SPEC :1160-1370): filtered by
// block hash or number, transaction hash or index, log index, contract address or label, and event signature; paged
// with limit (default 10) and offset. The document promises no order; the double lists newest first (block, log index
// descending), as a live MultiBaas answered in Curvegrid's own tests, or oldest first when so set (settings.ts). In
// memory: the double lives as long as its devnet.
import type { RenderedEvent } from './event-rendering';
import type { ListOrder } from './settings';
import type { EventFilter, ListedEvent } from './wire';

export class EventStore {
  readonly #events: RenderedEvent[] = [];
  readonly #keys = new Set<string>();

  constructor(private readonly order: ListOrder = 'newest-first') {}

  /** Keeps events not stored before (a monitor re-linked from an earlier block reads some again). */
  add(events: readonly RenderedEvent[]): RenderedEvent[] {
    const added = events.filter((event) => {
      const key = `${event.listed.transaction.txHash}/${event.logIndex}`;
      if (this.#keys.has(key)) return false;
      this.#keys.add(key);
      return true;
    });
    this.#events.push(...added);
    const direction = this.order === 'newest-first' ? -1 : 1;
    this.#events.sort(
      (a, b) =>
        direction *
        (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1),
    );
    return added;
  }

  list(filter: EventFilter, limit: number, offset: number): ListedEvent[] {
    return this.#matching(filter)
      .slice(offset, offset + limit)
      .map((event) => event.listed);
  }

  count(filter: EventFilter): number {
    return this.#matching(filter).length;
  }

  #matching(filter: EventFilter): RenderedEvent[] {
    const same = (a: string, b: string | undefined) => b === undefined || a.toLowerCase() === b.toLowerCase();
    return this.#events.filter(
      ({ listed, emitter, fromConstructor }) =>
        same(listed.transaction.blockHash, filter.block_hash) &&
        (filter.block_number === undefined || listed.transaction.blockNumber === filter.block_number) &&
        (filter.tx_index_in_block === undefined || listed.transaction.txIndexInBlock === filter.tx_index_in_block) &&
        (filter.event_index_in_log === undefined || listed.event.indexInLog === filter.event_index_in_log) &&
        same(listed.transaction.txHash, filter.tx_hash) &&
        (filter.from_constructor === undefined || filter.from_constructor === fromConstructor) &&
        same(emitter.address, filter.contract_address) &&
        (filter.contract_label === undefined || emitter.contract.label === filter.contract_label) &&
        (filter.event_signature === undefined || listed.event.signature === filter.event_signature),
    );
  }
}
