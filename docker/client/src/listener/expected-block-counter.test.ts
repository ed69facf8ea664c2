import { describe, expect, it } from 'vitest';
import { ExpectedBlockCounter } from './expected-block-counter';

describe('ExpectedBlockCounter', () => {
  it('starts at 0 and counts only under its lock', async () => {
    const counter = new ExpectedBlockCounter();
    await counter.with(async (guard) => {
      expect(guard.value).toBe(0);
      guard.increment();
      expect(guard.value).toBe(1);
    });
    expect(counter.peek).toBe(1);
  });

  it('makes a reader wait until the holder (a block being processed) releases it, and shows it the new count', async () => {
    const counter = new ExpectedBlockCounter();
    const holder = await counter.lock();
    const seen: number[] = [];
    const reader = counter.with(async (guard) => void seen.push(guard.value));
    await Promise.resolve();
    expect(seen, 'the reader is still waiting').toEqual([]);
    holder.increment();
    holder.release();
    await reader;
    expect(seen).toEqual([1]);
  });

  it('hands the lock over in arrival order', async () => {
    const counter = new ExpectedBlockCounter();
    const order: string[] = [];
    const first = counter.lock();
    const second = counter.with(async () => void order.push('second'));
    const third = counter.with(async () => void order.push('third'));
    (await first).release();
    await Promise.all([second, third]);
    expect(order).toEqual(['second', 'third']);
  });

  it('refuses an increment after release (the count belongs to the lock holder)', async () => {
    const counter = new ExpectedBlockCounter();
    const guard = await counter.lock();
    guard.release();
    expect(() => guard.increment()).toThrow(/after its lock was released/);
  });
});
