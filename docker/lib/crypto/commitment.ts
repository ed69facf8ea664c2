// Token identifiers, commitments and nullifiers (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// lib/src/nf_token_id.rs:11-44, lib/src/shared_entities.rs:343-402; our Poseidon: docs/devnet.md, "How
// faithful the devnet is"). The contract computes nf ids and deposit keys too, so the hash layouts here must match
// docker/contracts/src.
import { encodeAbiParameters, keccak256, sha256, stringToHex, type Address, type Hex } from 'viem';
import { randomBytes } from 'node:crypto';
import { bytesToBigInt, modR, parseBytesHex } from '../field';
import { IDENTITY, type Point } from './curve';
import { poseidon } from './poseidon';

/** Domain separator of deposit nullifiers: keccak256("DEPOSIT_NULLIFIER_V1") mod r. */
export const DEPOSIT_NULLIFIER_DOMAIN = modR(BigInt(keccak256(stringToHex('DEPOSIT_NULLIFIER_V1'))));

/** ids are 252 bits so that they are always field elements. */
function shiftedHash(hash: Hex): bigint {
  return BigInt(hash) >> 4n;
}

function encodeAddressUint(address: Address, n: bigint): Hex {
  return encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [address, n]);
}

/** sha256(abi.encode(ercAddress, tokenId)) >> 4 — the L2 id of an (ERC contract, token id) pair. */
export function nfTokenId(ercAddress: Address, tokenId: bigint): bigint {
  return shiftedHash(sha256(encodeAddressUint(ercAddress, tokenId)));
}

/**
 * nfTokenId from the API's hex strings, parsed as the real client does (`Vec<u8>::from_hex_string`: optional 0x,
 * even length, non-empty — else HexFormatError): each part is left-padded to 32 bytes, longer parts are hashed whole.
 */
export function nfTokenIdFromHex(ercAddressHex: string, tokenIdHex: string): bigint {
  const pad = (bytes: Uint8Array) => {
    const out = new Uint8Array(Math.max(32, bytes.length));
    out.set(bytes, out.length - bytes.length);
    return out;
  };
  const [erc, id] = [pad(parseBytesHex(ercAddressHex)), pad(parseBytesHex(tokenIdHex))];
  const joined = new Uint8Array(erc.length + id.length);
  joined.set(erc);
  joined.set(id, erc.length);
  return shiftedHash(sha256(joined));
}

/** ERC-3525 only: keccak256(abi.encode(ercAddress, slot)) >> 4. For every other token type nf_slot_id = nf_token_id. */
export function nfSlotId(ercAddress: Address, slot: bigint): bigint {
  return shiftedHash(keccak256(encodeAddressUint(ercAddress, slot)));
}

/** keccak256(abi.encode(nightfallAddress, uint256(0))) >> 4 — the id of fee commitments (keccak, unlike nfTokenId). */
export function feeTokenId(nightfallAddress: Address): bigint {
  return shiftedHash(keccak256(encodeAddressUint(nightfallAddress, 0n)));
}

export interface CommitmentPreimage {
  readonly nfTokenId: bigint;
  readonly nfSlotId: bigint;
  readonly value: bigint;
  /** Owner; the identity point for deposits. */
  readonly publicKey: Point;
  /** Transfer: the KEM-derived salt; deposit: the secret hash. */
  readonly salt: bigint;
}

export function commitmentHash(p: CommitmentPreimage): bigint {
  return poseidon([p.nfTokenId, p.nfSlotId, p.value, p.publicKey.x, p.publicKey.y, p.salt]);
}

/** Nullifier of a commitment: Poseidon(key, commitment), the key being the owner's nullifier key (or, for a deposit
 * commitment on head builds, depositNullifierKey of its secret). */
export function nullifier(nullifierKey: bigint, commitment: bigint): bigint {
  return poseidon([nullifierKey, commitment]);
}

/** A uniformly random field element; 64 random bytes make the mod-r bias negligible. */
export function randomFieldElement(): bigint {
  return modR(bytesToBigInt(randomBytes(64)));
}

/** The three random preimages behind a deposit's secret hash; whoever knows them can spend the deposit. */
export interface DepositSecret {
  readonly preimageOne: bigint;
  readonly preimageTwo: bigint;
  readonly preimageThree: bigint;
}

export function newDepositSecret(): DepositSecret {
  return { preimageOne: randomFieldElement(), preimageTwo: randomFieldElement(), preimageThree: randomFieldElement() };
}

/** Poseidon(s1, s2, s3): the `secretHash` passed to escrow_funds and the salt of the deposit commitment. */
export function depositSecretHash(s: DepositSecret): bigint {
  return poseidon([s.preimageOne, s.preimageTwo, s.preimageThree]);
}

/**
 * Poseidon(s1, s2, s3, DEPOSIT_NULLIFIER_DOMAIN): on head builds the key that nullifies a deposit commitment in place
 * of the owner's nullifier key (the nullifier itself is still `nullifier(key, commitment)`).
 */
export function depositNullifierKey(s: DepositSecret): bigint {
  return poseidon([s.preimageOne, s.preimageTwo, s.preimageThree, DEPOSIT_NULLIFIER_DOMAIN]);
}

/** Matches the contract's DepositCommitment struct (docker/contracts/abi.ts). */
export interface DepositData {
  readonly nfTokenId: bigint;
  readonly nfSlotId: bigint;
  readonly value: bigint;
  readonly secretHash: bigint;
}

/** The commitment a deposit becomes: owner = identity (0, 1), salt = secret hash. */
export function depositCommitment(d: DepositData): bigint {
  return commitmentHash({
    nfTokenId: d.nfTokenId,
    nfSlotId: d.nfSlotId,
    value: d.value,
    publicKey: IDENTITY,
    salt: d.secretHash,
  });
}

/** sha256(abi.encode(DepositCommitment)) >> 4: the escrow key the contract stores and a deposit slot redeems. */
export function depositKey(d: DepositData): bigint {
  const encoded = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }, { type: 'uint256' }],
    [d.nfTokenId, d.nfSlotId, d.value, d.secretHash],
  );
  return shiftedHash(sha256(encoded));
}
