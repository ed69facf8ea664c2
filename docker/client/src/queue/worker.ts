// The single queue worker (process_queue in nightfall_client/src/driven/queue.rs, EYBlockchain/nightfall_4_CE @
// plume_testnet_client 4e84c58 and @ master 6ee83be): it checks that the client has caught up with the chain (plume:
// every turn of its loop; head: for each request it takes — build-profile.ts syncCheck), then takes requests one by
// one: Processing → the operation → Submitted (+ one transaction_event webhook, and the `Response: …` log line, only
// when a webhook URL is set) or Failed (nothing sent). A failing request never stops the worker — unless the
// workerDeath quirk asks for the real panics.
import { setTimeout as sleep } from 'node:timers/promises';
import { LogTarget, type ClientContext } from '../context';
import { debugTransactionEvent, type TransactionEvent } from '../notify/notifications';
import { WorkerPanic } from '../operations/failures';
import { handleDeposit } from '../operations/deposit';
import { handleTransfer } from '../operations/transfer';
import { handleWithdraw } from '../operations/withdraw';
import type { QueuedRequest, TransactionRequest } from './request-queue';

/** The real worker sleeps 1 s when the queue is empty; this one also wakes when a request arrives. */
const IDLE_MS = 1_000;
/** How long the real worker waits for a lagging listener before processing anyway. */
const RESYNC_TIMEOUT_MS = 300_000;

function handle(ctx: ClientContext, request: TransactionRequest, id: string): Promise<TransactionEvent> {
  switch (request.kind) {
    case 'deposit':
      return handleDeposit(ctx, request.body, id);
    case 'transfer':
      return handleTransfer(ctx, request.body, id);
    case 'withdraw':
      return handleWithdraw(ctx, request.body, id);
  }
}

export class QueueWorker {
  #stopped = false;
  #wakeStop: (() => void) | undefined;
  #running: Promise<void> | undefined;
  #dead = false;

  constructor(private readonly ctx: ClientContext) {}

  /** True once the worker stopped for good (workerDeath quirk). */
  get dead(): boolean {
    return this.#dead;
  }

  start(): void {
    this.#running ??= this.#loop();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#wakeStop?.();
    await this.#running;
  }

  async #loop(): Promise<void> {
    const log = this.ctx.log(LogTarget.queue);
    const stopped = new Promise<void>((resolve) => (this.#wakeStop = resolve));
    const perRequest = this.ctx.profile.syncCheck === 'per-request';
    while (!this.#stopped) {
      if (!perRequest && !(await this.#awaitSynchronised())) return this.#die('Failed to get synchronisation status');
      for (let item = this.ctx.queue.pop(); item && !this.#stopped; item = this.ctx.queue.pop()) {
        log.info(`Processing request: ${item.uuid}`);
        if (perRequest && !(await this.#awaitSynchronised())) return this.#die('Failed to get synchronisation status');
        if (!(await this.#process(item))) return this.#die(`${item.uuid} the queue worker panicked`);
      }
      await Promise.race([this.ctx.queue.whenNotEmpty(), sleep(IDLE_MS), stopped]);
    }
    log.info('Queue worker stopped');
  }

  #die(reason: string): void {
    this.#dead = true;
    this.ctx.log(LogTarget.queue).error(`${reason}; the queue worker has stopped (workerDeath quirk)`);
  }

  /** false = the worker must die (only with the workerDeath quirk). */
  async #awaitSynchronised(): Promise<boolean> {
    const log = this.ctx.log(LogTarget.queue);
    let onChain: bigint;
    try {
      onChain = await this.ctx.l1.layer2BlockNumber();
    } catch (error) {
      log.error(`Failed to get synchronisation status: ${(error as Error).message}`);
      return !this.ctx.quirks.workerDeath;
    }
    if (BigInt(this.ctx.sync.expectedBlock) < onChain) {
      if (!this.ctx.sync.listening) {
        log.warn('Client is not synchronised with the blockchain, restarting event listener');
        this.ctx.sync.restart();
      }
      log.warn('Client is not synchronised with the blockchain, waiting for the event listener to catch up');
      try {
        await this.ctx.sync.waitForBlock(Number(onChain), RESYNC_TIMEOUT_MS);
      } catch (error) {
        log.warn(`Still not synchronised, processing anyway: ${(error as Error).message}`);
      }
    }
    return true;
  }

  /** false = a panic under the workerDeath quirk. */
  async #process(item: QueuedRequest): Promise<boolean> {
    const { ctx } = this;
    const log = ctx.log(LogTarget.queue);
    await ctx.store.updateRequest(item.uuid, { status: 'Processing' }).catch(() => undefined); // carries on, as the real one
    try {
      const event = await handle(ctx, item.request, item.uuid);
      await ctx.store.updateRequest(item.uuid, { status: 'Submitted' }).catch(() => undefined);
      log.info(`Request ${item.uuid} processed successfully: `);
      if (ctx.webhookUrl === undefined) {
        log.warn('No webhook URL provided, skipping notification of successful transaction');
      } else {
        log.info(`Response: ${debugTransactionEvent(event)}`);
        await ctx.notifier.publish(event);
      }
    } catch (error) {
      if (error instanceof WorkerPanic && ctx.quirks.workerDeath) {
        log.error(`thread panicked: ${error.message}`);
        return false;
      }
      await ctx.store.updateRequest(item.uuid, { status: 'Failed' }).catch(() => undefined);
      log.warn(`${item.uuid} Error processing request: ${(error as Error).message}`);
    }
    return true;
  }
}
