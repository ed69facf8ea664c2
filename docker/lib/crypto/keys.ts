// ZKP key derivation as the real client does it (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// lib/src/derive_key.rs:122-162): BIP39 seed (no passphrase) → BIP32 secp256k1 private key at the child path → mod r =
// root key; nullifier key and ZKP private key are Poseidon hashes of the root key with fixed domain prefixes; the
// public key is privateKey · Base8 on BabyJubJub.
import { pbkdf2 } from 'node:crypto';
import { promisify } from 'node:util';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english';
import { keccak256, stringToHex } from 'viem';
import { bytesToBigInt, modR } from '../field';
import { SUBGROUP_ORDER, scalarToPublic, type Point } from './curve';
import { poseidon } from './poseidon';

export { compressPublicKey, decompressPublicKey } from './curve';

/** keccak256("nullifierKey") mod r and keccak256("zkpPrivateKey") mod r (derive_key.rs's NULLIFIER/PRIVATE_KEY_PREFIX). */
export const NULLIFIER_PREFIX = modR(BigInt(keccak256(stringToHex('nullifierKey'))));
export const PRIVATE_KEY_PREFIX = modR(BigInt(keccak256(stringToHex('zkpPrivateKey'))));

/** The bip32 crate the real client uses only accepts 24-word phrases. */
const MNEMONIC_WORDS = 24;
/** `m` followed by indices, `'` marks hardened ones — the bip32 crate's DerivationPath syntax. */
const CHILD_PATH = /^m(\/\d+'?)*$/;
const HARDENED_OFFSET = 2 ** 31;

/** The real client's `BadKeyRequest` rejection: a mnemonic or child path it cannot use. */
export class BadKeyRequest extends Error {
  override readonly name = 'BadKeyRequest';
}

export interface ZkpKeys {
  /** BN254 field element. */
  readonly rootKey: bigint;
  /** BN254 field element; nullifiers of owned commitments are Poseidon(nullifierKey, commitment). */
  readonly nullifierKey: bigint;
  /** BabyJubJub scalar (mod the subgroup order). */
  readonly zkpPrivateKey: bigint;
  readonly zkpPublicKey: Point;
}

/** Derives the key set from a 24-word English BIP39 mnemonic and a BIP32 path such as `m/44'/60'/0'/0/0`. */
export function deriveKeys(mnemonic: string, childPath: string): ZkpKeys {
  return keysFromRootKey(deriveRootKey(mnemonic, childPath));
}

/**
 * deriveKeys for a server: the BIP39 seed (PBKDF2-HMAC-SHA512, 2048 rounds) is computed by node's native crypto on
 * the libuv thread pool instead of in JavaScript on the event loop, where it cost 80–150 ms of CPU per call in a
 * fresh client process (most of a derivation) while nothing else of the client could run. The real client derives
 * in native code, inline in its async handler (EYBlockchain/nightfall_4_CE @ plume_testnet_client 4e84c58 :
 * nightfall_client/src/drivers/derive_key.rs:145-156). Same result as deriveKeys (keys.test.ts).
 */
export async function deriveKeysAsync(
  mnemonic: string,
  childPath: string,
  print?: (line: string) => void,
): Promise<ZkpKeys> {
  assertKeyRequest(mnemonic, childPath);
  const seed = await bip39SeedNative(mnemonic);
  // The plume client prints both to stdout on every derivation (EYBlockchain/nightfall_4_CE @ plume_testnet_client
  // 4e84c58 : nightfall_client/src/drivers/derive_key.rs:150,153): the seed in hex, the root key as a decimal Fr254.
  print?.(`Mnemonic seed: ${Buffer.from(seed).toString('hex')}`);
  const rootKey = rootKeyFromSeed(seed, childPath);
  print?.(`Derived root key: ${rootKey}`);
  return keysFromRootKey(rootKey);
}

export function deriveRootKey(mnemonic: string, childPath: string): bigint {
  assertKeyRequest(mnemonic, childPath);
  return rootKeyFromSeed(mnemonicToSeedSync(mnemonic, ''), childPath);
}

function assertKeyRequest(mnemonic: string, childPath: string): void {
  // Messages never echo the mnemonic: it is a secret.
  if (mnemonic.split(' ').length !== MNEMONIC_WORDS || !validateMnemonic(mnemonic, english)) {
    throw new BadKeyRequest(`mnemonic must be a valid ${MNEMONIC_WORDS}-word English BIP39 phrase`);
  }
  assertChildPath(childPath);
}

const pbkdf2Native = promisify(pbkdf2);
/** BIP39's seed rule: PBKDF2-HMAC-SHA512(NFKD(mnemonic), "mnemonic" + NFKD(passphrase = ""), 2048 rounds, 64 bytes). */
const BIP39_ROUNDS = 2048;
const BIP39_SEED_BYTES = 64;

async function bip39SeedNative(mnemonic: string): Promise<Uint8Array> {
  return pbkdf2Native(mnemonic.normalize('NFKD'), 'mnemonic', BIP39_ROUNDS, BIP39_SEED_BYTES, 'sha512');
}

function rootKeyFromSeed(seed: Uint8Array, childPath: string): bigint {
  const privateKey = HDKey.fromMasterSeed(seed).derive(childPath).privateKey;
  if (!privateKey) throw new BadKeyRequest('BIP32 derivation produced no private key');
  return modR(bytesToBigInt(privateKey));
}

function assertChildPath(childPath: string): void {
  if (!CHILD_PATH.test(childPath)) throw new BadKeyRequest(`invalid BIP32 child path: ${JSON.stringify(childPath)}`);
  for (const segment of childPath.split('/').slice(1)) {
    if (Number.parseInt(segment, 10) >= HARDENED_OFFSET) {
      throw new BadKeyRequest(`BIP32 child index out of range in path: ${JSON.stringify(childPath)}`);
    }
  }
}

/** The rest of the key set from a root key (ZKPKeys::new). */
export function keysFromRootKey(rootKey: bigint): ZkpKeys {
  const nullifierKey = poseidon([rootKey, NULLIFIER_PREFIX]);
  const zkpPrivateKey = poseidon([rootKey, PRIVATE_KEY_PREFIX]) % SUBGROUP_ORDER;
  return { rootKey, nullifierKey, zkpPrivateKey, zkpPublicKey: scalarToPublic(zkpPrivateKey) };
}
