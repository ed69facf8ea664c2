// The four outputs of a transfer or withdraw as the real client builds them (client_nf_3.rs handle_transfer /
// handle_withdraw): [recipient, change, fee to the contract, fee change]. A zero-value change or fee output is
// Preimage::default(); on chain such outputs are 0, and so is a withdraw's output 0 (the circuit burns it), while the
// client still maps all four client-side hashes to the request — why a fee-less exact withdraw never confirms
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/client_operation.rs:60-67).
import type { Words4, Words5 } from '../../../lib/block-codec';
import { randomFieldElement } from '../../../lib/crypto/commitment';
import type { Point } from '../../../lib/crypto/curve';
import { encryptToRecipient } from '../../../lib/crypto/kem';
import { DEFAULT_PREIMAGE, isDefaultPreimage, preimageHash, type Preimage } from '../commitments/model';

export type SpendTarget =
  | { readonly kind: 'transfer'; readonly recipient: Point }
  | { readonly kind: 'withdraw'; readonly recipientAddress: bigint };

export interface SpendOutputsInput {
  readonly target: SpendTarget;
  readonly nfTokenId: bigint;
  /** The slot of the first input (what the real client uses for outputs 0 and 1). */
  readonly nfSlotId: bigint;
  readonly value: bigint;
  readonly fee: bigint;
  readonly change: bigint;
  readonly feeChange: bigint;
  readonly feeTokenId: bigint;
  /** Owner of the fee output and of a withdraw's burnt output: the Nightfall contract as (0, address). */
  readonly contractOwner: Point;
  /** The sender's own public key: owner of the change outputs. */
  readonly ownKey: Point;
}

export interface SpendOutputs {
  readonly preimages: readonly [Preimage, Preimage, Preimage, Preimage];
  /** Client-side hashes of the four preimages: what gets mapped to the request. */
  readonly hashes: readonly [bigint, bigint, bigint, bigint];
  /** ClientTransaction.commitments: the hashes that will appear on chain (0 where nothing will). */
  readonly onChain: Words4;
  /** Transfer: the secrets encrypted to the recipient; withdraw: [nf_token_id, recipient, value, 0, 0]. */
  readonly cipherText: Words5;
}

const randomSalt = () => ({ type: 'Transfer' as const, value: randomFieldElement() });

function output(value: bigint, nfTokenId: bigint, nfSlotId: bigint, owner: Point): Preimage {
  return value === 0n ? DEFAULT_PREIMAGE : { value, nfTokenId, nfSlotId, publicKey: owner, salt: randomSalt() };
}

export function buildSpendOutputs(input: SpendOutputsInput): SpendOutputs {
  const { target, nfTokenId, nfSlotId, value, feeTokenId } = input;
  const encrypted =
    target.kind === 'transfer' ? encryptToRecipient({ nfTokenId, nfSlotId, value }, target.recipient) : undefined;
  const first: Preimage = encrypted
    ? { ...encrypted.preimage, salt: { type: 'Transfer', value: encrypted.preimage.salt } }
    : { value, nfTokenId, nfSlotId, publicKey: input.contractOwner, salt: randomSalt() };
  const preimages = [
    first,
    output(input.change, nfTokenId, nfSlotId, input.ownKey),
    output(input.fee, feeTokenId, feeTokenId, input.contractOwner),
    output(input.feeChange, feeTokenId, feeTokenId, input.ownKey),
  ] as const;
  const hashes = [
    preimageHash(preimages[0]),
    preimageHash(preimages[1]),
    preimageHash(preimages[2]),
    preimageHash(preimages[3]),
  ] as const;
  const visible = (i: 0 | 1 | 2 | 3) => (isDefaultPreimage(preimages[i]) || (i === 0 && !encrypted) ? 0n : hashes[i]);
  return {
    preimages,
    hashes,
    onChain: [visible(0), visible(1), visible(2), visible(3)],
    cipherText: encrypted
      ? encrypted.cipherText
      : [nfTokenId, target.kind === 'withdraw' ? target.recipientAddress : 0n, value, 0n, 0n],
  };
}
