// Transfer secrets for a recipient (the real client's KEM-DEM, EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/driven/primitives/kemdem_functions.rs:14-58, with our own simple stream cipher): an ephemeral
// BabyJubJub key e gives a shared point S = e·R that only the recipient (priv·E) can recompute. S yields both the
// recipient commitment's salt and a Poseidon keystream that hides [nf_token_id, nf_slot_id, value]. The wire form has 5
// words [c0, c1, c2, E.y, sign(E.x)]; on chain they are packed into 4 (the last = compressed E), like
// lib/src/contract_conversions.rs.
import { keccak256, stringToHex } from 'viem';
import { modR, BN254_R } from '../field';
import {
  InvalidPublicKeyError,
  SUBGROUP_ORDER,
  compressPointToWord,
  decompressPointFromWord,
  mulPoint,
  scalarToPublic,
  type Point,
} from './curve';
import { commitmentHash, randomFieldElement, type CommitmentPreimage } from './commitment';
import { poseidon } from './poseidon';

/** keccak256("SHARED_SALT_DOMAIN") mod r: separates the salt from the keystream words (which use 0, 1, 2). */
const SHARED_SALT_DOMAIN = modR(BigInt(keccak256(stringToHex('SHARED_SALT_DOMAIN'))));

export type Words4 = readonly [bigint, bigint, bigint, bigint];
export type Words5 = readonly [bigint, bigint, bigint, bigint, bigint];

/** What a transfer tells its recipient; with the recipient's own key and the derived salt it makes the commitment. */
export interface TransferSecrets {
  readonly nfTokenId: bigint;
  readonly nfSlotId: bigint;
  readonly value: bigint;
}

export interface EncryptedTransfer {
  /** The recipient's commitment preimage (salt included): the sender needs it to build commitments[0]. */
  readonly preimage: CommitmentPreimage;
  readonly commitment: bigint;
  /** ClientTransaction.compressed_secrets.cipher_text. */
  readonly cipherText: Words5;
  /** OnChainTransaction.public_data. */
  readonly publicData: Words4;
}

const SIGN_BIT = 1n << 255n;

/** [c0, c1, c2, y, sign] → [c0, c1, c2, y | sign << 255]. */
export function packCompressedSecrets(cipherText: Words5): Words4 {
  const [c0, c1, c2, y, sign] = cipherText;
  if (sign !== 0n && sign !== 1n) throw new RangeError(`compressed secrets sign flag must be 0 or 1, got ${sign}`);
  if (y >= SIGN_BIT) throw new RangeError('compressed secrets y word must be below 2^255');
  return [c0, c1, c2, y | (sign << 255n)];
}

/** Inverse of packCompressedSecrets. */
export function unpackCompressedSecrets(publicData: Words4): Words5 {
  const [c0, c1, c2, packed] = publicData;
  return [c0, c1, c2, packed & (SIGN_BIT - 1n), packed >> 255n];
}

function sharedSalt(shared: Point): bigint {
  return poseidon([shared.x, shared.y, SHARED_SALT_DOMAIN]);
}

function keystream(shared: Point, i: bigint): bigint {
  return poseidon([shared.x, shared.y, i]);
}

function randomSubgroupScalar(): bigint {
  // A field element mod the subgroup order is close enough to uniform; zero would leak the plaintext.
  const e = randomFieldElement() % SUBGROUP_ORDER;
  return e === 0n ? 1n : e;
}

/**
 * Encrypts the secrets of commitments[0] to `recipient` (an already validated, decompressed public key).
 * `ephemeralKey` is for tests only; by default it is fresh randomness.
 */
export function encryptToRecipient(
  secrets: TransferSecrets,
  recipient: Point,
  ephemeralKey: bigint = randomSubgroupScalar(),
): EncryptedTransfer {
  const shared = mulPoint(recipient, ephemeralKey);
  const preimage: CommitmentPreimage = { ...secrets, publicKey: recipient, salt: sharedSalt(shared) };
  const plain = [secrets.nfTokenId, secrets.nfSlotId, secrets.value] as const;
  const [c0, c1, c2] = plain.map((m, i) => (m + keystream(shared, BigInt(i))) % BN254_R) as [bigint, bigint, bigint];
  const publicData: Words4 = [c0, c1, c2, compressPointToWord(scalarToPublic(ephemeralKey))];
  return {
    preimage,
    commitment: commitmentHash(preimage),
    cipherText: unpackCompressedSecrets(publicData),
    publicData,
  };
}

export interface RecipientKeys {
  readonly zkpPrivateKey: bigint;
  readonly zkpPublicKey: Point;
}

/**
 * Trial-decrypts a transfer slot's public data. Returns the preimage (with salt) iff it rebuilds `commitment0` under
 * our own public key — i.e. the transfer is ours; null for anyone else's slot or garbage.
 */
export function tryDecrypt(keys: RecipientKeys, publicData: Words4, commitment0: bigint): CommitmentPreimage | null {
  let ephemeral: Point;
  try {
    ephemeral = decompressPointFromWord(publicData[3]);
  } catch (e) {
    if (e instanceof InvalidPublicKeyError) return null;
    throw e;
  }
  if (publicData.slice(0, 3).some((c) => c >= BN254_R)) return null;
  const shared = mulPoint(ephemeral, keys.zkpPrivateKey);
  const [nfTokenId, nfSlotId, value] = publicData.slice(0, 3).map((c, i) => modR(c - keystream(shared, BigInt(i)))) as [
    bigint,
    bigint,
    bigint,
  ];
  const preimage: CommitmentPreimage = {
    nfTokenId,
    nfSlotId,
    value,
    publicKey: keys.zkpPublicKey,
    salt: sharedSalt(shared),
  };
  return commitmentHash(preimage) === commitment0 ? preimage : null;
}
