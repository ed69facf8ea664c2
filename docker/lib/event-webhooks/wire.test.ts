import { describe, expect, it } from 'vitest';
import { blockProposed, erc20Transfer, ALICE, BOB, TOKEN, transactionIncluded } from './test-deliveries';
import { Delivery, DeliveredEvent, ErrorEnvelope, RawFieldsError, WebhookEndpoint, envelope, WebhookEventRecord, deliveredEventOf, rawLogOf, type EmittedEvent } from './wire';

const at = { blockNumber: 42n, logIndex: 3 };

function withRawFields(event: EmittedEvent, rawFields: string): unknown {
  return { ...event, data: { ...event.data, event: { ...event.data.event, rawFields } } };
}

describe('delivery wire format', () => {
  it('parses an array mixing event.emitted and transaction.included', () => {
    const parsed = Delivery.parse([blockProposed(7, at), transactionIncluded(42)]);
    expect(parsed.map((e) => e.event)).toEqual(['event.emitted', 'transaction.included']);
  });

  it('refuses an empty array, a lone object and an unknown event kind', () => {
    expect(Delivery.safeParse([]).success).toBe(false);
    expect(Delivery.safeParse(blockProposed(7, at)).success).toBe(false);
    expect(Delivery.safeParse([{ ...blockProposed(7, at), event: 'event.removed' }]).success).toBe(false);
  });

  it('keeps fields the service adds, and accepts addressAlias in place of addressLabel', () => {
    const event = blockProposed(7, at);
    const { addressLabel: _dropped, ...contract } = event.data.event.contract;
    const extended = { ...event, chainId: 31337, data: { ...event.data, event: { ...event.data.event, contract: { ...contract, addressAlias: 'nightfall' } } } };
    const parsed = DeliveredEvent.parse(extended) as EmittedEvent & { chainId: number };
    expect(parsed.chainId).toBe(31337);
    expect(parsed.data.event.contract.addressAlias).toBe('nightfall');
  });

  it('refuses an id that is not a UUID and a triggeredAt that is not RFC 3339', () => {
    const event = blockProposed(7, at);
    expect(DeliveredEvent.safeParse({ ...event, id: '42' }).success).toBe(false);
    expect(DeliveredEvent.safeParse({ ...event, data: { ...event.data, triggeredAt: 'yesterday' } }).success).toBe(false);
    expect(DeliveredEvent.safeParse({ ...event, data: { ...event.data, triggeredAt: '2026-11-22T10:00:00.123456789+09:00' } }).success).toBe(true);
  });

  it('refuses an emitted event whose rawFields is not a JSON log', () => {
    const event = blockProposed(7, at);
    expect(DeliveredEvent.safeParse(withRawFields(event, '{"address":')).success).toBe(false);
    expect(DeliveredEvent.safeParse(withRawFields(event, JSON.stringify({ address: TOKEN }))).success).toBe(false);
  });

  it('gives the exact log from rawFields: hex quantities as numbers, topics and data untouched', () => {
    const event = erc20Transfer(TOKEN, ALICE, BOB, 123_456_789n, { blockNumber: 0x1234n, logIndex: 17 });
    const log = rawLogOf(event);
    expect(log).toMatchObject({ blockNumber: 0x1234n, logIndex: 17, transactionHash: event.data.transaction.txHash });
    expect(log.topics).toHaveLength(3);
    expect(BigInt(log.data)).toBe(123_456_789n);
    // The rendered value has decimals applied; only rawFields carries the exact amount.
    expect(event.data.event.inputs[2]!.value).toBe('123.456789');
  });

  it('reads decimal quantities in rawFields too, and names the event when rawFields is broken', () => {
    const event = blockProposed(7, at);
    const raw = JSON.parse(event.data.event.rawFields) as Record<string, unknown>;
    expect(rawLogOf(withRawFields(event, JSON.stringify({ ...raw, blockNumber: 42, logIndex: '3' })) as EmittedEvent)).toMatchObject({ blockNumber: 42n, logIndex: 3 });
    expect(() => rawLogOf(withRawFields(event, 'nope') as EmittedEvent)).toThrow(RawFieldsError);
    expect(() => rawLogOf(withRawFields(event, 'nope') as EmittedEvent)).toThrow(event.id);
  });

  it('parses a webhook endpoint and turns a delivery-log record back into the delivered event', () => {
    const endpoint = WebhookEndpoint.parse({
      id: 1, label: 'e2e', url: 'http://host.docker.internal:1234/contract-events', subscriptions: ['event.emitted'],
      secret: 'not-a-real-secret', failedCalls: 0, createdAt: '2026-11-22T10:00:00Z', updatedAt: '2026-11-22T10:00:00Z', lastError: null,
    });
    expect(endpoint.failedCalls).toBe(0);
    const event = blockProposed(7, at);
    const record = WebhookEventRecord.parse({ id: event.id, eventType: 'event.emitted', data: event.data, createdAt: '2026-11-22T10:00:00Z' });
    expect(deliveredEventOf(record)).toEqual(event);
  });

  it('reads an error envelope with or without `result`, and takes only a 2xx envelope carrying its result as a success', () => {
    expect(ErrorEnvelope.parse({ status: 404, message: 'not found' })).toEqual({ status: 404, message: 'not found' });
    expect(ErrorEnvelope.parse({ status: 400, message: 'bad', result: null }).result).toBeNull();
    const success = envelope(WebhookEndpoint.array());
    expect(success.safeParse({ status: 200, message: 'success', result: [] }).success).toBe(true);
    expect(success.safeParse({ status: 200, message: 'success' }).success, 'no result').toBe(false);
    expect(success.safeParse({ status: 404, message: 'not found', result: [] }).success, 'an error status').toBe(false);
  });
});
