// The client's event listener and its manager, per build as upstream (EYBlockchain/nightfall_4_CE, paths under
// nightfall_client/src/, @ plume_testnet_client 4e84c58 unless said; master 6ee83be = head):
//
// - The task (start_event_listener + listen_for_events, drivers/blockchain/nightfall_event_listener.rs:34-186) logs
//   "Client event listener (attempt N)...", prints "inside loop to call listen for events on thread", logs
//   "Listening for events on the Nightfall contract at address: <addr>", subscribes, then replays the past events:
//   plume logs "Subscribed to events." and sends ONE unbounded eth_getLogs(genesis → latest) with
//   `.expect("could not get past events")` (a refusal is a panic with that message, :121-124); head pages it
//   (:118-135 @ master, ./paged-logs.ts), logs "Failed to fetch past events: … Will retry..." on a failure and is
//   retried by the task with a 2 s, 4 s, … backoff, and logs "Subscribed to events." after the replay. Both log
//   "Found N past events to process" (N counts all six Nightfall events of the filter), then follow new logs.
// - Each BlockProposed (./block-processing.ts) may panic: any RPC error, a missing transaction, a gap, a failed
//   store write. A panic ends the task for good (./panics.ts); nothing retries it. Only the queue worker's sync check
//   restarts it (N16, N17).
// - restart() (event_listener_manager.rs:55-119, same @ master): under a restart lock, logs "Restarting event
//   listener: aborting current task…", aborts the task, waits 100 ms, resets the commitment tree (NOT the counter),
//   spawns a new task — which replays from the genesis block and skips every block below the counter ("Already
//   processed layer 2 block N - skipping") — then checks every 5 s, for at most 300 s, for Synchronized: "Event
//   listener synchronized successfully" or "Restart timeout - releasing lock after 300 seconds".
//
// The double reads the chain through eth_getLogs woken by the node's pushes (docker/lib/chain-wake.ts) where the real
// client receives the logs in the pushes themselves: after the push the double spends one eth_getLogs more (one local
// round trip) before it handles a new block, so N16's race window is that much wider than the real one.
import { setTimeout as sleep } from 'node:timers/promises';
import { getAddress, parseAbi, type Log } from 'viem';
import type { ChainWake } from '../../../lib/chain-wake';
import { pause } from '../../../lib/log-follower';
import { LocalCommitmentTree } from '../commitments/commitment-tree';
import { LogTarget, type ClientContext, type ListenerControl } from '../context';
import { handleBlockProposed, ListenerError } from './block-processing';
import { ExpectedBlockCounter } from './expected-block-counter';
import { getLogsPaginated } from './paged-logs';
import { logPanic, PANIC_SITES, TaskPanic } from './panics';
import { rpcErrorDebug } from './rpc-error-text';
import { synchronisationStatus, SynchronisationUnavailable } from './synchronisation';

/** The six events of the real listener's filter (nightfall_event_listener.rs:95-105). */
const nightfallEvents = parseAbi([
  'event BlockProposed(int256 indexed layer2_block_number)',
  'event DepositEscrowed(uint256 nfSlotId, uint256 value)',
  'event Initialized(uint64 version)',
  'event Upgraded(address indexed implementation)',
  'event AuthoritiesUpdated(address indexed sanctionsList, address indexed x509)',
  'event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)',
]);
type NightfallLog = Log<bigint, number, false, undefined, true, typeof nightfallEvents>;

/** Without a working WebSocket to be woken by: a fraction of the devnet's 1 s L1 block time. */
const LISTENER_POLL_MS = 300;
/** max_event_listener_attempts' default (event_listener_manager.rs:37). */
const MAX_ATTEMPTS = 10;
/** restart(): how long it waits for Synchronized, and how often it checks (event_listener_manager.rs:87-91). */
const RESTART_MAX_WAIT_MS = 300_000;
const RESTART_CHECK_MS = 5_000;

interface RunningTask {
  readonly abort: AbortController;
  readonly done: Promise<void>;
  alive: boolean;
}

export class BlockListener implements ListenerControl {
  readonly counter = new ExpectedBlockCounter();
  readonly tree = new LocalCommitmentTree();
  #ctx: ClientContext | undefined;
  #task: RunningTask | undefined;
  #restartLock: Promise<void> = Promise.resolve();
  readonly #stopping = new AbortController();

