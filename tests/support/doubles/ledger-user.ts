// Test support for the expectations' unit tests: a user whose ledgers (L1 balances, L2 balances, commitments) are
// plain values the test changes between the watch and its end, as a client and a chain would. It sends no L1
// transaction, so the L1 window finds none (its transaction count stays put). Also the parts of a user, a token and an
// L1 snapshot that the L1 accounting reads, for the tests that feed it outcomes directly.
import type { Address } from 'viem';
import type { CommitmentEntry } from '../../../fixtures/api';
import type { L1BalanceSnapshot } from '../../../fixtures/chain';
import type { TokenUnderTest } from '../../../fixtures/target';
import type { User } from '../../../fixtures/users';

/** The users' L1 address (anvil's account 1): the accounting reads no key of it. */
const L1_ADDRESS: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ETHER_CHAIN = { nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } };

export const WGAS = { symbol: 'WGAS', decimals: 18 } as TokenUnderTest;

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

/** What the L1 accounting reads of a user: the name and the chain's native coin. */
export const l1Reader = (name: string): User => ({ name, target: { chain: ETHER_CHAIN } }) as unknown as User;

/** The user's L1 holdings at `blockNumber`: `native` wei and raw units of tokens by symbol. */
export const l1Snapshot = (native: bigint, tokens: Record<string, bigint>, blockNumber = 7n): L1BalanceSnapshot => ({
  address: L1_ADDRESS,
  blockNumber,
  native,
  tokens,
});

/** The ledgers of a user who holds 1 ETH and 2 dUSD on L1, 0.7 dUSD on L2 (in `commitments`) and a fee of 1,000. */
export const dusdLedgers = (commitments: CommitmentEntry[]): Ledgers => ({
  native: 10n ** 18n,
  l1: { dUSD: 2_000_000n },
  l2: { [DUSD.address]: 700_000n },
  fee: 1_000n,
  commitments,
});

export const commitment = (id: string, status: string, value: bigint): CommitmentEntry =>
  ({ _id: id, status, preimage: { value } }) as unknown as CommitmentEntry;

/** A user named `name` whose ledgers are `ledgers`, read anew at every call; `deEscrow` answers as given. */
export function ledgerUser(name: string, ledgers: Ledgers, extra: Partial<Record<'deEscrow', unknown>> = {}): User {
  const address = L1_ADDRESS;
  let block = 100n;
  return {
    name,
    l1Address: address,
    target: { chain: ETHER_CHAIN },
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
