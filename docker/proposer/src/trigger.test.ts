import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssemblyStatus } from './assembly-status';
import { awaitTrigger, fillRatio, fillsWholeBlock, type BlockAssemblySettings, type PendingCounts } from './trigger';

const settings: BlockAssemblySettings = { initialIntervalSecs: 1, maxWaitSecs: 5, targetFillRatio: 0.25, blockSize: 8 };

describe('fill arithmetic', () => {
  it('counts a partial deposit group as a slot towards the ratio', () => {
    expect(fillRatio({ deposits: 5, clientTransactions: 0 }, 8)).toBe(2 / 8);
    expect(fillRatio({ deposits: 0, clientTransactions: 3 }, 8)).toBe(3 / 8);
  });

  it('counts only whole deposit groups towards a full block', () => {
    expect(fillsWholeBlock({ deposits: 31, clientTransactions: 0 }, 8)).toBe(false);
    expect(fillsWholeBlock({ deposits: 32, clientTransactions: 0 }, 8)).toBe(true);
    expect(fillsWholeBlock({ deposits: 4, clientTransactions: 7 }, 8)).toBe(true);
  });
});

describe('awaitTrigger', () => {
  let counts: PendingCounts;
  let status: AssemblyStatus;
  let controller: AbortController;

  beforeEach(() => {
    vi.useFakeTimers();
    counts = { deposits: 0, clientTransactions: 0 };
    status = new AssemblyStatus();
    controller = new AbortController();
  });
  afterEach(() => {
    controller.abort();
    vi.useRealTimers();
  });

  const start = () => {
    const outcome = { reason: undefined as string | undefined, settled: false };
    void awaitTrigger({ settings, status, pendingCounts: () => counts, signal: controller.signal }).then((reason) => {
      outcome.reason = reason;
      outcome.settled = true;
    });
    return outcome;
  };

  it('fires at the next tick once the pending slots reach the target ratio', async () => {
    const outcome = start();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(outcome.settled).toBe(false);
    counts = { deposits: 1, clientTransactions: 1 }; // 2 of 8 slots = 0.25
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome.reason).toBe('fill-ratio');
  });

  it('fires after the maximum wait when something below the ratio is pending', async () => {
    counts = { deposits: 0, clientTransactions: 1 };
    const outcome = start();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(outcome.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome.reason).toBe('max-wait');
  });

  it('restarts the wait when the window ends with nothing pending', async () => {
    const outcome = start();
    await vi.advanceTimersByTimeAsync(5_000); // first window ends empty
    counts = { deposits: 0, clientTransactions: 1 };
    await vi.advanceTimersByTimeAsync(4_000);
    expect(outcome.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome.reason).toBe('max-wait');
  });

  it('ignores the ratio and the window while paused, and fires at once on resume', async () => {
    status.pause();
    counts = { deposits: 4, clientTransactions: 2 };
    const outcome = start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(outcome.settled).toBe(false);
    status.resume();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.reason).toBe('fill-ratio');
  });

  it('fires while paused when the mempool can fill a whole block', async () => {
    status.pause();
    counts = { deposits: 3, clientTransactions: 7 };
    const outcome = start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(outcome.settled).toBe(false);
    counts = { deposits: 4, clientTransactions: 7 };
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outcome.reason).toBe('full-block');
  });

  it('never ticks slower than every 10 s', async () => {
    const slow = { ...settings, initialIntervalSecs: 60, maxWaitSecs: 600 };
    let reason: string | undefined;
    void awaitTrigger({ settings: slow, status, pendingCounts: () => counts, signal: controller.signal }).then(
      (r) => (reason = r),
    );
    counts = { deposits: 0, clientTransactions: 2 };
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reason).toBe('fill-ratio');
  });

  it('resolves undefined when aborted', async () => {
    const outcome = start();
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toEqual({ reason: undefined, settled: true });
  });
});
