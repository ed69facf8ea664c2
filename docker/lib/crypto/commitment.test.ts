import fc from 'fast-check';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { describe, expect, it } from 'vitest';
import { BN254_R, HexFormatError, bytesToBigInt, parseBytesHex, toHex64 } from '../field';
import {
  DEPOSIT_NULLIFIER_DOMAIN,
  commitmentHash,
  depositCommitment,
  depositKey,
  depositNullifierKey,
  depositSecretHash,
  feeTokenId,
  newDepositSecret,
  nfSlotId,
  nfTokenId,
  nfTokenIdFromHex,
  nullifier,
  randomFieldElement,
} from './commitment';
import { IDENTITY, scalarToPublic } from './curve';
import { poseidon } from './poseidon';

const ERC20 = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const NIGHTFALL = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

/** pad32(a) ‖ pad32(b) written by hand, to check the abi.encode layout independently. */
function pad32Concat(address: string, n: bigint): Uint8Array {
  return parseBytesHex(`${address.slice(2).toLowerCase().padStart(64, '0')}${toHex64(n)}`);
}

describe('token ids', () => {
  it('nfTokenId = sha256(pad32(erc) ‖ pad32(tokenId)) >> 4', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), (tokenId) => {
        const expected = bytesToBigInt(sha256(pad32Concat(ERC20, tokenId))) >> 4n;
        return nfTokenId(ERC20, tokenId) === expected && expected < 1n << 252n;
      }),
      { numRuns: 50 },
    );
  });

  it('nfSlotId (ERC-3525) = keccak256(pad32(erc) ‖ pad32(slot)) >> 4', () => {
    expect(nfSlotId(ERC20, 7n)).toBe(bytesToBigInt(keccak_256(pad32Concat(ERC20, 7n))) >> 4n);
    expect(nfSlotId(ERC20, 7n)).not.toBe(nfTokenId(ERC20, 7n));
  });

  it('feeTokenId uses keccak, so it differs from nfTokenId(nightfall, 0)', () => {
    expect(feeTokenId(NIGHTFALL)).toBe(bytesToBigInt(keccak_256(pad32Concat(NIGHTFALL, 0n))) >> 4n);
    expect(feeTokenId(NIGHTFALL)).not.toBe(nfTokenId(NIGHTFALL, 0n));
  });

  it('nfTokenIdFromHex parses API strings like the real client: padding and 0x do not matter', () => {
    expect(nfTokenIdFromHex(ERC20, '0x00')).toBe(nfTokenId(ERC20, 0n));
    expect(nfTokenIdFromHex(ERC20.slice(2), toHex64(5n))).toBe(nfTokenId(ERC20, 5n));
    expect(nfTokenIdFromHex(`0x000000000000000000000000${ERC20.slice(2)}`, '05')).toBe(nfTokenId(ERC20, 5n));
    expect(() => nfTokenIdFromHex(ERC20, '0x0')).toThrow(HexFormatError);
    expect(() => nfTokenIdFromHex(ERC20, '')).toThrow(HexFormatError);
  });

  it('ignores address checksum case', () => {
    expect(nfTokenId(ERC20.toLowerCase() as `0x${string}`, 1n)).toBe(nfTokenId(ERC20, 1n));
  });
});

describe('commitments and nullifiers', () => {
  const owner = scalarToPublic(12345n);
  const preimage = { nfTokenId: 1n, nfSlotId: 1n, value: 100n, publicKey: owner, salt: 42n };

  it('commitment = Poseidon(id, slot, value, pk.x, pk.y, salt)', () => {
    expect(commitmentHash(preimage)).toBe(poseidon([1n, 1n, 100n, owner.x, owner.y, 42n]));
    expect(commitmentHash({ ...preimage, value: 101n })).not.toBe(commitmentHash(preimage));
    expect(commitmentHash({ ...preimage, salt: 43n })).not.toBe(commitmentHash(preimage));
  });

  it('nullifier = Poseidon(nullifierKey, commitment)', () => {
    const c = commitmentHash(preimage);
    expect(nullifier(9n, c)).toBe(poseidon([9n, c]));
    expect(nullifier(9n, c)).not.toBe(nullifier(10n, c));
  });

  it('a deposit commitment is owned by the identity with the secret hash as salt', () => {
    const secret = newDepositSecret();
    const secretHash = depositSecretHash(secret);
    const d = { nfTokenId: 5n, nfSlotId: 5n, value: 10n, secretHash };
    expect(depositCommitment(d)).toBe(
      commitmentHash({ nfTokenId: 5n, nfSlotId: 5n, value: 10n, publicKey: IDENTITY, salt: secretHash }),
    );
    expect(secretHash).toBe(poseidon([secret.preimageOne, secret.preimageTwo, secret.preimageThree]));
  });

  it('a deposit nullifier is domain-separated from the secret hash', () => {
    const secret = newDepositSecret();
    expect(depositNullifierKey(secret)).toBe(
      poseidon([secret.preimageOne, secret.preimageTwo, secret.preimageThree, DEPOSIT_NULLIFIER_DOMAIN]),
    );
    expect(DEPOSIT_NULLIFIER_DOMAIN).toBe(bytesToBigInt(keccak_256('DEPOSIT_NULLIFIER_V1')) % BN254_R);
  });

  it('deposit secrets are fresh field elements', () => {
    const [a, b] = [newDepositSecret(), newDepositSecret()];
    expect(a.preimageOne).not.toBe(b.preimageOne);
    for (const x of Object.values(a)) expect(x).toBeLessThan(BN254_R);
    expect(randomFieldElement()).not.toBe(randomFieldElement());
  });
});

describe('depositKey', () => {
  it('is sha256 of the four words >> 4 and binds every field', () => {
    const d = { nfTokenId: 1n, nfSlotId: 2n, value: 3n, secretHash: 4n };
    const bytes = parseBytesHex([1n, 2n, 3n, 4n].map(toHex64).join(''));
    expect(depositKey(d)).toBe(bytesToBigInt(sha256(bytes)) >> 4n);
    expect(depositKey({ ...d, value: 5n })).not.toBe(depositKey(d));
  });
});
