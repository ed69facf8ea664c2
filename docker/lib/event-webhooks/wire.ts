// The wire format of contract-event webhooks (MultiBaas-style; seed 001 and
// /work/shared/reference/contract-event-webhooks.md): what the service POSTs to a consumer, and the service's own API
// under /api/v0. Shared by the devnet's event service (docker/event-service) and the harness (fixtures/event-webhooks).
// Lenient where the reference is vague, loose objects everywhere: the real service may add fields.
import type { Address, Hash, Hex } from 'viem';
import { z } from 'zod';

/** Header names: the seed replaced the brand word by `Webhook`; the real service and the devnet double send MultiBaas. */
export const WEBHOOK_HEADERS = {
  seed: { signature: 'X-Webhook-Signature', timestamp: 'X-Webhook-Timestamp' },
  multibaas: { signature: 'X-MultiBaas-Signature', timestamp: 'X-MultiBaas-Timestamp' },
} as const;
export type WebhookHeaderNames = (typeof WEBHOOK_HEADERS)[keyof typeof WEBHOOK_HEADERS];

export const SUBSCRIPTIONS = ['event.emitted', 'transaction.included'] as const;
export const Subscription = z.enum(SUBSCRIPTIONS);
export type Subscription = z.infer<typeof Subscription>;

const HexString = z.string().regex(/^0x[0-9a-fA-F]*$/, 'must be 0x-prefixed hex');
const AddressString = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address');
const Hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte 0x hash');
/** RFC 3339 with `Z` or an offset, any sub-second precision (Go's time.RFC3339Nano writes up to nine digits). */
const Rfc3339 = z.iso.datetime({ offset: true });
/** JSON numbers or decimal strings (Go services write either): the log's block number, indexes. */
/**
 * The reference says "a UUID string"; any 8-4-4-4-12 hex form is accepted (not only RFC 9562 variants): refusing a real
 * service's ids over a version nibble would turn every delivery into a 400.
 */
const EventId = z.guid();
const UintLike = z.union([z.number().int().nonnegative(), z.string().regex(/^(0|[1-9][0-9]*|0x[0-9a-fA-F]+)$/)]);

/** The raw log inside `rawFields` (go-ethereum's types.Log JSON: hex quantities; decimal numbers accepted too). */
export const RawLog = z.looseObject({
  address: AddressString,
  topics: z.array(Hash32),
  data: HexString,
  blockNumber: UintLike,
  transactionHash: Hash32,
  logIndex: UintLike,
  blockHash: Hash32.optional(),
  transactionIndex: UintLike.optional(),
});
export type RawLog = z.infer<typeof RawLog>;

