// The pause switch behind GET /v1/pause and /v1/resume (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_proposer/src/drivers/rest/block_assembly.rs:7-29). The trigger waits on it, so a change wakes any waiting
// trigger at once instead of at its next tick.

type Listener = () => void;

export class AssemblyStatus {
  #paused = false;
  readonly #listeners = new Set<Listener>();

  get paused(): boolean {
    return this.#paused;
  }

  pause(): void {
    this.#set(true);
  }

  resume(): void {
    this.#set(false);
  }

  /** Calls `listener` on every pause or resume; returns the unsubscribe function. */
  onChange(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(paused: boolean): void {
    this.#paused = paused;
    for (const listener of [...this.#listeners]) listener();
  }
}
