import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../lib/env-logger';
import type { ClientContext } from '../context';
import { ExpectedBlockCounter } from './expected-block-counter';
import { synchronisationStatus, SynchronisationUnavailable } from './synchronisation';

function context(onChain: () => Promise<bigint>) {
  const lines: string[] = [];
  const ctx = {
    l1: { layer2BlockNumber: onChain },
    log: (target: string) => createLogger(target, { rustLog: 'info', write: (l) => lines.push(l) }),
  } as unknown as Pick<ClientContext, 'l1' | 'log'>;
  return { ctx, lines };
}

async function counterAt(value: number): Promise<ExpectedBlockCounter> {
  const counter = new ExpectedBlockCounter();
  await counter.with(async (guard) => {
    for (let i = 0; i < value; i++) guard.increment();
  });
  return counter;
}

describe('synchronisationStatus (get_synchronisation_status)', () => {
  it('is Desynchronized when the counter is behind layer2_block_number, with the real warning', async () => {
    const { ctx, lines } = context(async () => 3n);
    expect(await synchronisationStatus(ctx, await counterAt(1))).toBe('Desynchronized');
    expect(
      lines.some((l) => l.includes('WARN') && l.includes('Client is behind chain: expected block 1 < current block 3')),
    ).toBe(true);
  });

  it('is AheadOfChain by the difference when the counter is ahead', async () => {
    const { ctx, lines } = context(async () => 1n);
    expect(await synchronisationStatus(ctx, await counterAt(3))).toEqual({ AheadOfChain: { blocks_ahead: 2 } });
    expect(lines.some((l) => l.includes('Client is ahead of chain: expected block 3 > current block 1'))).toBe(true);
  });

  it('is Synchronized when they are equal', async () => {
    const { ctx } = context(async () => 2n);
    expect(await synchronisationStatus(ctx, await counterAt(2))).toBe('Synchronized');
  });

  it('fails with the real IOError when the eth_call fails (no retry)', async () => {
    let calls = 0;
    const { ctx } = context(async () => {
      calls += 1;
      throw new Error('429 Too Many Requests');
    });
    const failure = await synchronisationStatus(ctx, await counterAt(0)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SynchronisationUnavailable);
    expect((failure as SynchronisationUnavailable).debug).toBe('IOError("Could not read current block")');
    expect(calls).toBe(1);
  });

  it('reads the chain only once the listener releases the counter (a block being processed)', async () => {
    let reads = 0;
    const { ctx } = context(async () => BigInt(++reads));
    const counter = new ExpectedBlockCounter();
    const processing = await counter.lock();
    const status = synchronisationStatus(ctx, counter);
    await Promise.resolve();
    expect(reads, 'no read while the block is being processed').toBe(0);
    processing.increment();
    processing.release();
    expect(await status).toBe('Synchronized');
  });
});
