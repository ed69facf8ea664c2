import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../lib/env-logger';
import { startConnectionAliveTask } from './connection-alive';

describe('startConnectionAliveTask (plume wallets.rs:102-125)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('prints the spawn line, then "connection is alive: true" at once and every 3 s, bare (println!)', () => {
    const printed: string[] = [];
    const task = startConnectionAliveTask(
      (l) => printed.push(l),
      createLogger('lib', { rustLog: 'info', write: () => undefined }),
    );
    vi.advanceTimersByTime(9_000);
    task.stop();
    vi.advanceTimersByTime(9_000);
    expect(printed).toEqual([
      'Spawning reconnect task for WebSocket client...',
      'connection is alive: true',
      'connection is alive: true',
      'connection is alive: true',
      'connection is alive: true',
    ]);
  });
});
