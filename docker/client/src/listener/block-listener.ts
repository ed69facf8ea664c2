// Follows BlockProposed events of the Nightfall contract from the genesis block (docker/lib/log-follower.ts): it
// replays past logs, then reads on as the node pushes new ones over WebSocket (docker/lib/chain-wake.ts), as the real
// client subscribes — the same sequence of blocks. Like the real one, it counts the L2 blocks it has processed since
// this start from 0, so every start replays the whole history (re-announcing each block by webhook); blocks must arrive
// in order: one it has seen is skipped, a gap makes it read the logs again from the genesis block. A ListenerPanic (see
// ./block-processor) stops it for good, the block counted as processed, as the real task dies; the queue worker
// restarts a dead listener when the chain is ahead of it, as the real one restarts a desynchronised listener
// (event_listener_manager.rs:55-81 @ master; it replays from the genesis block and skips what it has counted).
import { getAbiItem, type Hex } from 'viem';
import { nightfallAbi } from '../../../contracts/abi';
import { decodeProposeBlock } from '../../../lib/block-codec';
import type { ChainWake } from '../../../lib/chain-wake';
import { LogFollower, pause } from '../../../lib/log-follower';
import { LogTarget, type ClientContext, type SyncView } from '../context';
import { ListenerPanic, processBlock } from './block-processor';

/** What the listener follows: the one event its wake (if any) subscribes to. */
export const blockProposed = getAbiItem({ abi: nightfallAbi, name: 'BlockProposed' });
/** Blocks per eth_getLogs call. */
const MAX_LOG_RANGE = 5_000n;
/** Without a working WebSocket to be woken by: a fraction of the devnet's 1 s L1 block time. */
const LISTENER_POLL_MS = 300;

export class BlockListener implements SyncView {
  #expectedBlock = 0;
  #latestCommitmentsRoot = 0n;
  #follower: LogFollower | undefined;
  #stopped = false;
  #dead = false;
  #running: Promise<void> | undefined;
  #progress: (() => void)[] = [];
  #ctx: ClientContext | undefined;
  readonly #stopping = new AbortController();

  /** `wake`: pushes of new BlockProposed logs (docker/lib/chain-wake.ts); without one the listener polls. */
  constructor(
    private readonly genesisBlock: bigint,
    private readonly wake?: ChainWake,
  ) {}

  get expectedBlock(): number {
    return this.#expectedBlock;
  }

  get latestCommitmentsRoot(): bigint {
    return this.#latestCommitmentsRoot;
  }

  get listening(): boolean {
    return !this.#dead && !this.#stopped;
  }

  start(ctx: ClientContext): void {
    this.#ctx = ctx;
    this.#follower ??= new LogFollower(ctx.l1.publicClient, this.genesisBlock, MAX_LOG_RANGE);
    this.#running ??= this.#loop(ctx);
  }

  /** Starts a listener that died again, from the genesis block (blocks already counted are skipped). */
  restart(): void {
    const ctx = this.#ctx;
    if (!ctx || !this.#dead || this.#stopped) return;
    this.#dead = false;
    this.#follower?.rewindTo(this.genesisBlock);
    const previous = this.#running ?? Promise.resolve();
    this.#running = previous.then(() => this.#loop(ctx));
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopping.abort();
    this.wake?.close();
    await this.#running;
  }

  waitForBlock(target: number, timeoutMs: number): Promise<void> {
    if (this.#expectedBlock >= target) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#progress = this.#progress.filter((f) => f !== check);
        reject(new Error(`the event listener did not reach L2 block ${target} within ${timeoutMs} ms (at ${this.#expectedBlock})`));
      }, timeoutMs);
      const check = () => {
        if (this.#expectedBlock < target) return;
        clearTimeout(timer);
        this.#progress = this.#progress.filter((f) => f !== check);
        resolve();
      };
      this.#progress.push(check);
    });
  }

  async #loop(ctx: ClientContext): Promise<void> {
    const log = ctx.log(LogTarget.listener);
    log.info(`Listening for events on the Nightfall contract at address: ${ctx.l1.addresses.nightfall}`);
    while (!this.#stopped && !this.#dead) {
      let behind = false;
      try {
        behind = await this.pollOnce();
      } catch (error) {
        log.error(`Client event listener error, retrying: ${(error as Error).message}`);
      }
      // A replay reads on at once; at the head the listener waits for the node's next push (or polls without one).
      if (!behind && !this.#stopped && !this.#dead) await pause(LISTENER_POLL_MS, this.#stopping.signal, this.wake);
    }
  }

  /**
   * Reads and processes the next range of logs; a failure leaves the position unchanged (the range is re-read). True
   * when the range read ended before the chain head (a replay has more to read).
   */
  async pollOnce(): Promise<boolean> {
    const ctx = this.#ctx;
    const follower = this.#follower;
    if (!ctx || !follower) throw new Error('the listener has not been started');
    const range = await follower.next();
    if (!range) return false;
    const logs = await ctx.l1.publicClient.getLogs({
      address: ctx.l1.addresses.nightfall,
      event: blockProposed,
      fromBlock: range.fromBlock,
      toBlock: range.toBlock,
      strict: true,
    });
    for (const entry of logs) {
      if (this.#stopped) return false;
      const number = Number(entry.args.layer2_block_number);
      if (number < this.#expectedBlock) {
        ctx.log(LogTarget.blockEvents).warn(`Already processed layer 2 block ${number} - skipping`);
        continue;
      }
      if (number > this.#expectedBlock) {
        ctx.log(LogTarget.blockEvents).warn(
          `Out of sync with blockchain. Blockchain has block number ${number}, expected ${this.#expectedBlock}`,
        );
        follower.rewindTo(this.genesisBlock); // read everything again (seen blocks are skipped), after a pause: no spinning on a gap
        return false;
      }
      await this.#process(ctx, number, entry.transactionHash);
      if (this.#dead) return false;
    }
    follower.passed(range);
    return !range.atHead;
  }

  async #process(ctx: ClientContext, number: number, txHash: Hex): Promise<void> {
    const input = await ctx.l1.transactionInput(txHash);
    const block = decodeProposeBlock(input);
    const onChain = await ctx.l1.layer2BlockNumber();
    try {
      await processBlock(ctx, {
        layer2BlockNumber: number,
        l1TransactionHash: txHash,
        block,
        atChainHead: onChain === BigInt(number) + 1n,
      });
    } catch (error) {
      if (!(error instanceof ListenerPanic)) throw error;
      // The real handler had already counted the block (nightfall_event.rs:243 @ master) when it failed.
      this.#dead = true;
      ctx.log(LogTarget.listener).error(`Client event listener thread panicked at L2 block ${number}: ${error.message}`);
    }
    this.#expectedBlock = number + 1;
    this.#latestCommitmentsRoot = block.commitments_root;
    for (const check of [...this.#progress]) check();
  }
}