/** rawFields must hold a RawLog: checked at the boundary so that a consumer can always decode the exact log. */
const RawFieldsJson = z.string().refine((text) => {
  try {
    return RawLog.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}, 'must be a JSON string of the raw log (address, topics, data, blockNumber, transactionHash, logIndex)');

export const EventInput = z.looseObject({
  name: z.string(),
  /** Rendered for people: may carry decimals applied. Decode from rawFields when exact numbers matter. */
  value: z.string(),
  hashed: z.boolean(),
  type: z.string(),
});
export type EventInput = z.infer<typeof EventInput>;

/** The reference's deliveries say addressLabel, its OpenAPI model addressAlias: either (or neither) is accepted. */
export const EventContract = z.looseObject({
  address: AddressString,
  name: z.string(),
  label: z.string(),
  addressLabel: z.string().optional(),
  addressAlias: z.string().optional(),
});
export type EventContract = z.infer<typeof EventContract>;

export const EmittedEventData = z.looseObject({
  triggeredAt: Rfc3339,
  event: z.looseObject({
    name: z.string(),
    signature: z.string(),
    inputs: z.array(EventInput),
    /** A JSON string of the raw log; parse it with rawLogOf. */
    rawFields: RawFieldsJson,
    contract: EventContract,
    indexInLog: z.number().int().nonnegative(),
  }),
  transaction: z.looseObject({
    from: AddressString,
    txData: HexString,
    txHash: Hash32,
    txIndexInBlock: z.number().int().nonnegative(),
    blockHash: Hash32,
    blockNumber: z.number().int().nonnegative(),
    // The called contract and method as the service knows them (null when it does not): not needed by the harness.
    contract: z.unknown(),
    method: z.unknown(),
  }),
});
export type EmittedEventData = z.infer<typeof EmittedEventData>;

/** A managed-wallet transaction record; the reference shows only field names, so types are lenient. */
export const IncludedTransactionData = z.looseObject({
  tx: z.unknown(),
  status: z.string(),
  from: AddressString,
  failed: z.boolean(),
  blockNumber: UintLike.nullable(),
  blockHash: Hash32.nullable(),
  resubmissionAttempts: z.number().int().nonnegative(),
  successfulResubmissions: z.number().int().nonnegative(),
  createdAt: Rfc3339,
  updatedAt: Rfc3339,
});
export type IncludedTransactionData = z.infer<typeof IncludedTransactionData>;

export const EmittedEvent = z.looseObject({ id: EventId, event: z.literal('event.emitted'), data: EmittedEventData });
export type EmittedEvent = z.infer<typeof EmittedEvent>;
export const IncludedTransaction = z.looseObject({
  id: EventId,
  event: z.literal('transaction.included'),
  data: IncludedTransactionData,
});
export type IncludedTransaction = z.infer<typeof IncludedTransaction>;

export const DeliveredEvent = z.discriminatedUnion('event', [EmittedEvent, IncludedTransaction]);
export type DeliveredEvent = z.infer<typeof DeliveredEvent>;

/** The body of one POST: a non-empty JSON array of events, possibly of several contracts, in no promised order. */
export const Delivery = z.array(DeliveredEvent).min(1);
export type Delivery = z.infer<typeof Delivery>;

export interface DecodedRawLog {
  readonly address: Address;
  readonly topics: [Hex, ...Hex[]] | [];
  readonly data: Hex;
  readonly blockNumber: bigint;
  readonly logIndex: number;
  readonly transactionHash: Hash;
}

export class RawFieldsError extends Error {
  override readonly name = 'RawFieldsError';
}

/** The exact log of an emitted event, from rawFields (never from the rendered inputs). Throws RawFieldsError. */
export function rawLogOf(event: EmittedEvent): DecodedRawLog {
  let json: unknown;
  try {
    json = JSON.parse(event.data.event.rawFields);
  } catch (e) {
    throw new RawFieldsError(`event ${event.id}: rawFields is not JSON: ${(e as Error).message}`);
  }
  const parsed = RawLog.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(rawFields)'}: ${i.message}`).join('; ');
    throw new RawFieldsError(`event ${event.id}: rawFields is not a log: ${problems}`);
  }
  const log = parsed.data;
  return {
    address: log.address as Address,
    topics: log.topics as DecodedRawLog['topics'],
    data: log.data as Hex,
    blockNumber: BigInt(log.blockNumber),
    logIndex: Number(BigInt(log.logIndex)),
    transactionHash: log.transactionHash as Hash,
  };
}

// ---- The service's API (/api/v0) ------------------------------------------------------------------------------------

/**
 * A successful answer of the service: `{status, message, result}` with a 2xx status. The result is required whenever
 * the caller's schema requires it (pass an optional schema where the service may leave it out, e.g. after a delete).
 */
export function envelope<T extends z.ZodType>(result: T) {
  return z.looseObject({ status: z.number().int().min(200).max(299), message: z.string(), result });
}
/** Error answers: the real service may leave `result` out altogether (the devnet double sends null). */
export const ErrorEnvelope = z.looseObject({ status: z.number().int(), message: z.string(), result: z.unknown().optional() });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const WebhookCreate = z.object({
  label: z.string().min(1),
  url: z.url(),
  subscriptions: z.array(Subscription).min(1),
});
export type WebhookCreate = z.infer<typeof WebhookCreate>;

/** A stored webhook endpoint. `secret` is the signing key: wrap it in a Secret as soon as it is read. */
export const WebhookEndpoint = z.looseObject({
  id: z.number().int(),
  label: z.string(),
  url: z.string(),
  subscriptions: z.array(Subscription),
  secret: z.string(),
  failedCalls: z.number().int().nonnegative(),
  createdAt: Rfc3339,
  updatedAt: Rfc3339,
  nextAttempt: Rfc3339.nullish(),
  lastAttempt: Rfc3339.nullish(),
  lastError: z.string().nullish(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** One entry of a webhook's delivery log (`GET /webhooks/{id}/events`); `deliveredAt` is set once a 2xx came back. */
export const WebhookEventRecord = z.union([
  z.looseObject({
    id: EventId,
    eventType: z.literal('event.emitted'),
    data: EmittedEventData,
    createdAt: Rfc3339,
    deliveredAt: Rfc3339.nullish(),
  }),
  z.looseObject({
    id: EventId,
    eventType: z.literal('transaction.included'),
    data: IncludedTransactionData,
    createdAt: Rfc3339,
    deliveredAt: Rfc3339.nullish(),
  }),
]);
export type WebhookEventRecord = z.infer<typeof WebhookEventRecord>;

/** The delivered event a log record stands for (same id, same data): lets pulled records join pushed ones. */
export function deliveredEventOf(record: WebhookEventRecord): DeliveredEvent {
  return record.eventType === 'event.emitted'
    ? { id: record.id, event: 'event.emitted', data: record.data }
    : { id: record.id, event: 'transaction.included', data: record.data };
}
