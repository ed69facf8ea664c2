// One BlockProposed log, from the listener to the store, in the real order (nightfall_client/src/driven/
// event_handlers/nightfall_event.rs:60-71,101-311 @ plume_testnet_client 4e84c58; :102-312 @ master 6ee83be):
//   "Detected a new block has been proposed"; eth_getTransactionByHash for the calldata (an RPC error → IOError; no
//   transaction → `panic!("Transaction not found when looking up calldata")`); "Processing a block proposed event";
//   "Decoded Proposed block call …"; THEN the counter's lock, held to the end: a gap → "Out of sync with blockchain…"
//   (MissingBlocks), a block below the counter → "Already processed layer 2 block N - skipping"; eth_getTransactionByHash
//   again (the proposer's address; an RPC error → IOError); the counter + 1; layer2_block_number (an RPC error →
//   IOError); "Synchronising - behind blockchain by N layer 2 blocks " while behind; the block's commitments appended
//   to the tree and its root checked ("Commitment root in block does not match calculated root. historic root is …,
//   calculated root is …", an error line, processing goes on); then the rest (./block-processor.ts).
// handle_event turns EVERY error of the handler into InvalidCalldata (:65-71), and the listener panics on it:
// `panic!("Error processing event: InvalidCalldata")` — the task ends (./panics.ts). A block that lands between the
// push and the lock is already counted on chain but not yet here: a sync check in that gap finds the client behind.
import type { Hex } from 'viem';
import { TransactionNotFoundError } from 'viem';
import { decodeProposeBlock, type Block } from '../../../lib/block-codec';
import { fr254Display } from '../commitments/commitment-tree';
import { LogTarget, type ClientContext } from '../context';
import type { LocalCommitmentTree } from '../commitments/commitment-tree';
import type { ExpectedBlockCounter } from './expected-block-counter';
import { processBlock } from './block-processor';
import { TaskPanic, type PanicSite } from './panics';
import { PANIC_SITES } from './panics';

/** An error listen_for_events returns (not a panic): start_event_listener retries it. `debug` = its `{e:?}`. */
export class ListenerError extends Error {
  override readonly name = 'ListenerError';
  constructor(readonly debug: string) {
    super(debug);
  }
}

/** The handler failed: what the listener makes of it is a panic at `site`. */
class HandlerError extends Error {
  override readonly name = 'HandlerError';
}

export interface HandlingContext {
  /** What the block's handling shares with its listener (block-listener.ts): the counter and the tree. */
  readonly listener: { readonly counter: ExpectedBlockCounter; readonly tree: LocalCommitmentTree };
  /** Where this listener loop panics (replay or stream). */
  readonly site: PanicSite;
  readonly signal: AbortSignal;
}

export async function handleBlockProposed(
  ctx: ClientContext,
  h: HandlingContext,
  number: number,
  txHash: Hex,
): Promise<void> {
  try {
    await processNightfallCalldata(ctx, h, number, txHash);
  } catch (error) {
    if (error instanceof TaskPanic) throw error;
    ctx.log(LogTarget.blockEvents).debug(String((error as Error).message));
    throw new TaskPanic('Error processing event: InvalidCalldata', h.site);
  }
}

async function processNightfallCalldata(
  ctx: ClientContext,
  h: HandlingContext,
  number: number,
  txHash: Hex,
): Promise<void> {
  const log = ctx.log(LogTarget.blockEvents);
  log.info('Detected a new block has been proposed');
  let input: Hex;
  try {
    input = await ctx.l1.transactionInput(txHash);
  } catch (error) {
    if (error instanceof TransactionNotFoundError) {
      throw new TaskPanic(
        'Transaction not found when looking up calldata',
        PANIC_SITES[ctx.profile.name].missingTransaction,
      );
    }
    throw new HandlerError(`IO Error: ${(error as Error).message.split('\n')[0]}`);
  }
  const block = decodeProposeBlock(input);
  log.info('Processing a block proposed event');
  await processProposeBlockEvent(ctx, h, number, txHash, block);
}

async function processProposeBlockEvent(
  ctx: ClientContext,
  h: HandlingContext,
  number: number,
  txHash: Hex,
  block: Block,
): Promise<void> {
  const log = ctx.log(LogTarget.blockEvents);
  log.info(`Decoded Proposed block call from transaction ${txHash}, Layer 2 block number ${number} is now on-chain`);
  await h.listener.counter.with(async (counter) => {
    if (counter.value < number) {
      log.warn(`Out of sync with blockchain. Blockchain has block number ${number}, expected ${counter.value}`);
      throw new HandlerError(`MissingBlocks(${counter.value})`);
    }
    if (counter.value > number) {
      log.warn(`Already processed layer 2 block ${number} - skipping`);
      return;
    }
    try {
      await ctx.l1.transactionInput(txHash); // the proposer's address (the signer), read under the lock
    } catch {
      throw new HandlerError('IO Error: Could not retrieve transaction');
    }
    if (h.signal.aborted) return; // aborted at an await point, as tokio aborts a task
    counter.increment();
    let current: bigint;
    try {
      current = await ctx.l1.layer2BlockNumber();
    } catch {
      throw new HandlerError('IO Error: Could not retrieve current block number');
    }
    const delta = current - BigInt(number) - 1n;
    if (delta !== 0n) log.warn(`Synchronising - behind blockchain by ${delta} layer 2 blocks `);

    const commitments = block.transactions.flatMap((tx) => [...tx.commitments]);
    const root = h.listener.tree.append(number, commitments, block.commitments_root);
    if (root !== block.commitments_root) {
      log.error(
        `Commitment root in block does not match calculated root. historic root is ${fr254Display(block.commitments_root)}, calculated root is ${fr254Display(root)}`,
      );
    }
    await processBlock(ctx, { layer2BlockNumber: number, l1TransactionHash: txHash, block, atChainHead: delta === 0n });
  });
}
