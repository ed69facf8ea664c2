import { describe, expect, it } from 'vitest';
import { IDENTITY } from '../../../lib/crypto/curve';
import { commitmentEntryJson } from './entry-json';
import type { CommitmentRecord } from './model';

const deposit: CommitmentRecord = {
  hash: 0xabn,
  preimage: {
    value: 5n,
    nfTokenId: 7n,
    nfSlotId: 7n,
    publicKey: IDENTITY,
    salt: { type: 'Deposit', value: { preimageOne: 1n, preimageTwo: 2n, preimageThree: 3n } },
  },
  status: 'Unspent',
  nullifier: 9n,
  tokenType: 'ERC20',
  layer1TransactionHash: `0x${'12'.repeat(32)}`,
  layer2BlockNumber: 3,
};
const h = (n: number) => n.toString(16).padStart(64, '0');

describe('CommitmentEntry JSON', () => {
  it('serialises like serde in declaration order, 64-hex words, the salt adjacently tagged (plume: no token_type)', () => {
    const json = commitmentEntryJson(deposit, false);
    expect(JSON.stringify(json)).toBe(
      JSON.stringify({
        preimage: {
          value: h(5),
          nf_token_id: h(7),
          nf_slot_id: h(7),
          public_key: h(1),
          salt: { type: 'Deposit', value: { preimage_one: h(1), preimage_two: h(2), preimage_three: h(3) } },
        },
        status: 'Unspent',
        _id: h(0xab),
        nullifier: h(9),
        layer_1_transaction_hash: `0x${'12'.repeat(32)}`,
        layer_2_block_number: 3,
      }),
    );
  });

  it('puts token_type between nullifier and the L1 hash in the head build', () => {
    expect(Object.keys(commitmentEntryJson(deposit, true))).toEqual([
      'preimage',
      'status',
      '_id',
      'nullifier',
      'token_type',
      'layer_1_transaction_hash',
      'layer_2_block_number',
    ]);
  });
});
