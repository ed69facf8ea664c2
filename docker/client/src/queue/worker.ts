// The single queue worker (process_queue in nightfall_client/src/driven/queue.rs, EYBlockchain/nightfall_4_CE @
// plume_testnet_client 4e84c58 :51-117 and @ master 6ee83be :49-116). Each build checks synchronisation
// (listener/synchronisation.ts) at its own moment (build-profile.ts syncCheck): plume at the top of every turn of its
// loop — every ~1 s while idle, as its turn ends with a plain 1 s sleep — and head once per request it takes, after
// "Processing request: <uuid>". The check's outcomes:
//   - an RPC error: `Failed to get synchronisation status: IOError("Could not read current block")` and the worker
//     returns: it is gone for good, /v1/health still says Healthy, requests answer 202 and stay Queued (head: the one
//     it had taken stays Queued off the queue) — unless the workerDeath quirk is switched off;
//   - Desynchronized: "Client is not synchronised with the blockchain, restarting event listener on thread
//     ThreadId(N)" and the listener restart, which holds the worker until Synchronized or 300 s
//     (listener/block-listener.ts restart);
//   - anything else: on.
// Then requests one by one: Processing → the operation → Submitted (+ one transaction_event webhook, and the
// `Response: …` log line, only when a webhook URL is set) or Failed (nothing sent). A WorkerPanic (a real panic inside
// the handler) ends the worker with log-panics' line, unless the quirk is off.
// A stop drains the queue first. The real client runs as its container's PID 1 (CMD ["/app/bin/client"],
// nightfall_client/Dockerfile @ plume_testnet_client 4e84c58) and installs no SIGTERM handler, so `docker stop` or
// `restart` leaves it working through the grace period: what it had queued is processed (and the records of it then
// dropped at the next start, main.rs:41-44) unless the grace runs out first and SIGKILL cuts it — as it cuts the double.
import { setTimeout as sleep } from 'node:timers/promises';
import { LogTarget, type ClientContext } from '../context';
import { logPanic, TaskPanic } from '../listener/panics';
import { synchronisationStatus, SynchronisationUnavailable } from '../listener/synchronisation';
import { debugTransactionEvent, type TransactionEvent } from '../notify/notifications';
import { WorkerPanic } from '../operations/failures';
import { handleDeposit } from '../operations/deposit';
import { handleTransfer } from '../operations/transfer';
import { handleWithdraw } from '../operations/withdraw';
import type { QueuedRequest, TransactionRequest } from './request-queue';

/** The real worker sleeps 1 s after each turn (queue.rs:114-115). */
const IDLE_MS = 1_000;
/**
 * `std::thread::current().id()` of the tokio worker thread the queue task runs on: it varies from run to run in the
 * real client (ThreadId(2) … ThreadId(n+1) for n cores); the double prints one of them.
 */
const WORKER_THREAD_ID = 'ThreadId(3)';

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
  /** Set by stop(): cuts the idle sleep short, and the worker ends once the queue is empty. */
  readonly #stopping = new AbortController();
  #running: Promise<void> | undefined;
  #dead = false;

  constructor(private readonly ctx: ClientContext) {}

  /** True once the worker ended for good (the workerDeath quirk, on by default). */
  get dead(): boolean {
    return this.#dead;
  }

  start(): void {
    this.#running ??= this.#loop();
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
    await this.#running;
  }

  async #loop(): Promise<void> {
    const { ctx } = this;
    const log = ctx.log(LogTarget.queue);
    const signal = this.#stopping.signal;
    const perRequest = ctx.profile.syncCheck === 'per-request';
    for (;;) {
      if (signal.aborted && ctx.queue.length === 0) break;
      if (!perRequest && !(await this.#checkSynchronisation())) return;
      for (let item = ctx.queue.pop(); item; item = ctx.queue.pop()) {
        log.info(`Processing request: ${item.uuid}`);
        if (perRequest && !(await this.#checkSynchronisation())) return;
        if (!(await this.#process(item))) return;
      }
      // plume: a plain 1 s sleep, so exactly one sync check per turn; head may wake early for a request (its check
      // is per request, so the number of checks does not change).
      const waits: Promise<unknown>[] = [sleep(IDLE_MS, undefined, { signal }).catch(() => undefined)];
      if (perRequest) waits.push(ctx.queue.whenNotEmpty());
      await Promise.race(waits);
    }
    log.info('Queue worker stopped');
  }

  /** false = the worker ends here (the real `return`). */
  async #checkSynchronisation(): Promise<boolean> {
    const { ctx } = this;
    const log = ctx.log(LogTarget.queue);
    let phase;
    try {
      phase = await synchronisationStatus(ctx, ctx.sync.counter);
    } catch (error) {
      if (!(error instanceof SynchronisationUnavailable)) throw error;
      log.error(`Failed to get synchronisation status: ${error.debug}`);
      if (!ctx.quirks.workerDeath) return true;
      this.#dead = true;
      return false;
    }
    if (phase === 'Desynchronized') {
      log.warn(
        `Client is not synchronised with the blockchain, restarting event listener on thread ${WORKER_THREAD_ID}`,
      );
      await ctx.sync.restart();
    }
    return true;
  }

  /** false = a panic ended the worker (workerDeath quirk). */
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
        logPanic(ctx, new TaskPanic(error.message, error.site));
        this.#dead = true;
        return false;
      }
      await ctx.store.updateRequest(item.uuid, { status: 'Failed' }).catch(() => undefined);
      log.warn(`${item.uuid} Error processing request: ${(error as Error).message}`);
    }
    return true;
  }
}
