import fc from 'fast-check';
import { encodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { nightfallAbi } from '../contracts/abi';
import {
  ClientTransactionSchema,
  DUMMY_TRANSACTION,
  buildClientTransaction,
  clientTransactionToOnChain,
  decodeProposeBlock,
  encodeProposeBlock,
  mockRollupProof,
  rollupProofFeeSum,
  slotKind,
  verifyMockProof,
  withdrawDataOf,
  type Block,
  type OnChainTransaction,
  type Words4,
} from './block-codec';
import { encryptToRecipient } from './crypto/kem';
import { scalarToPublic } from './crypto/curve';
import { toHex64 } from './field';

const word = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });
const words4 = fc.tuple(word, word, word, word) as fc.Arbitrary<Words4>;
const onChainTx: fc.Arbitrary<OnChainTransaction> = fc.record({
  fee: word,
  commitments: words4,
  nullifiers: words4,
  public_data: words4,
});

const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const transfer = (() => {
  const sent = encryptToRecipient({ nfTokenId: 11n, nfSlotId: 11n, value: 5n }, scalarToPublic(3n), 17n);
  return buildClientTransaction({
    fee: 2n,
    historicCommitmentRoots: [1n, 0n, 0n, 0n],
    commitments: [sent.commitment, 22n, 33n, 0n],
    nullifiers: [44n, 55n, 0n, 0n],
    cipherText: sent.cipherText,
  });
})();

describe('slotKind', () => {
  const base = {
    fee: 0n,
    commitments: [0n, 0n, 0n, 0n],
    nullifiers: [0n, 0n, 0n, 0n],
    public_data: [0n, 0n, 0n, 0n],
  } as const;
  it('classifies the four kinds', () => {
    expect(slotKind(DUMMY_TRANSACTION)).toBe('dummy');
    expect(slotKind({ ...base, commitments: [1n, 2n, 0n, 0n], public_data: [3n, 4n, 0n, 0n] })).toBe('deposit');
    expect(slotKind({ ...base, commitments: [1n, 0n, 0n, 0n], nullifiers: [2n, 0n, 0n, 0n] })).toBe('transfer');
    expect(slotKind({ ...base, nullifiers: [2n, 0n, 0n, 0n], public_data: [1n, 2n, 3n, 0n] })).toBe('withdraw');
  });
});

describe('withdrawDataOf', () => {
  it('reads nf id, checksummed recipient, value and salt = nullifiers[0]', () => {
    const tx = {
      ...DUMMY_TRANSACTION,
      nullifiers: [9n, 0n, 0n, 0n],
      public_data: [1n, BigInt(RECIPIENT), 3n, 0n],
    } as const;
    expect(withdrawDataOf(tx)).toEqual({
      nf_token_id: 1n,
      recipient_address: RECIPIENT,
      value: 3n,
      withdraw_fund_salt: 9n,
    });
  });

  it('refuses other slot kinds', () => {
    expect(() => withdrawDataOf(DUMMY_TRANSACTION)).toThrow(/not a withdraw/);
  });

  it('narrows a recipient word wider than 160 bits as the contract does (block-codec.vectors.test.ts holds the real case)', () => {
    const tx = {
      ...DUMMY_TRANSACTION,
      nullifiers: [9n, 0n, 0n, 0n],
      public_data: [1n, (1n << 160n) | BigInt(RECIPIENT), 3n, 0n],
    } as const;
    expect(withdrawDataOf(tx).recipient_address).toBe(RECIPIENT);
  });
});

describe('propose_block calldata', () => {
  it('round-trips any block', () => {
    fc.assert(
      fc.property(
        word,
        word,
        word,
        fc.array(onChainTx, { maxLength: 4 }),
        fc.uint8Array({ maxLength: 80 }),
        (a, b, c, txs, proof) => {
          const block: Block = {
            commitments_root: a,
            nullifier_root: b,
            commitments_root_root: c,
            transactions: txs,
            rollup_proof: `0x${Buffer.from(proof).toString('hex')}`,
          };
          expect(decodeProposeBlock(encodeProposeBlock(block))).toEqual(block);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('refuses calldata of another function', () => {
    const other = encodeFunctionData({ abi: nightfallAbi, functionName: 'is_nullified', args: [1n] });
    expect(() => decodeProposeBlock(other)).toThrow(/propose_block/);
  });
});

describe('ClientTransaction', () => {
  it('builds a schema-valid wire form whose mock proof verifies', () => {
    expect(ClientTransactionSchema.parse(JSON.parse(JSON.stringify(transfer)))).toEqual(transfer);
    expect(verifyMockProof(transfer)).toBe(true);
    expect(slotKind(clientTransactionToOnChain(transfer))).toBe('transfer');
  });

  it('packs the 5 secret words into public data with the ephemeral key last', () => {
    const onChain = clientTransactionToOnChain(transfer);
    const c = transfer.compressed_secrets.cipher_text;
    expect(onChain.public_data.slice(0, 3)).toEqual(c.slice(0, 3).map((h) => BigInt(`0x${h}`)));
    expect(onChain.public_data[3]).toBe(BigInt(`0x${c[3]}`) | (BigInt(`0x${c[4]}`) << 255n));
  });

  it('fails the mock proof when any public input changes', () => {
    const tampered = [
      { ...transfer, fee: toHex64(3n) },
      {
        ...transfer,
        commitments: [transfer.commitments[0], toHex64(23n), transfer.commitments[2], transfer.commitments[3]],
      },
      {
        ...transfer,
        nullifiers: [toHex64(45n), transfer.nullifiers[1], transfer.nullifiers[2], transfer.nullifiers[3]],
      },
      {
        ...transfer,
        compressed_secrets: { cipher_text: [toHex64(1n), ...transfer.compressed_secrets.cipher_text.slice(1)] },
      },
      { ...transfer, proof: { ...transfer.proof, vk_id: 'real' } },
    ];
    for (const t of tampered) expect(verifyMockProof(ClientTransactionSchema.parse(t))).toBe(false);
  });

  it('rejects wire forms with 0x words, wrong lengths or missing fields', () => {
    expect(ClientTransactionSchema.safeParse({ ...transfer, fee: `0x${transfer.fee}` }).success).toBe(false);
    expect(
      ClientTransactionSchema.safeParse({ ...transfer, commitments: transfer.commitments.slice(0, 3) }).success,
    ).toBe(false);
    const { proof: _proof, ...withoutProof } = transfer;
    expect(ClientTransactionSchema.safeParse(withoutProof).success).toBe(false);
  });
});

describe('mock rollup proof', () => {
  it('starts with abi.encode(feeSum)', () => {
    const proof = mockRollupProof(123n);
    expect(proof).toBe(`0x${toHex64(123n)}`);
    expect(rollupProofFeeSum(`${proof}deadbeef`)).toBe(123n);
  });
});
