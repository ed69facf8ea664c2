// Test support for the expectations' unit tests: a user whose ledgers (L1 balances, L2 balances, commitments) are
// plain values the test changes between the watch and its end, as a client and a chain would. It sends no L1
// transaction, so the L1 window finds none (its transaction count stays put).
import type { Address } from 'viem';
import type { CommitmentEntry } from '../../../fixtures/api';
import type { TokenUnderTest } from '../../../fixtures/target';
import type { User } from '../../../fixtures/users';

export const DUSD = {
  symbol: 'dUSD',
  decimals: 6,
  address: '0x00000000000000000000000000000000000000d5',
} as unknown as TokenUnderTest;

export interface Ledgers {
  native: bigint;
  /** L1 raw units by symbol. */
  l1: Record<string, bigint>;
  /** L2 raw units by token address. */
  l2: Record<string, bigint>;
  fee: bigint;
  commitments: CommitmentEntry[];
}

export const commitment = (id: string, status: string, value: bigint): CommitmentEntry =>
  ({ _id: id, status, preimage: { value } }) as unknown as CommitmentEntry;

/** A user named `name` whose ledgers are `ledgers`, read anew at every call; `deEscrow` answers as given. */
export function ledgerUser(name: string, ledgers: Ledgers, extra: Partial<Record<'deEscrow', unknown>> = {}): User {
  const address: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  let block = 100n;
  return {
    name,
    l1Address: address,
    target: { chain: { nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } } },
    l1Snapshot: (tokens: readonly TokenUnderTest[]) =>
      Promise.resolve({
        address,
        blockNumber: (block += 1n),
        native: ledgers.native,
        tokens: Object.fromEntries(tokens.map((t) => [t.symbol, ledgers.l1[t.symbol] ?? 0n])),
      }),
    publicClient: { chain: { id: 31_337 }, getTransactionCount: () => Promise.resolve(7) },
    api: {
      balance: (tokenAddress: string) => Promise.resolve({ raw: ledgers.l2[tokenAddress] ?? 0n }),
      feeBalance: () => Promise.resolve({ raw: ledgers.fee }),
      commitments: () => Promise.resolve(ledgers.commitments.map((c) => structuredClone(c))),
    },
    ...extra,
  } as unknown as User;
}
