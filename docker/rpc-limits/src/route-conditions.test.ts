import { describe, expect, it } from 'vitest';
import { ConditionsOrder, jitterOffset, RouteConditions } from './route-conditions';

const at = Date.parse('2026-11-28T04:00:00.000Z');
const BAD_DAY = {
  reads: { cycle: 4, rateLimitAt: 1, dropAt: 2, loseAnswerAt: 3 },
  sends: { cycle: 2, rateLimitAt: 1, loseAnswerAt: 2 },
  latency: { every: 5, ms: 2_000 },
};

describe("a client route's conditions", () => {
  it('forwards everything at once while none are set', () => {
    const conditions = new RouteConditions(() => at);
    expect([conditions.treat(false), conditions.treat(true)]).toEqual([
      { delayMs: 0, fate: 'forward' },
      { delayMs: 0, fate: 'forward' },
    ]);
    expect(conditions.state()).toMatchObject({
      badDay: null,
      network: null,
      firstMetAt: null,
      counts: { requests: 2, rateLimited: 0, dropped: 0 },
    });
  });

  it('on a bad day refuses, cuts and loses answers of reads on their schedule, and stalls every n-th request', () => {
    const conditions = new RouteConditions(() => at);
    conditions.set(ConditionsOrder.parse({ badDay: BAD_DAY }));
    const fates = Array.from({ length: 8 }, () => conditions.treat(false));
    expect(fates.map((t) => t.fate)).toEqual([
      'rate-limit',
      'drop',
      'lose-answer',
      'forward',
      'rate-limit',
      'drop',
      'lose-answer',
      'forward',
    ]);
    expect(fates.map((t) => t.delayMs)).toEqual([0, 0, 0, 0, 2_000, 0, 0, 0]);
    expect(conditions.state()).toMatchObject({
      counts: { requests: 8, rateLimited: 2, dropped: 2, answersLost: 2, delayed: 1 },
      firstMetAt: '2026-11-28T04:00:00.000Z',
    });
  });

  it('numbers sends among the sends: a send is refused or its answer lost, never cut before it reaches the node', () => {
    const conditions = new RouteConditions(() => at);
    conditions.set({ badDay: BAD_DAY });
    conditions.treat(false);
    expect([conditions.treat(true).fate, conditions.treat(true).fate, conditions.treat(true).fate]).toEqual([
      'rate-limit',
      'lose-answer',
      'rate-limit',
    ]);
  });

  it('delays by the latency varied within the jitter, and loses every n-th request', () => {
    const conditions = new RouteConditions(() => at);
    conditions.set(ConditionsOrder.parse({ network: { latencyMs: 100, jitterMs: 30, lossEvery: 3 } }));
    const treated = Array.from({ length: 6 }, () => conditions.treat(false));
    for (const { delayMs } of treated)
      expect(Math.abs(delayMs - 100), `${delayMs} ms within 100 ± 30`).toBeLessThanOrEqual(30);
    expect(new Set(treated.map((t) => t.delayMs)).size, 'the delays vary').toBeGreaterThan(1);
    expect(treated.map((t) => t.fate)).toEqual(['forward', 'forward', 'drop', 'forward', 'forward', 'drop']);
    expect(conditions.state().counts.lost).toBe(2);
  });

  it('keeps each jitter offset within its bound and covers both sides', () => {
    const offsets = Array.from({ length: 200 }, (_, n) => jitterOffset(n, 25));
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(-25);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(25);
    expect(offsets.some((o) => o < 0) && offsets.some((o) => o > 0)).toBe(true);
    expect(jitterOffset(7, 0)).toBe(0);
  });

  it('holds requests and pushes until a partition heals, then lets them pass at once', () => {
    let now = at;
    const conditions = new RouteConditions(() => now);
    conditions.set({ network: ConditionsOrder.shape.network.unwrap().parse({ partitionSeconds: 10 }) });
    expect(conditions.treat(false)).toEqual({ delayMs: 10_000, fate: 'forward' });
    now += 4_000;
    expect(conditions.treat(false).delayMs).toBe(6_000);
    expect(conditions.pushDelayMs()).toBe(6_000);
    expect(conditions.state()).toMatchObject({
      partitionHealsAt: '2026-11-28T04:00:10.000Z',
      counts: { heldByPartition: 2 },
      firstMetAt: '2026-11-28T04:00:00.000Z',
    });
    now += 6_000;
    expect(conditions.treat(false)).toEqual({ delayMs: 0, fate: 'forward' });
    expect(conditions.pushDelayMs()).toBe(0);
    expect(conditions.state().partitionHealsAt).toBeNull();
  });

  it('lifts everything when cleared, keeping the counts on record', () => {
    const conditions = new RouteConditions(() => at);
    conditions.set({ badDay: BAD_DAY, network: { latencyMs: 50, jitterMs: 0, partitionSeconds: 5 } });
    conditions.treat(false);
    conditions.clear();
    expect(conditions.treat(false)).toEqual({ delayMs: 0, fate: 'forward' });
    expect(conditions.state()).toMatchObject({
      badDay: null,
      network: null,
      partitionHealsAt: null,
      counts: { requests: 2, rateLimited: 1 },
    });
  });

  it('refuses orders a route cannot keep: a loss of every request, a partition over ten minutes, a stall over 30 s', () => {
    expect(ConditionsOrder.safeParse({ network: { lossEvery: 1 } }).success).toBe(false);
    expect(ConditionsOrder.safeParse({ network: { partitionSeconds: 601 } }).success).toBe(false);
    expect(ConditionsOrder.safeParse({ badDay: { ...BAD_DAY, latency: { every: 5, ms: 30_001 } } }).success).toBe(
      false,
    );
  });
});
