// The webhook payloads (the real NotificationPayload enum, `#[serde(tag = "event_type", rename_all = "snake_case")]`,
// EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/domain/notifications.rs:4-17): the tag first,
// then the variant's fields in declaration order.
import { rustDebugString } from './rust-debug';

export interface TransactionEvent {
  readonly event_type: 'transaction_event';
  /** A JSON document as a string (deposit: hash array; transfer: [clientTransaction, null]; withdraw: salt object). */
  readonly response: string;
  /** The request id JSON-encoded, quotes included (`serde_json::to_string(&id)`). */
  readonly uuid: string;
}

interface BlockchainEvent {
  readonly event_type: 'blockchain_event';
  readonly l1_txn_hash: string;
  readonly l2_block_number: number;
  readonly commitments: string[];
  readonly request_ids: string[];
}

export type Notification = TransactionEvent | BlockchainEvent;

export function transactionEvent(response: unknown, requestId: string): TransactionEvent {
  return { event_type: 'transaction_event', response: JSON.stringify(response), uuid: JSON.stringify(requestId) };
}

/**
 * `{:?}` of a TransactionEvent, as the worker logs it in `Response: …` (nightfall_client/src/driven/queue.rs:99 @
 * master 6ee83be).
 */
export function debugTransactionEvent(e: TransactionEvent): string {
  return `TransactionEvent { response: ${rustDebugString(e.response)}, uuid: ${rustDebugString(e.uuid)} }`;
}
