// The parts of a running client that handlers, the worker and the listener share.
import type { ClientPlantedBug } from './planted-bug';
import type { ClientPlantedLeak } from './planted-leak';
import type { Logger } from '../../lib/env-logger';
import type { LocalCommitmentTree } from './commitments/commitment-tree';
import type { ExpectedBlockCounter } from './listener/expected-block-counter';
import type { BuildProfile } from './build-profile';
import type { L1 } from './chain/l1';
import type { KeyHolder } from './keys/key-holder';
import type { WebhookNotifier } from './notify/webhook';
import type { RequestQueue } from './queue/request-queue';
import type { ClientStore } from './store/store';

/** Rust module paths the real client logs under; the harness may filter on them. */
export const LogTarget = {
  main: 'nightfall_client',
  queue: 'nightfall_client::driven::queue',
  rest: 'nightfall_client::drivers::rest::client_nf_3',
  clientOperation: 'nightfall_client::drivers::rest::client_operation',
  deEscrow: 'nightfall_client::drivers::rest::withdraw',
  blockEvents: 'nightfall_client::driven::event_handlers::nightfall_event',
  listener: 'nightfall_client::drivers::blockchain::nightfall_event_listener',
  publisher: 'nightfall_client::services::data_publisher',
  restRejections: 'nightfall_client::drivers::rest',
  /** log-panics' target: every panic after start-up (listener/panics.ts). */
  panic: 'panic',
  listenerManager: 'nightfall_client::drivers::blockchain::event_listener_manager',
} as const;
export type LogTarget = (typeof LogTarget)[keyof typeof LogTarget];

/**
 * Real failure modes the simulator reproduces by default. Each can only be switched OFF (for a unit test that needs the
 * client to survive something else); nothing switches a quirk on, because on is the default (quirk-settings.ts).
 */
export interface Quirks {
  /**
   * The real queue worker ends for good on one failed layer2_block_number call in its sync check
   * (`error!("Failed to get synchronisation status: {e:?}"); return;`, nightfall_client/src/driven/queue.rs:65-71 @
   * plume_testnet_client 4e84c58, :73-79 @ master 6ee83be) and on a panic inside a request (empty
   * `recipientData.values`; a head-build deposit with tokenType 4: drivers/rest/client_nf_3.rs:338,460 @ master):
   * /v1/health stays Healthy, requests answer 202 and stay `Queued`. Off: the worker logs and goes on.
   */
  readonly workerDeath: boolean;
}

/** What the rest of the client uses of the event listener and its manager (listener/block-listener.ts). */
export interface ListenerControl {
  /** The process-wide expected L2 block number, behind its lock (listener/expected-block-counter.ts). */
  readonly counter: ExpectedBlockCounter;
  /** The local commitment tree: its root is what a spend proves against. */
  readonly tree: LocalCommitmentTree;
  /** false once the listener task has panicked, until restart(). */
  readonly listening: boolean;
  /** event_listener_manager::restart: abort, reset the tree (not the counter), respawn, wait ≤ 300 s for sync. */
  restart(): Promise<void>;
}

export interface ClientContext {
  readonly profile: BuildProfile;
  readonly quirks: Quirks;
  /** A leak planted on purpose for the harness's privacy check (./planted-leak.ts); undefined: none, as the real client. */
  readonly plantedLeak?: ClientPlantedLeak;
  /** A bug planted on purpose for the explorer's oracle (./planted-bug.ts); undefined: none, as the real client. */
  readonly plantedBug?: ClientPlantedBug;
  readonly store: ClientStore;
  readonly keys: KeyHolder;
  readonly queue: RequestQueue;
  readonly l1: L1;
  readonly notifier: WebhookNotifier;
  /** undefined = no webhook configured. */
  readonly webhookUrl: string | undefined;
  /** keccak256(abi.encode(nightfall, 0)) >> 4: the nf token id of fee commitments. */
  readonly feeTokenId: bigint;
  readonly sync: ListenerControl;
  log(target: LogTarget): Logger;
  /** A line to stdout outside the logger, as Rust's println! (no time stamp, no level, whatever RUST_LOG says). */
  println(line: string): void;
}
