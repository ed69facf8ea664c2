// Which pending entries go into the next block (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_proposer/src/services/assemble_block.rs:215-373): deposits sorted by fee, highest first, grouped by four;
// deposit groups and client transactions sorted by fee together; the first `blockSize` slots win. Deposit groups come
// first on chain, as the real block puts its deposit proofs before the client proofs.
import { DEPOSITS_PER_SLOT } from './trigger';
import type { PendingClientTransaction, PendingDeposit } from './mempool';

export interface BlockSelection<Slot = unknown> {
  depositGroups: PendingDeposit[][];
  clientTransactions: PendingClientTransaction<Slot>[];
}

type Candidate<Slot> =
  | { kind: 'deposits'; fee: bigint; group: PendingDeposit[] }
  | { kind: 'client'; fee: bigint; tx: PendingClientTransaction<Slot> };

const byFeeDescending = (a: { fee: bigint }, b: { fee: bigint }) => (a.fee === b.fee ? 0 : a.fee > b.fee ? -1 : 1);

export function selectBlockContents<Slot>(
  deposits: readonly PendingDeposit[],
  clientTransactions: readonly PendingClientTransaction<Slot>[],
  blockSize: number,
): BlockSelection<Slot> {
  const sortedDeposits = [...deposits].sort(byFeeDescending); // stable: equal fees keep arrival order
  const candidates: Candidate<Slot>[] = [];
  for (let i = 0; i < sortedDeposits.length; i += DEPOSITS_PER_SLOT) {
    const group = sortedDeposits.slice(i, i + DEPOSITS_PER_SLOT);
    candidates.push({ kind: 'deposits', fee: group.reduce((sum, d) => sum + d.fee, 0n), group });
  }
  for (const tx of clientTransactions) candidates.push({ kind: 'client', fee: tx.fee, tx });

  const chosen = candidates.sort(byFeeDescending).slice(0, blockSize);
  return {
    depositGroups: chosen.flatMap((c) => (c.kind === 'deposits' ? [c.group] : [])),
    clientTransactions: chosen.flatMap((c) => (c.kind === 'client' ? [c.tx] : [])),
  };
}

export function isEmptySelection(selection: BlockSelection): boolean {
  return selection.depositGroups.length === 0 && selection.clientTransactions.length === 0;
}