  /** `wake`: pushes of new Nightfall logs (docker/lib/chain-wake.ts); without one the listener polls. */
  constructor(
    private readonly genesisBlock: bigint,
    private readonly wake?: ChainWake,
  ) {}

  get listening(): boolean {
    return this.#task?.alive ?? false;
  }

  /** ensure_running (event_listener_manager.rs:45-52). */
  start(ctx: ClientContext): void {
    this.#ctx = ctx;
    if (this.#task) return;
    this.#task = this.#spawn(ctx);
    ctx.log(LogTarget.listenerManager).info('Event listener started');
  }

  restart(): Promise<void> {
    const run = this.#restartLock.then(() => this.#restart());
    this.#restartLock = run.catch(() => undefined);
    return run;
  }

  async stop(): Promise<void> {
    this.#stopping.abort();
    this.#task?.abort.abort();
    this.wake?.close();
    await this.#task?.done;
  }

  async #restart(): Promise<void> {
    const ctx = this.#ctx;
    if (!ctx || this.#stopping.signal.aborted) return;
    const log = ctx.log(LogTarget.listenerManager);
    const task = this.#task;
    if (!task) {
      log.warn('No event listener running to restart');
      return;
    }
    log.warn('Restarting event listener: aborting current task…');
    task.abort.abort();
    await task.done;
    if (!(await this.#sleep(100))) return;
    this.tree.reset();
    this.#task = this.#spawn(ctx);

    const started = Date.now();
    for (;;) {
      if (!(await this.#sleep(RESTART_CHECK_MS))) return;
      log.debug('Checking synchronization status...');
      try {
        const phase = await synchronisationStatus(ctx, this.counter);
        if (phase === 'Synchronized') {
          log.info('Event listener synchronized successfully');
          break;
        }
        log.debug(
          `Still synchronizing... (${typeof phase === 'string' ? phase : `AheadOfChain { blocks_ahead: ${phase.AheadOfChain.blocks_ahead} }`})`,
        );
      } catch (error) {
        if (!(error instanceof SynchronisationUnavailable)) throw error;
        log.warn(`Error checking sync status during restart: ${error.debug}`);
      }
      if (Date.now() - started > RESTART_MAX_WAIT_MS) {
        log.warn(`Restart timeout - releasing lock after ${RESTART_MAX_WAIT_MS / 1_000} seconds`);
        break;
      }
    }
    log.debug('Restart lock released after synchronization check');
  }

  /** false when the client is stopping. */
  async #sleep(ms: number): Promise<boolean> {
    await sleep(ms, undefined, { signal: this.#stopping.signal }).catch(() => undefined);
    return !this.#stopping.signal.aborted;
  }

  #spawn(ctx: ClientContext): RunningTask {
    const abort = new AbortController();
    const task: RunningTask = { abort, alive: true, done: Promise.resolve() };
    (task as { done: Promise<void> }).done = this.#startEventListener(ctx, abort.signal)
      .catch((error: unknown) => {
        if (error instanceof TaskPanic) logPanic(ctx, error);
        else if (!abort.signal.aborted)
          ctx.log(LogTarget.panic).error(`thread 'tokio-runtime-worker' panicked at '${String(error)}'`);
      })
      .finally(() => (task.alive = false));
    return task;
  }

  /** start_event_listener: retries what listen_for_events returns as an error; a panic goes straight through. */
  async #startEventListener(ctx: ClientContext, signal: AbortSignal): Promise<void> {
    const log = ctx.log(LogTarget.listener);
    let backoffMs = 2_000;
    for (let attempts = 1; !signal.aborted; attempts++) {
      log.info(`Client event listener (attempt ${attempts})...`);
      ctx.println('inside loop to call listen for events on thread');
      try {
        await this.#listenForEvents(ctx, signal);
        if (signal.aborted) return;
        log.info('Client event listener finished successfully.');
        return;
      } catch (error) {
        if (!(error instanceof ListenerError) || signal.aborted) throw error;
        log.error(`Client event listener terminated with error: ${error.debug}. Restarting in ${backoffMs / 1_000}s`);
        if (attempts >= MAX_ATTEMPTS) {
          log.error('Client event listener: max attempts reached. Giving up.');
          log.error('ALERT: Client event listener failed after max retries');
          return;
        }
        await sleep(backoffMs, undefined, { signal }).catch(() => undefined);
        backoffMs *= 2;
      }
    }
  }

  async #listenForEvents(ctx: ClientContext, signal: AbortSignal): Promise<void> {
    const log = ctx.log(LogTarget.listener);
    const plume = ctx.profile.name === 'plume';
    const sites = PANIC_SITES[ctx.profile.name];
    log.info(`Listening for events on the Nightfall contract at address: ${getAddress(ctx.l1.addresses.nightfall)}`);
    if (plume) log.info('Subscribed to events.');
    const client = ctx.l1.publicClient;
    const getLogs = (fromBlock: bigint, toBlock: bigint) =>
      client.getLogs({
        address: ctx.l1.addresses.nightfall,
        events: nightfallEvents,
        fromBlock,
        toBlock,
        strict: true,
      }) as Promise<NightfallLog[]>;

    let latest: bigint;
    try {
      latest = await client.getBlockNumber({ cacheTime: 0 });
    } catch (error) {
      throw new TaskPanic(`could not get latest block number: ${rpcErrorDebug(error)}`, {
        file: sites.pastEvents.file,
        line: plume ? 118 : 116,
      });
    }
    let past: NightfallLog[] = [];
    if (latest >= this.genesisBlock) {
      if (plume) {
        try {
          past = await getLogs(this.genesisBlock, latest);
        } catch (error) {
          throw new TaskPanic(`could not get past events: ${rpcErrorDebug(error)}`, sites.pastEvents);
        }
      } else {
        log.info(`Fetching past events from block ${this.genesisBlock} to ${latest}`);
        try {
          past = await getLogsPaginated(
            getLogs,
            { fromBlock: this.genesisBlock, toBlock: latest, chainId: ctx.l1.chainId },
            log,
            signal,
          );
        } catch (error) {
          if (signal.aborted) return;
          const message = (error as Error).message;
          log.error(`Failed to fetch past events: ${message}. Will retry...`);
          throw new ListenerError(`IOError(${JSON.stringify(`Failed to fetch past events: ${message}`)})`);
        }
      }
      log.info(`Found ${past.length} past events to process`);
      for (const entry of past) {
        if (signal.aborted) return;
        await handleBlockProposedOrOther(ctx, entry, this, sites.replay, signal);
      }
    } else {
      log.info(`Start block ${this.genesisBlock} is greater than latest block ${latest}. No past events to process.`);
    }
    if (!plume) log.info('Subscribed to events.');

    // The subscription's stream: every new log after the replayed range, in order. One eth_getLogs up to 'latest' per
    // push (no eth_blockNumber first), so the double spends a single local round trip more than the real client, which
    // is pushed the log itself, between a block landing and the counter's lock.
    let cursor = latest + 1n;
    while (!signal.aborted) {
      let logs: NightfallLog[] | undefined;
      try {
        logs = await client.getLogs({
          address: ctx.l1.addresses.nightfall,
          events: nightfallEvents,
          fromBlock: cursor,
          toBlock: 'latest',
          strict: true,
        });
      } catch (error) {
        // A read the real client does not make (it is pushed the logs): the double reads again at the next wake.
        log.debug(
          `Reading new logs failed, reading again at the next wake: ${(error as Error).message.split('\n')[0]}`,
        );
      }
      for (const entry of logs ?? []) {
        if (signal.aborted) return;
        await handleBlockProposedOrOther(ctx, entry, this, sites.stream, signal);
        cursor = entry.blockNumber + 1n; // every log of a block comes in the same answer
      }
      if (!signal.aborted) await pause(LISTENER_POLL_MS, signal, this.wake);
    }
  }
}

async function handleBlockProposedOrOther(
  ctx: ClientContext,
  entry: NightfallLog,
  listener: BlockListener,
  site: (typeof PANIC_SITES)['plume']['replay'],
  signal: AbortSignal,
): Promise<void> {
  const log = ctx.log(LogTarget.blockEvents);
  switch (entry.eventName) {
    case 'BlockProposed':
      await handleBlockProposed(
        ctx,
        { listener, site, signal },
        Number(entry.args.layer2_block_number),
        entry.transactionHash,
      );
      return;
    case 'DepositEscrowed':
      log.info('Received DepositEscrowed event');
      log.info(
        `Client: Decoded DepositEscrowed event from transaction ${entry.transactionHash}, Deposit Transaction with nf_slot_id ${entry.args.nfSlotId}, value ${entry.args.value}, is now on-chain`,
      );
      return;
    default:
      log.info(`Received ${entry.eventName} event`);
  }
}
