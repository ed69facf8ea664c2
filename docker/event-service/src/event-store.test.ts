// The order `GET /events` lists in: newest first by default (block, then log index, descending), oldest first when so
// set, whatever order the monitors stored the events in.
import { describe, expect, it } from 'vitest';
import type { RenderedEvent } from './event-rendering';
import { EventStore } from './event-store';

/** Just the fields the store sorts, keys and filters by; the listed form carries the position to read back. */
function event(blockNumber: number, logIndex: number): RenderedEvent {
  const txHash = `0x${blockNumber.toString(16).padStart(62, '0')}${logIndex.toString(16).padStart(2, '0')}`;
  return {
    blockNumber: BigInt(blockNumber),
    logIndex,
    emitter: { address: '0x0000000000000000000000000000000000000001', contract: { label: 'token' } },
    listed: { transaction: { txHash, blockHash: txHash, blockNumber }, event: { indexInLog: logIndex } },
  } as unknown as RenderedEvent;
}

const positions = (store: EventStore, limit: number, offset: number) =>
  store
    .list({}, limit, offset)
    .map(({ transaction, event: { indexInLog } }) => `${transaction.blockNumber}/${indexInLog}`);

describe('the event store', () => {
  const stored = [event(7, 1), event(5, 0), event(7, 0), event(6, 3)];

  it('lists newest first by default: block, then log index, descending', () => {
    const store = new EventStore();
    store.add(stored.slice(0, 2));
    store.add(stored.slice(2));
    expect(positions(store, 10, 0)).toEqual(['7/1', '7/0', '6/3', '5/0']);
    expect(positions(store, 2, 2)).toEqual(['6/3', '5/0']);
  });

  it('lists oldest first when so set', () => {
    const store = new EventStore('oldest-first');
    store.add(stored);
    expect(positions(store, 10, 0)).toEqual(['5/0', '6/3', '7/0', '7/1']);
  });
});
