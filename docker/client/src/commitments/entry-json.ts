// A commitment as GET /v1/commitment(s) return it: the real client's CommitmentEntry serialised by serde
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/driven/db/mongo.rs:294-313) — fields in
// declaration order, field elements as 64 hex without 0x, the salt adjacently tagged.
import { toHex64 } from '../../../lib/field';
import { compressPublicKey } from '../../../lib/crypto/curve';
import type { CommitmentRecord, Preimage, Salt } from './model';

function saltJson(salt: Salt): unknown {
  if (salt.type === 'Transfer') return { type: 'Transfer', value: toHex64(salt.value) };
  const s = salt.value;
  return {
    type: 'Deposit',
    value: {
      preimage_one: toHex64(s.preimageOne),
      preimage_two: toHex64(s.preimageTwo),
      preimage_three: toHex64(s.preimageThree),
    },
  };
}

function preimageJson(p: Preimage): Record<string, unknown> {
  return {
    value: toHex64(p.value),
    nf_token_id: toHex64(p.nfTokenId),
    nf_slot_id: toHex64(p.nfSlotId),
    public_key: compressPublicKey(p.publicKey),
    salt: saltJson(p.salt),
  };
}

/** `withTokenType`: the head build's entry has `token_type` between `nullifier` and the L1 hash. */
export function commitmentEntryJson(c: CommitmentRecord, withTokenType: boolean): Record<string, unknown> {
  return {
    preimage: preimageJson(c.preimage),
    status: c.status,
    _id: toHex64(c.hash),
    nullifier: toHex64(c.nullifier),
    ...(withTokenType ? { token_type: c.tokenType ?? 'ERC20' } : {}),
    layer_1_transaction_hash: c.layer1TransactionHash,
    layer_2_block_number: c.layer2BlockNumber,
  };
}
