// The queue of assembled blocks waiting for the finality checker, behind one lock, as upstream's
// `Arc<Mutex<Vec<Block>>>` (nightfall_proposer/src/drivers/blockchain/block_assembly.rs:235-236,405-410 @
// plume_testnet_proposer 4e84c58). The lock matters: the finality checker holds it while it waits for a rotation to
// become final, so the assembly loop, which takes it to queue its next block, waits as long.

export class PendingBlocks<Block> {
  readonly #blocks: Block[] = [];
  /** Settles when the current holder releases the lock; holders queue up behind it in call order. */
  #released: Promise<void> = Promise.resolve();

  get length(): number {
    return this.#blocks.length;
  }

  /** Runs `work` holding the lock, with the queue itself to read and drain. */
  async withLock<T>(work: (blocks: Block[]) => Promise<T>): Promise<T> {
    const previous = this.#released;
    let release!: () => void;
    this.#released = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      return await work(this.#blocks);
    } finally {
      release();
    }
  }

  /** Queues a block once the lock is free; answers how many blocks are pending then. */
  push(block: Block): Promise<number> {
    return this.withLock(async (blocks) => blocks.push(block));
  }
}
