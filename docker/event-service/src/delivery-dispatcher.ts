// Delivers each L1 block's events to every endpoint subscribed to `event.emitted`: one POST per (block, endpoint), a
// compact JSON array of `{id, event, data}` items (docs.curvegrid.com/multibaas/webhooks: the samples' Content-Length
// is their compact serialisation) signed with the endpoint's secret (X-MultiBaas-Signature over the raw body followed
// by the Unix-seconds X-MultiBaas-Timestamp, signed afresh per attempt as the docs' Go code signs when it sends). A
// non-2xx answer or a network error is retried with exponential backoff (p-retry); every failure is recorded on the
// endpoint (failedCalls, lastError, lastAttempt, nextAttempt), a success resets failedCalls. When the retries run out
// the items stay in the log undelivered. Deleting an endpoint drops its queued deliveries, or with `keep-retrying`
// (settings.ts: the vendor documents neither) leaves them to run out, signed with the deleted endpoint's secret. Deliveries to one endpoint go one after the other, in block order; endpoints
// do not wait for each other.
import { randomUUID } from 'node:crypto';
import pRetry from 'p-retry';
import { Agent, request } from 'undici';
import type { BlockEvents } from './event-monitors';
import type { Log } from './log';
import type { AfterDelete, RetrySettings } from './settings';
import { SIGNATURE_HEADER, signDelivery, TIMESTAMP_HEADER } from './signature';
import type { DeliveryTarget, WebhookRegistry } from './webhook-registry';
import type { DeliveryItem } from './wire';

const BACKOFF_FACTOR = 2;

export interface DispatcherOptions {
  registry: WebhookRegistry;
  retry: RetrySettings;
  /** What deleting an endpoint does to its queued deliveries (drop-retries by default). */
  afterDelete?: AfterDelete;
  /** Bound of one POST: connecting, the answer's headers, its body. */
  timeoutMs: number;
  log: Log;
  /** Unix seconds of the signature timestamp; injectable for tests. */
  nowSeconds?: () => number;
}

/** A delivery answered with a status other than 2xx. */
class DeliveryRefused extends Error {
  override readonly name = 'DeliveryRefused';
}

interface EndpointQueue {
  tail: Promise<void>;
  readonly stop: AbortController;
}

export class DeliveryDispatcher {
  readonly #queues = new Map<number, EndpointQueue>();
  readonly #agent: Agent;
  readonly #nowSeconds: () => number;

  constructor(private readonly options: DispatcherOptions) {
    this.#agent = new Agent({ connect: { timeout: options.timeoutMs } });
    this.#nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1_000));
  }

  /** Logs the block's events for every subscribed endpoint and queues their delivery. Each item has one UUID for all. */
  offer(block: BlockEvents): void {
    const items: DeliveryItem[] = block.events.map((event) => ({
      id: randomUUID(),
      event: 'event.emitted',
      data: event.delivered,
    }));
    for (const target of this.options.registry.subscribers('event.emitted')) {
      const recordIds = this.options.registry.recordOffered(target.id, items);
      const queue = this.#queueOf(target.id);
      queue.tail = queue.tail.then(() => this.#deliver(target, block.blockNumber, items, recordIds, queue.stop.signal));
    }
  }

  /**
   * A deleted endpoint: its queue stops (a retry wait in progress ends at once), or with keep-retrying runs out on its
   * own (no new block is queued for it: it is no longer a subscriber; service stop still ends it).
   */
  forget(id: number): void {
    if (this.options.afterDelete === 'keep-retrying') return;
    this.#queues.get(id)?.stop.abort(new Error(`webhook ${id} deleted`));
    this.#queues.delete(id);
  }

  async close(): Promise<void> {
    const queues = [...this.#queues.values()];
    for (const queue of queues) queue.stop.abort(new Error('service stopping'));
    await Promise.all(queues.map((queue) => queue.tail));
    await this.#agent.close();
  }

  #queueOf(id: number): EndpointQueue {
    let queue = this.#queues.get(id);
    if (!queue) {
      queue = { tail: Promise.resolve(), stop: new AbortController() };
      this.#queues.set(id, queue);
    }
    return queue;
  }

  async #deliver(
    target: DeliveryTarget,
    blockNumber: bigint,
    items: DeliveryItem[],
    recordIds: number[],
    signal: AbortSignal,
  ): Promise<void> {
    const { registry, retry, log } = this.options;
    if (signal.aborted) return;
    // Serialised once: every attempt sends the same bytes (and ids), so a consumer can de-duplicate retries.
    const body = Buffer.from(JSON.stringify(items));
    const what = `${items.length} event(s) of L1 block ${blockNumber} to webhook ${target.id}`;
    try {
      await pRetry(() => this.#post(target, body, signal), {
        retries: retry.retries,
        minTimeout: retry.minMs,
        maxTimeout: retry.maxMs,
        factor: BACKOFF_FACTOR,
        signal,
        onFailedAttempt: ({ error, attemptNumber, retriesLeft, retriesConsumed }) => {
          const retryInMs =
            retriesLeft > 0 ? Math.min(retry.minMs * BACKOFF_FACTOR ** retriesConsumed, retry.maxMs) : undefined;
          registry.recordFailure(target.id, error.message, retryInMs);
          log.warn(
            `Delivering ${what} failed (attempt ${attemptNumber}): ${error.message}` +
              (retryInMs === undefined ? '' : `; retrying in ${retryInMs} ms`),
          );
        },
      });
      registry.recordDelivered(target.id, recordIds);
      log.info(`Delivered ${what}`);
    } catch (error) {
      if (signal.aborted) return; // deleted or stopping: nobody waits for these any more
      log.error(`Giving up delivering ${what}: ${(error as Error).message}; the events stay undelivered in its log`);
    }
  }

  async #post(target: DeliveryTarget, body: Buffer, signal: AbortSignal): Promise<void> {
    const { signature, timestamp } = signDelivery(target.secret, body, this.#nowSeconds());
    let statusCode: number;
    try {
      const response = await request(target.url, {
        method: 'POST',
        dispatcher: this.#agent,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signature,
          [TIMESTAMP_HEADER]: timestamp,
        },
        body,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        signal,
      });
      statusCode = response.statusCode;
      await response.body.dump();
    } catch (error) {
      // Network errors as plain Errors: p-retry would not retry a TypeError it does not know as a network error.
      const cause = error as Error & { code?: string; cause?: { code?: string } };
      throw new Error(`POST failed: ${cause.code ?? cause.cause?.code ?? cause.name}: ${cause.message}`);
    }
    if (statusCode < 200 || statusCode > 299) throw new DeliveryRefused(`answered HTTP ${statusCode}`);
  }
}
