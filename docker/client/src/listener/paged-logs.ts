// The head build's past-event fetch: get_logs_paginated (lib/src/log_fetcher.rs:55-118,151-290 @ master 6ee83be).
// The page size comes from the chain id (31337, the devnet's anvil: unlimited, one query; Plume testnet 98867: 1,000;
// Plume mainnet 98866: 100; unknown chains 5,000). A page the provider refuses for its range or result count is halved
// down to 1 block; a rate limit is waited out (2, 4, 8, 16, 32 s) up to 5 times; any other error ends the fetch. The
// plume build has none of this: it sends one unbounded eth_getLogs (./block-listener.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../../lib/env-logger';
import { rpcErrorDisplay } from './rpc-error-text';

const CHUNK_BY_CHAIN: Readonly<Record<number, bigint>> = {
  1: 5_000n,
  5: 5_000n,
  11155111: 5_000n,
  137: 3_000n,
  80001: 3_000n,
  80002: 3_000n,
  56: 5_000n,
  97: 5_000n,
  42161: 10_000n,
  421614: 10_000n,
  10: 10_000n,
  11155420: 10_000n,
  8453: 10_000n,
  84532: 10_000n,
  43114: 100_000n,
  43113: 100_000n,
  100: 10_000n,
  25: 10_000n,
  98866: 100n,
  98867: 1_000n,
};

/** undefined = unlimited (a single query). */
export function logChunkSize(chainId: number): bigint | undefined {
  if (chainId === 31337) return undefined;
  return CHUNK_BY_CHAIN[chainId] ?? 5_000n;
}

/** LogFetchError as its Display prints it (the text head puts after "Failed to fetch past events: "). */
export class LogFetchError extends Error {
  override readonly name = 'LogFetchError';
}

const isRangeError = (m: string) =>
  [
    'block range',
    'range too large',
    'block range limit',
    'too wide',
    'query timeout',
    '10 block range',
    '10 block',
  ].some((s) => m.includes(s));
const isResultLimitError = (m: string) =>
  ['10000 results', 'too many', 'response size', 'limit exceeded'].some((s) => m.includes(s));
const isRateLimitError = (m: string) =>
  ['rate limit', '429', 'too many requests', 'throttl'].some((s) => m.includes(s));

export async function getLogsPaginated<L>(
  getLogs: (fromBlock: bigint, toBlock: bigint) => Promise<L[]>,
  range: { fromBlock: bigint; toBlock: bigint; chainId: number },
  log: Logger,
  signal?: AbortSignal,
): Promise<L[]> {
  const { fromBlock, toBlock } = range;
  if (fromBlock > toBlock) return [];
  const initial = logChunkSize(range.chainId);
  if (initial === undefined) {
    log.debug(`Chunk size is unlimited - fetching all logs in single query (blocks ${fromBlock} to ${toBlock})`);
    try {
      return await getLogs(fromBlock, toBlock);
    } catch (error) {
      throw new LogFetchError(`Provider error: ${rpcErrorDisplay(error)}`);
    }
  }
  const total = toBlock - fromBlock + 1n;
  log.info(
    `Fetching logs: blocks ${fromBlock} to ${toBlock} (${total} blocks, chunk_size: ${initial}, ~${ceilDiv(total, initial)} chunks)`,
  );
  const all: L[] = [];
  let from = fromBlock;
  let chunk = initial;
  let chunkCount = 0n;
  let rateLimitRetries = 0;
  while (from <= toBlock) {
    chunkCount += 1n;
    const to = from + chunk - 1n < toBlock ? from + chunk - 1n : toBlock;
    const estimated = chunkCount - 1n + ceilDiv(toBlock - from + 1n, chunk);
    log.info(`[Chunk ${chunkCount}/~${estimated}] Fetching logs: blocks ${from} to ${to} (chunk_size: ${chunk})`);
    try {
      const logs = await getLogs(from, to);
      all.push(...logs);
      log.info(`[Chunk ${chunkCount}] Retrieved ${logs.length} logs (total so far: ${all.length})`);
      from = to + 1n;
    } catch (error) {
      const display = rpcErrorDisplay(error);
      const message = display.toLowerCase();
      log.warn(`RPC error (will retry): ${message}`);
      if (isRateLimitError(message)) {
        rateLimitRetries += 1;
        if (rateLimitRetries > 5) {
          log.warn(`Rate limited ${rateLimitRetries} times, giving up after 5 retries`);
          throw new LogFetchError(`Provider error: ${display}`);
        }
        const backoff = 2 ** Math.min(rateLimitRetries, 5);
        log.warn(`Rate limited by RPC provider (attempt ${rateLimitRetries}/5), waiting ${backoff}s before retry...`);
        await sleep(backoff * 1_000, undefined, { signal });
      } else if (isRangeError(message) || isResultLimitError(message)) {
        const halved = chunk / 2n > 1n ? chunk / 2n : 1n;
        if (chunk === 1n) {
          log.warn(
            'Chunk size already at minimum 1 and still failing - RPC provider block range limit is too restrictive',
          );
          throw new LogFetchError(
            isResultLimitError(message) ? 'Query returned too many results' : 'Block range exceeds provider limits',
          );
        }
        log.warn(`Reducing chunk size from ${chunk} to ${halved} due to RPC limit`);
        chunk = halved;
        await sleep(500, undefined, { signal });
      } else {
        throw new LogFetchError(`Provider error: ${display}`);
      }
    }
  }
  return all;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
