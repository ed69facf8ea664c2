import { describe, expect, it } from 'vitest';
import { LogFollower, nextLogRange, pollLogs } from './log-follower';

describe('nextLogRange', () => {
  it('reads from the cursor up to the head, at most maxRange blocks, and nothing while the head is behind', () => {
    expect(nextLogRange(10n, 9n, 5n)).toBeUndefined();
    expect(nextLogRange(10n, 10n, 5n)).toEqual({ fromBlock: 10n, toBlock: 10n, head: 10n, atHead: true });
    expect(nextLogRange(10n, 12n, 5n)).toEqual({ fromBlock: 10n, toBlock: 12n, head: 12n, atHead: true });
    expect(nextLogRange(10n, 100n, 5n)).toEqual({ fromBlock: 10n, toBlock: 14n, head: 100n, atHead: false });
  });
});

describe('LogFollower', () => {
  it('moves on only past ranges it is told were handled, and can go back to its start', async () => {
    let head = 3n;
    const follower = new LogFollower({ getBlockNumber: async () => head }, 5n, 10n);
    expect(await follower.next()).toBeUndefined(); // the start block lies ahead
    head = 30n;
    const first = (await follower.next())!;
    expect([first.fromBlock, first.toBlock, first.atHead]).toEqual([5n, 14n, false]);
    expect((await follower.next())!.fromBlock).toBe(5n); // not passed: the same range again
    follower.passed(first);
    expect((await follower.next())!.fromBlock).toBe(15n);
    follower.rewindTo(5n);
    expect(follower.cursor).toBe(5n);
  });
});

describe('pollLogs', () => {
  it('polls until aborted and reports each distinct failure once, again after a success', async () => {
    const stop = new AbortController();
    const outcomes = ['node down', 'node down', 'node down', 'ok', 'node down', 'other', 'stop'];
    const reported: string[] = [];
    await pollLogs({
      pollMs: 1,
      signal: stop.signal,
      onFailure: (message) => reported.push(message),
      pollOnce: async () => {
        const next = outcomes.shift();
        if (next === 'stop') return stop.abort();
        if (next !== 'ok') throw new Error(`${next}\nstack detail`);
      },
    });
    expect(reported).toEqual(['node down', 'node down', 'other']);
    expect(outcomes).toEqual([]);
  });
});

describe('pollLogs between polls', () => {
  it('reads on at once while a poll says it ended before the head, and pauses once it is at the head', async () => {
    const stop = new AbortController();
    const outcomes = [true, true, false, 'stop'] as const;
    const pauses: number[] = [];
    let polls = 0;
    const wake = {
      next: async () => void pauses.push(polls),
      close: () => undefined,
    };
    await pollLogs({
      // Without the wake a pause would outlast the test's timeout: only the wake's next() ends it here.
      pollMs: 60_000,
      wake,
      signal: stop.signal,
      onFailure: () => undefined,
      pollOnce: async () => {
        const next = outcomes[polls++];
        if (next === 'stop') stop.abort();
        return next === true;
      },
    });
    expect(polls).toBe(4);
    // Paused after the third and fourth polls (at the head), never after the first two (behind it).
    expect(pauses).toEqual([3, 4]);
  });
});
