// The service's webhook endpoints and, per endpoint, its delivery log: every event offered to it, with `deliveredAt`
// once a 2xx came back. In memory: the devnet double lives as long as its devnet. The record of an event carries the
// event's own id, so a consumer that pulls the log can de-duplicate against what was pushed.
import { randomBytes } from 'node:crypto';
import type { EmittedEvent, Subscription, WebhookCreate, WebhookEndpoint, WebhookEventRecord } from '../../lib/event-webhooks/wire';

/** 32 random bytes, hex: the HMAC key of the endpoint's deliveries. */
const SECRET_BYTES = 32;

interface StoredEndpoint {
  readonly id: number;
  readonly label: string;
  readonly url: string;
  readonly subscriptions: Subscription[];
  readonly secret: string;
  readonly createdAt: Date;
  updatedAt: Date;
  failedCalls: number;
  nextAttempt?: Date | undefined;
  lastAttempt?: Date | undefined;
  lastError?: string | undefined;
  readonly records: { event: EmittedEvent; createdAt: Date; deliveredAt?: Date }[];
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

  constructor(private readonly now: () => Date = () => new Date()) {}

  create(input: WebhookCreate): WebhookEndpoint {
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

  /** Oldest first, as created. */
  list(limit: number, offset: number): WebhookEndpoint[] {
    return [...this.#endpoints.values()].slice(offset, offset + limit).map(view);
  }

  get(id: number): WebhookEndpoint | undefined {
    const endpoint = this.#endpoints.get(id);
    return endpoint && view(endpoint);
  }

  delete(id: number): boolean {
    return this.#endpoints.delete(id);
  }

  events(id: number): WebhookEventRecord[] | undefined {
    return this.#endpoints.get(id)?.records.map(({ event, createdAt, deliveredAt }) => ({
      id: event.id,
      eventType: event.event,
      data: event.data,
      createdAt: createdAt.toISOString(),
      ...(deliveredAt ? { deliveredAt: deliveredAt.toISOString() } : {}),
    }));
  }

  /** Endpoints subscribed to `subscription`, as they are now: an endpoint created later gets later events only. */
  subscribers(subscription: Subscription): DeliveryTarget[] {
    return [...this.#endpoints.values()]
      .filter((endpoint) => endpoint.subscriptions.includes(subscription))
      .map(({ id, url, secret }) => ({ id, url, secret }));
  }

  /** Puts the events into the endpoint's log, undelivered. */
  recordOffered(id: number, events: readonly EmittedEvent[]): void {
    const endpoint = this.#endpoints.get(id);
    const at = this.now();
    for (const event of events) endpoint?.records.push({ event, createdAt: at });
  }

  recordDelivered(id: number, eventIds: readonly string[]): void {
    const endpoint = this.#endpoints.get(id);
    if (!endpoint) return; // deleted meanwhile
    const at = this.now();
    const delivered = new Set(eventIds);
    for (const record of endpoint.records) if (delivered.has(record.event.id)) record.deliveredAt ??= at;
    endpoint.lastAttempt = at;
    endpoint.nextAttempt = undefined;
    endpoint.updatedAt = at;
  }

  /** failedCalls counts every failed call of the endpoint's life; a later success does not reset it. */
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

function view(endpoint: StoredEndpoint): WebhookEndpoint {
  return {
    id: endpoint.id,
    label: endpoint.label,
    url: endpoint.url,
    subscriptions: endpoint.subscriptions,
    secret: endpoint.secret,
    failedCalls: endpoint.failedCalls,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
    ...(endpoint.nextAttempt ? { nextAttempt: endpoint.nextAttempt.toISOString() } : {}),
    ...(endpoint.lastAttempt ? { lastAttempt: endpoint.lastAttempt.toISOString() } : {}),
    ...(endpoint.lastError !== undefined ? { lastError: endpoint.lastError } : {}),
  };
}
