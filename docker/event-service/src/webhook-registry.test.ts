// The webhook endpoints and their delivery logs as the document types them: log records with integer ids of their own
// (not the delivered item's UUID), their own creation and delivery times, a count; failedCalls counted since the last
// success.
import { describe, expect, it } from 'vitest';
import { WebhookRegistry } from './webhook-registry';
import type { DeliveryItem } from './wire';

const item = (id: string) => ({ id, event: 'event.emitted', data: {} }) as unknown as DeliveryItem;

describe('the webhook registry', () => {
  it('logs offered items as records with integer ids of their own, across endpoints, with their own times', () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const registry = new WebhookRegistry(() => now);
    const a = registry.create({ label: 'a', url: 'http://a/hook', subscriptions: ['event.emitted'] });
    const b = registry.create({ label: 'b', url: 'http://b/hook', subscriptions: ['event.emitted'] });
    const uuid = '952699ad-717c-413c-ab58-0c779fa2fffc';
    expect(registry.recordOffered(a.id, [item(uuid), item('78274107-0db5-4c02-b80e-eff6430a4cc3')])).toEqual([1, 2]);
    expect(registry.recordOffered(b.id, [item(uuid)])).toEqual([3]);
    now = new Date('2026-11-22T10:00:05Z');
    registry.recordDelivered(a.id, [1]);
    expect(registry.events(a.id, 10, 0)).toEqual([
      {
        id: 1,
        eventType: 'event.emitted',
        data: {},
        createdAt: '2026-11-22T10:00:00.000Z',
        deliveredAt: '2026-11-22T10:00:05.000Z',
      },
      { id: 2, eventType: 'event.emitted', data: {}, createdAt: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(registry.countEvents(a.id)).toBe(2);
    expect(registry.events(a.id, 1, 1)!.map((record) => record.id)).toEqual([2]);
  });

  it('counts failed calls since the last success: a success resets them', () => {
    const registry = new WebhookRegistry();
    const { id } = registry.create({ label: 'flaky', url: 'http://a/hook', subscriptions: ['event.emitted'] });
    registry.recordFailure(id, 'answered HTTP 500', 250);
    registry.recordFailure(id, 'answered HTTP 500', 500);
    expect(registry.get(id)).toMatchObject({
      failedCalls: 2,
      lastError: 'answered HTTP 500',
      nextAttempt: expect.any(String),
    });
    registry.recordDelivered(id, []);
    const after = registry.get(id)!;
    expect(after.failedCalls).toBe(0);
    expect(after.nextAttempt).toBeUndefined();
  });
});
