import { describe, expect, it } from 'vitest';
import { selectBlockContents } from './block-selection';
import type { PendingClientTransaction, PendingDeposit } from './mempool';

const deposit = (key: number, fee: number): PendingDeposit => ({
  key: BigInt(key),
  nfTokenId: 1n,
  nfSlotId: 1n,
  value: 10n,
  secretHash: BigInt(1000 + key),
  fee: BigInt(fee),
  commitment: BigInt(2000 + key),
});

const clientTx = (id: number, fee: number): PendingClientTransaction<string> => ({
  id: `0x${id.toString(16).padStart(64, '0')}`,
  fee: BigInt(fee),
  nullifiers: [BigInt(3000 + id), 0n, 0n, 0n],
  slot: `tx${id}`,
});

const keys = (groups: PendingDeposit[][]) => groups.map((g) => g.map((d) => Number(d.key)));

describe('selectBlockContents', () => {
  it('groups deposits by four in descending fee order', () => {
    const deposits = [deposit(1, 1), deposit(2, 5), deposit(3, 3), deposit(4, 5), deposit(5, 2), deposit(6, 0)];
    const selection = selectBlockContents(deposits, [], 64);
    expect(keys(selection.depositGroups)).toEqual([
      [2, 4, 3, 5],
      [1, 6],
    ]);
    expect(selection.clientTransactions).toEqual([]);
  });

  it('ranks deposit groups by their summed fee against client transactions and keeps only block-size slots', () => {
    const deposits = [deposit(1, 1), deposit(2, 1), deposit(3, 1), deposit(4, 1), deposit(5, 1)]; // groups: 4, 1
    const txs = [clientTx(1, 2), clientTx(2, 9), clientTx(3, 0)];
    const selection = selectBlockContents(deposits, txs, 3);
    expect(selection.clientTransactions.map((t) => t.slot)).toEqual(['tx2', 'tx1']);
    expect(keys(selection.depositGroups)).toEqual([[1, 2, 3, 4]]);
  });

  it('keeps arrival order among equal fees', () => {
    const txs = [clientTx(1, 1), clientTx(2, 1), clientTx(3, 1)];
    expect(selectBlockContents([], txs, 2).clientTransactions.map((t) => t.slot)).toEqual(['tx1', 'tx2']);
  });
});
