// The service's webhook endpoints (SPEC WebhookEndpoint :6935-6989) and, per endpoint, its delivery log (SPEC
// WebhookEvent :6990-7020): every item offered to it, as a record with an integer id of its own, the time it was
// created and `deliveredAt`, which SPEC defines as "the time the webhook event was last updated" (:7011-7014), not as
// a delivery: this double updates a record only when a 2xx came back, so here its last update is that answer's time
// (its own convention; what the vendor updates a record on is not documented). `failedCalls` counts the failed calls since the last
// successful one (SPEC :6960-6963): a success resets it. In memory: the devnet double lives as long as its devnet.
import type * as Sdk from '@curvegrid/multibaas-sdk';
import { randomBytes } from 'node:crypto';
import type { DeliveryItem, WebhookCreate } from './wire';

/** 32 random bytes, hex: the HMAC key of the endpoint's deliveries. */
const SECRET_BYTES = 32;

interface LogRecord {
  readonly id: number;
  readonly item: DeliveryItem;
  readonly createdAt: Date;
  /** The record's last update (SPEC's definition); this double updates it only on a 2xx answer. */
  deliveredAt?: Date;
}

interface StoredEndpoint {
  readonly id: number;
  label: string;
  url: string;
  subscriptions: Sdk.WebhookEventsType[];
  readonly secret: string;
  readonly createdAt: Date;
  updatedAt: Date;
  failedCalls: number;
  nextAttempt?: Date | undefined;
  lastAttempt?: Date | undefined;
  lastError?: string | undefined;
  readonly records: LogRecord[];
}

/** What a delivery needs of an endpoint: where, and the key to sign with. */
export interface DeliveryTarget {
  readonly id: number;
  readonly url: string;
  readonly secret: string;
}

export class WebhookRegistry {
  readonly #endpoints = new Map<number, StoredEndpoint>();
  #lastId = 0;
  /** Log record ids run across endpoints, as rows of one table. */
  #lastRecordId = 0;

  constructor(private readonly now: () => Date = () => new Date()) {}

  create(input: WebhookCreate): Sdk.WebhookEndpoint {
    const at = this.now();
    const endpoint: StoredEndpoint = {
      id: ++this.#lastId,
      label: input.label,
      url: input.url,
      subscriptions: [...new Set(input.subscriptions)],
      secret: randomBytes(SECRET_BYTES).toString('hex'),
      createdAt: at,
      updatedAt: at,
      failedCalls: 0,
      records: [],
    };
    this.#endpoints.set(endpoint.id, endpoint);
    return view(endpoint);
  }

  /** `PUT /webhooks/{id}`: new label, URL and subscriptions; the secret and the log stay. */
  update(id: number, input: WebhookCreate): Sdk.WebhookEndpoint | undefined {
    const endpoint = this.#endpoints.get(id);
    if (!endpoint) return undefined;
    endpoint.label = input.label;
    endpoint.url = input.url;
    endpoint.subscriptions = [...new Set(input.subscriptions)];
    endpoint.updatedAt = this.now();
    return view(endpoint);
  }

  /** Oldest first, as created. */
  list(limit: number, offset: number): Sdk.WebhookEndpoint[] {
    return [...this.#endpoints.values()].slice(offset, offset + limit).map(view);
  }

  count(): number {
    return this.#endpoints.size;
  }

  get(id: number): Sdk.WebhookEndpoint | undefined {
    const endpoint = this.#endpoints.get(id);
    return endpoint && view(endpoint);
  }

  delete(id: number): boolean {
    return this.#endpoints.delete(id);
  }

  /** One page of the endpoint's log, oldest record first (the document promises no order). */
  events(id: number, limit: number, offset: number): Sdk.WebhookEvent[] | undefined {
    return this.#endpoints
      .get(id)
      ?.records.slice(offset, offset + limit)
      .map(({ id: recordId, item, createdAt, deliveredAt }) => ({
        id: recordId,
        eventType: item.event,
        data: item.data,
        createdAt: createdAt.toISOString(),
        ...(deliveredAt ? { deliveredAt: deliveredAt.toISOString() } : {}),
      }));
  }

  countEvents(id: number): number | undefined {
    return this.#endpoints.get(id)?.records.length;
  }

  /** Endpoints subscribed to `subscription`, as they are now: an endpoint created later gets later events only. */
  subscribers(subscription: Sdk.WebhookEventsType): DeliveryTarget[] {
    return [...this.#endpoints.values()]
      .filter((endpoint) => endpoint.subscriptions.includes(subscription))
      .map(({ id, url, secret }) => ({ id, url, secret }));
  }

  /** Puts the items into the endpoint's log, undelivered; returns their record ids. */
  recordOffered(id: number, items: readonly DeliveryItem[]): number[] {
    const endpoint = this.#endpoints.get(id);
    if (!endpoint) return [];
    const at = this.now();
    return items.map((item) => {
      const record: LogRecord = { id: ++this.#lastRecordId, item, createdAt: at };
      endpoint.records.push(record);
      return record.id;
    });
  }

  /** A 2xx came back: the records' last update (deliveredAt), and the failure count starts again. */
  recordDelivered(id: number, recordIds: readonly number[]): void {
    const endpoint = this.#endpoints.get(id);
    if (!endpoint) return; // deleted meanwhile
    const at = this.now();
    const delivered = new Set(recordIds);
    for (const record of endpoint.records) if (delivered.has(record.id)) record.deliveredAt ??= at;
    endpoint.failedCalls = 0;
    endpoint.lastAttempt = at;
    endpoint.nextAttempt = undefined;
    endpoint.updatedAt = at;
  }

  recordFailure(id: number, error: string, retryInMs: number | undefined): void {
    const endpoint = this.#endpoints.get(id);
    if (!endpoint) return;
    const at = this.now();
    endpoint.failedCalls += 1;
    endpoint.lastError = error;
    endpoint.lastAttempt = at;
    endpoint.nextAttempt = retryInMs === undefined ? undefined : new Date(at.getTime() + retryInMs);
    endpoint.updatedAt = at;
  }
}

function view(endpoint: StoredEndpoint): Sdk.WebhookEndpoint {
  return {
    url: endpoint.url,
    label: endpoint.label,
    subscriptions: endpoint.subscriptions,
    id: endpoint.id,
    ...(endpoint.nextAttempt ? { nextAttempt: endpoint.nextAttempt.toISOString() } : {}),
    ...(endpoint.lastAttempt ? { lastAttempt: endpoint.lastAttempt.toISOString() } : {}),
    failedCalls: endpoint.failedCalls,
    ...(endpoint.lastError !== undefined ? { lastError: endpoint.lastError } : {}),
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
    secret: endpoint.secret,
  };
}
