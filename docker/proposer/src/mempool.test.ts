import { describe, expect, it } from 'vitest';
import { Mempool, type PendingClientTransaction, type PendingDeposit } from './mempool';

const tx = (id: number, nullifiers: bigint[]): PendingClientTransaction => ({
  id: `0x${id.toString(16).padStart(64, '0')}`,
  fee: 1n,
  nullifiers,
  slot: undefined,
});

const deposit = (key: bigint): PendingDeposit => ({
  key,
  nfTokenId: 1n,
  nfSlotId: 1n,
  value: 1n,
  secretHash: 2n,
  fee: 0n,
  commitment: 3n,
});

describe('Mempool', () => {
  it('rejects a second post of the same transaction', () => {
    const mempool = new Mempool();
    expect(mempool.addClientTransaction(tx(1, [11n, 0n, 0n, 0n]))).toBe('admitted');
    expect(mempool.addClientTransaction(tx(1, [11n, 0n, 0n, 0n]))).toBe('duplicate');
    expect(mempool.counts()).toEqual({ deposits: 0, clientTransactions: 1 });
  });

  it('rejects another transaction spending a pending nullifier, until the first leaves the mempool', () => {
    const mempool = new Mempool();
    mempool.addClientTransaction(tx(1, [11n, 12n, 0n, 0n]));
    expect(mempool.addClientTransaction(tx(2, [13n, 12n, 0n, 0n]))).toBe('nullifier-pending');
    expect(mempool.addClientTransaction(tx(3, [14n, 0n, 0n, 0n]))).toBe('admitted'); // zero nullifiers never clash
    mempool.removeClientTransactions([tx(1, []).id]);
    expect(mempool.addClientTransaction(tx(2, [13n, 12n, 0n, 0n]))).toBe('admitted');
  });

  it('keeps one entry per escrow key and removes deposits by key', () => {
    const mempool = new Mempool();
    expect(mempool.addDeposit(deposit(7n))).toBe(true);
    expect(mempool.addDeposit(deposit(7n))).toBe(false);
    expect(mempool.addDeposit(deposit(8n))).toBe(true);
    mempool.removeDeposits([7n]);
    expect(mempool.deposits().map((d) => d.key)).toEqual([8n]);
  });
});
