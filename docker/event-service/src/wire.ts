// What the service sends and answers, as the vendor's API document and samples say (the service's own types and
// request schemas; the harness has its own). Answers are typed against the vendor SDK's types (@curvegrid/multibaas-sdk
// 1.0.2, generated from curvegrid/multibaas-sdk-go @ 816cbf0 : api/openapi.yaml), so `tsc` fails when one drifts from
// the document; the differences are named where they are made. Where the vendor's current document (CURRENT:
// curvegrid/multibaas-sdk-typescript @ 65f28a15e76f6e16feee7059301cb4fcf6b842d3 v1.1.1 : api.ts, and
// curvegrid/multibaas-sdk-python @ 6bdded34e37b5e7ef324c6ff8f73619afd5419d3 : multibaas_sdk/models) differs, the
// double is the current generation: it refuses labels starting with 0x, sends no Address.modules, answers the event
// indexing status without the older ids, and serves GET /plan (settings can make it an older deployment).
import type * as Sdk from '@curvegrid/multibaas-sdk';
import { z } from 'zod';

// ---- Events: one rendering, two spellings of the address alias ------------------------------------------------------

/**
 * The events API's ContractInformation names the alias `addressAlias` (SPEC :4698-4730); deliveries name it
 * `addressLabel` (the docs' samples, and Curvegrid's own Go type, curvegrid/looking-glass @ 0966b7f :
 * server/blockchain/event.go:28-33). The double answers each as documented for it.
 */
export type DeliveredContract = Omit<Sdk.ContractInformation, 'addressAlias'> & { addressLabel: string };

/**
 * An Event (SPEC :4988-5046) with the contract information of type C. `rawFields` is always present (SPEC omits it
 * only in receipts); the called contract and its method are null when the called address has no linked contract (the
 * Go type's nil pointers, looking-glass event.go:35-44).
 */
type EventOf<C> = Omit<Sdk.Event, 'event' | 'transaction'> & {
  event: Omit<Sdk.EventInformation, 'contract' | 'rawFields'> & { rawFields: string; contract: C };
  transaction: Omit<Sdk.TransactionInformation, 'contract' | 'method'> & {
    contract: C | null;
    method: Sdk.ContractMethodInformation | null;
  };
};
export type ListedEvent = EventOf<Sdk.ContractInformation>;
export type DeliveredEventData = EventOf<DeliveredContract>;

/** One item of a delivery (docs "Data structure"): `{id, event, data}`, the id a UUID. */
export interface DeliveryItem {
  id: string;
  event: 'event.emitted';
  data: DeliveredEventData;
}

/** go-ethereum's Log JSON, field for field and in its order (SPEC Log :5329-5401; the docs' sample rawFields). */
export type RawFields = Sdk.Log;

// ---- Addresses, indexing status, plan (the current generation) ------------------------------------------------------

/** CURRENT api.ts:144-181 Address: SDK 1.0.2's without `modules`, which the current document dropped (v1.0.6 on). */
export type AddressView = Omit<Sdk.Address, 'modules'>;
/** CURRENT api.ts:1345-1370 EventIndexingStatus: SDK 1.0.2's EventMonitorStatus without its three optional ids. */
export type IndexingStatus = Omit<Sdk.EventMonitorStatus, 'contractId' | 'addressId' | 'idealBlockRange'>;
/** CURRENT api.ts:2151-2227 Plan, PlanFeature, PlanLimit (SDK 1.0.2 has no plan): a null limit is unlimited. */
export interface Plan {
  name: string;
  updatedAt: string;
  limits: { name: string; limit: number | null; count?: number }[];
  features: { name: string; enabled: boolean }[];
}

// ---- Requests ------------------------------------------------------------------------------------------------------

/**
 * CURRENT python base_webhook_endpoint.py:40, address_alias.py:38, contract_metadata.py:39: SPEC's slugs
 * (`^[a-z0-9_-]+$`, :7102-7107 Label, :7097-7101 Alias) minus those starting with 0x.
 */
export const LABEL_PATTERN = /^(?:[a-z1-9_-][a-z0-9_-]*|0(?:[a-wyz0-9_-][a-z0-9_-]*)?)$/;
const SLUG = /^[a-z0-9_-]+$/;
/** One message per refusal: not a slug, or a slug starting with 0x. */
const Label = z
  .string()
  .regex(SLUG, 'must match ^[a-z0-9_-]+$')
  .refine(
    (label) => !SLUG.test(label) || LABEL_PATTERN.test(label),
    'must not start with 0x (it would read as an address)',
  );
const EthAddress = z.string().regex(/^0[xX][a-fA-F0-9]{40}$/, 'must be a 0x address');
const WebhookEventsType = z.enum(['transaction.included', 'event.emitted']);

/** SPEC :6908-6934 BaseWebhookEndpoint: url, label (a slug) and subscriptions, all required. */
export const WebhookCreate = z.object({
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  label: Label,
  subscriptions: z.array(WebhookEventsType).min(1, 'must name at least one event type'),
}) satisfies z.ZodType<Sdk.BaseWebhookEndpoint>;
export type WebhookCreate = z.infer<typeof WebhookCreate>;

/** SPEC :2767-2786 AddressAlias. */
export const AddressAliasCreate = z.object({ alias: Label, address: EthAddress }) satisfies z.ZodType<Sdk.AddressAlias>;

/** SPEC :7988-8009 link_address_contract_request; `startingBlock`: `latest`, a block number, or `-N` from the head. */
export const LinkRequest = z.object({
  label: Label,
  version: z.string().optional(),
  startingBlock: z
    .string()
    .regex(/^(latest|0|[1-9][0-9]*|-[1-9][0-9]*)$/, 'must be latest, a block number or -N')
    .optional(),
}) satisfies z.ZodType<Sdk.LinkAddressContractRequest>;
export type LinkRequest = z.infer<typeof LinkRequest>;

/** SPEC :7123-7133 PaginationLimit (default 10) and PaginationOffset. */
export const DEFAULT_PAGE_SIZE = 10;
/** Not documented; a bound so that one request cannot ask for everything. */
const MAX_PAGE_SIZE = 1_000;
export const Page = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});

const Keccak = z.string().regex(/^0[xX][0-9a-fA-F]{64}$/, 'must be a 32-byte hash');
/** The filters of `GET /events` and `/events/count` (SPEC :1160-1264). */
export const EventFilter = z.object({
  block_hash: Keccak.optional(),
  block_number: z.coerce.number().int().min(0).optional(),
  tx_index_in_block: z.coerce.number().int().min(0).optional(),
  event_index_in_log: z.coerce.number().int().min(0).optional(),
  tx_hash: Keccak.optional(),
  from_constructor: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  chain: z.literal('ethereum').optional(),
  contract_address: EthAddress.optional(),
  contract_label: Label.optional(),
  event_signature: z.string().min(1).optional(),
});
export type EventFilter = z.infer<typeof EventFilter>;
