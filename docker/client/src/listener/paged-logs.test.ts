import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../lib/env-logger';
import { getLogsPaginated, LogFetchError, logChunkSize } from './paged-logs';

function capture() {
  const lines: string[] = [];
  return { lines, log: createLogger('test', { rustLog: 'debug', write: (l) => lines.push(l) }) };
}

describe('logChunkSize (head, log_fetcher.rs:55-118 @ master)', () => {
  it('is unlimited on anvil, 1,000 on the Plume testnet, 100 on Plume mainnet, 5,000 elsewhere', () => {
    expect(logChunkSize(31337)).toBeUndefined();
    expect(logChunkSize(98867)).toBe(1_000n);
    expect(logChunkSize(98866)).toBe(100n);
    expect(logChunkSize(424242)).toBe(5_000n);
  });
});

describe('getLogsPaginated', () => {
  it('sends one query over the whole range on anvil', async () => {
    const calls: [bigint, bigint][] = [];
    const { log } = capture();
    await getLogsPaginated(
      async (f, t) => (calls.push([f, t]), []),
      { fromBlock: 10n, toBlock: 90_000n, chainId: 31337 },
      log,
    );
    expect(calls).toEqual([[10n, 90_000n]]);
  });

  it('pages by the chain’s chunk size and logs each page', async () => {
    const calls: [bigint, bigint][] = [];
    const { lines, log } = capture();
    const logs = await getLogsPaginated(
      async (f, t) => (calls.push([f, t]), [f]),
      { fromBlock: 0n, toBlock: 2_499n, chainId: 98867 },
      log,
    );
    expect(calls).toEqual([
      [0n, 999n],
      [1_000n, 1_999n],
      [2_000n, 2_499n],
    ]);
    expect(logs).toEqual([0n, 1_000n, 2_000n]);
    expect(
      lines.some((l) => l.includes('Fetching logs: blocks 0 to 2499 (2500 blocks, chunk_size: 1000, ~3 chunks)')),
    ).toBe(true);
    expect(lines.some((l) => l.includes('[Chunk 3] Retrieved 1 logs (total so far: 3)'))).toBe(true);
  });

  it('halves a page the provider refuses for its range and reads on', async () => {
    const calls: [bigint, bigint][] = [];
    const { lines, log } = capture();
    await getLogsPaginated(
      async (f, t) => {
        calls.push([f, t]);
        if (t - f >= 500n) throw new Error('block range too large');
        return [];
      },
      { fromBlock: 0n, toBlock: 999n, chainId: 98867 },
      log,
    );
    expect(calls).toEqual([
      [0n, 999n],
      [0n, 499n],
      [500n, 999n],
    ]);
    expect(lines.some((l) => l.includes('Reducing chunk size from 1000 to 500 due to RPC limit'))).toBe(true);
  });

  it('ends on an error it does not know, as a LogFetchError naming the provider’s answer', async () => {
    const { log } = capture();
    const failure = await getLogsPaginated(
      async () => {
        throw new Error('connection reset');
      },
      { fromBlock: 0n, toBlock: 10n, chainId: 98867 },
      log,
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LogFetchError);
    expect((failure as Error).message).toBe('Provider error: connection reset');
  });
});
