// What the proposer holds until it lands in a block: deposits learned from DepositEscrowed events and client
// transactions posted to /v1/transaction. In memory only: the real proposer's mempool is lost on restart too (its DB is
// dropped, EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_proposer/src/main.rs:25-28); escrowed deposits come
// back because the watcher replays from the genesis block.
import type { Hex } from 'viem';
import type { PendingCounts } from './trigger';

export interface PendingDeposit {
  /** The escrow key (deposit_key of the four fields below); a deposit slot's public_data carries it on chain. */
  readonly key: bigint;
  readonly nfTokenId: bigint;
  readonly nfSlotId: bigint;
  readonly value: bigint;
  readonly secretHash: bigint;
  /** The fee booked with the escrow, paid to the proposer that includes the deposit. */
  readonly fee: bigint;
  /** The commitment the deposit becomes (owner = identity, salt = secret hash). */
  readonly commitment: bigint;
}

/** A client transaction reduced to what the block needs; `slot` is its on-chain form. */
export interface PendingClientTransaction<Slot = unknown> {
  /** Content hash of the transaction as posted: a second post of the same transaction has the same id. */
  readonly id: Hex;
  readonly fee: bigint;
  readonly nullifiers: readonly bigint[];
  readonly slot: Slot;
}

export type AdmitResult = 'admitted' | 'duplicate' | 'nullifier-pending';

export class Mempool<Slot = unknown> {
  readonly #deposits = new Map<bigint, PendingDeposit>();
  readonly #clientTransactions = new Map<Hex, PendingClientTransaction<Slot>>();
  /** Nullifier → id of the pending transaction that spends it: two pending spends of one commitment can't both land. */
  readonly #pendingNullifiers = new Map<bigint, Hex>();

  /** Returns false when the deposit is already pending (a replayed event). */
  addDeposit(deposit: PendingDeposit): boolean {
    if (this.#deposits.has(deposit.key)) return false;
    this.#deposits.set(deposit.key, deposit);
    return true;
  }

  addClientTransaction(tx: PendingClientTransaction<Slot>): AdmitResult {
    if (this.#clientTransactions.has(tx.id)) return 'duplicate';
    const spends = tx.nullifiers.filter((n) => n !== 0n);
    if (spends.some((n) => this.#pendingNullifiers.has(n))) return 'nullifier-pending';
    this.#clientTransactions.set(tx.id, tx);
    for (const n of spends) this.#pendingNullifiers.set(n, tx.id);
    return 'admitted';
  }

  counts(): PendingCounts {
    return { deposits: this.#deposits.size, clientTransactions: this.#clientTransactions.size };
  }

  /** In arrival order. */
  deposits(): PendingDeposit[] {
    return [...this.#deposits.values()];
  }

  /** In arrival order. */
  clientTransactions(): PendingClientTransaction<Slot>[] {
    return [...this.#clientTransactions.values()];
  }

  removeDeposits(keys: Iterable<bigint>): void {
    for (const key of keys) this.#deposits.delete(key);
  }

  removeClientTransactions(ids: Iterable<Hex>): void {
    for (const id of ids) {
      const tx = this.#clientTransactions.get(id);
      if (!tx) continue;
      this.#clientTransactions.delete(id);
      for (const n of tx.nullifiers) if (this.#pendingNullifiers.get(n) === id) this.#pendingNullifiers.delete(n);
    }
  }
}
