import { describe, expect, it } from 'vitest';
import { buildClientTransaction, type OnChainTransaction } from '../../lib/block-codec';
import type { ChainReader } from './chain';
import { admitClientTransaction } from './client-transaction-intake';
import { Mempool } from './mempool';

/** Nothing is nullified on this chain. */
const chain = { anyNullified: async () => false } as unknown as ChainReader;

function spend(root: bigint, secondRoot = 0n, secondNullifier = 0n) {
  return buildClientTransaction({
    fee: 0n,
    historicCommitmentRoots: [root, secondRoot, 0n, 0n],
    commitments: [11n, 12n, 0n, 0n],
    nullifiers: [21n, secondNullifier, 0n, 0n],
    cipherText: [1n, 2n, 3n, 4n, 1n],
  });
}

describe('admitClientTransaction: historic commitment roots', () => {
  it('admits a spend that proves against a root the devnet blocks carry', async () => {
    const result = await admitClientTransaction(spend(0n), { mempool: new Mempool<OnChainTransaction>(), chain });
    expect(result.admitted).toBe(true);
  });

  it('refuses a spend whose root no block carried, with the real refusal', async () => {
    const result = await admitClientTransaction(spend(12345n), { mempool: new Mempool<OnChainTransaction>(), chain });
    expect(result).toEqual({ admitted: false, reason: 'Commitment root is not known' });
  });

  it('checks the root of every input that has a nullifier, not only the first', async () => {
    const result = await admitClientTransaction(spend(0n, 777n, 22n), {
      mempool: new Mempool<OnChainTransaction>(),
      chain,
    });
    expect(result).toEqual({ admitted: false, reason: 'Commitment root is not known' });
  });

  it('ignores the root of an absent input (no nullifier), as upstream does', async () => {
    const result = await admitClientTransaction(spend(0n, 777n, 0n), {
      mempool: new Mempool<OnChainTransaction>(),
      chain,
    });
    expect(result.admitted).toBe(true);
  });
});
