// The in-memory FIFO between the HTTP handlers and the single worker (the real driven/queue.rs). Lost on restart,
// as in the real client. The request being processed has already been taken out, so GET /v1/queue does not count it.
import type { DepositRequest, TransferRequest, WithdrawRequest } from '../requests/bodies';

export type TransactionRequest =
  | { readonly kind: 'deposit'; readonly body: DepositRequest }
  | { readonly kind: 'transfer'; readonly body: TransferRequest }
  | { readonly kind: 'withdraw'; readonly body: WithdrawRequest };

export interface QueuedRequest {
  readonly uuid: string;
  readonly request: TransactionRequest;
}

export class RequestQueue {
  readonly #items: QueuedRequest[] = [];
  #waiters: (() => void)[] = [];

  constructor(readonly maxSize: number) {}

  get length(): number {
    return this.#items.length;
  }

  isFull(): boolean {
    return this.#items.length >= this.maxSize;
  }

  push(item: QueuedRequest): void {
    this.#items.push(item);
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  pop(): QueuedRequest | undefined {
    return this.#items.shift();
  }

  /** Resolves when something is pushed (or at once if the queue is not empty). */
  whenNotEmpty(): Promise<void> {
    if (this.#items.length > 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}
