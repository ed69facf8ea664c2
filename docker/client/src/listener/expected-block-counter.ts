// The real client's "expected layer 2 block number": a process-wide counter behind a tokio Mutex, started at 0 and
// never reset, not even by a listener restart (get_expected_layer2_blocknumber, nightfall_client/src/driven/
// event_handlers/nightfall_event.rs:45-48 @ plume_testnet_client 4e84c58 = :45-49 @ master 6ee83be). Two holders take
// the lock: the listener, for the whole of one block's processing (the guard of :152 lives to the end of the function),
// and every synchronisation check (nightfall_event_listener.rs:190 @ plume), which therefore waits for a block being
// processed. The check reads the counter while the listener has not yet taken the lock for a block already on chain:
// that gap is the race behind N16.

export interface CounterGuard {
  readonly value: number;
  /** Counts one more block as processed (nightfall_event.rs:242 @ plume). */
  increment(): void;
  release(): void;
}

export class ExpectedBlockCounter {
  #value = 0;
  #tail: Promise<void> = Promise.resolve();

  /** Unlocked read, for start-up logs and tests only: the real code never reads it without the lock. */
  get peek(): number {
    return this.#value;
  }

  /** Waits for the lock, in arrival order (tokio's Mutex is fair), and holds it until release(). */
  async lock(): Promise<CounterGuard> {
    let release!: () => void;
    const previous = this.#tail;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    let released = false;
    const read = () => this.#value;
    return {
      get value() {
        return read();
      },
      increment: () => {
        if (released) throw new Error('the counter was incremented after its lock was released');
        this.#value += 1;
      },
      release: () => {
        if (released) return;
        released = true;
        release();
      },
    };
  }

  /** Runs `body` under the lock. */
  async with<T>(body: (guard: CounterGuard) => Promise<T>): Promise<T> {
    const guard = await this.lock();
    try {
      return await body(guard);
    } finally {
      guard.release();
    }
  }
}
