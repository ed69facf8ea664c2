// The parts of a running client that handlers, the worker and the listener share.
import type { Logger } from '../../lib/env-logger';
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
} as const;
export type LogTarget = (typeof LogTarget)[keyof typeof LogTarget];

/** Opt-in reproductions of real failure modes that would otherwise get in a harness's way (default: all off). */
export interface Quirks {
  /**
   * The real queue worker dies silently on a panic (empty `recipientData.values`; a head-build deposit with tokenType
   * 4) or on an RPC error in its sync check (EYBlockchain/nightfall_4_CE @ master 6ee83be :
   * nightfall_client/src/driven/queue.rs:73-79, drivers/rest/client_nf_3.rs:338,460): every later request then stays
   * `Queued`.
   */
  readonly workerDeath: boolean;
}

/** What the listener tells the rest of the client about its progress. */
export interface SyncView {
  /** The next L2 block number the client expects (= blocks processed since this start). */
  readonly expectedBlock: number;
  /** commitments_root of the newest processed block (the root a spend proves against). */
  readonly latestCommitmentsRoot: bigint;
  /** Resolves once `expectedBlock ≥ target`, or rejects after `timeoutMs`. */
  waitForBlock(target: number, timeoutMs: number): Promise<void>;
  /** false once the listener has died (a block it could not process), until restart(). */
  readonly listening: boolean;
  /** Starts a dead listener again from the genesis block; a no-op while it is alive. */
  restart(): void;
}

export interface ClientContext {
  readonly profile: BuildProfile;
  readonly quirks: Quirks;
  readonly store: ClientStore;
  readonly keys: KeyHolder;
  readonly queue: RequestQueue;
  readonly l1: L1;
  readonly notifier: WebhookNotifier;
  /** undefined = no webhook configured. */
  readonly webhookUrl: string | undefined;
  /** keccak256(abi.encode(nightfall, 0)) >> 4: the nf token id of fee commitments. */
  readonly feeTokenId: bigint;
  readonly sync: SyncView;
  log(target: LogTarget): Logger;
  /** A line to stdout outside the logger, as Rust's println! (no time stamp, no level, whatever RUST_LOG says). */
  println(line: string): void;
}
