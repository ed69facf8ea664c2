import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BN254_R } from '../field';
import { SUBGROUP_ORDER, compressPointToWord, scalarToPublic } from './curve';
import { commitmentHash } from './commitment';
import { encryptToRecipient, packCompressedSecrets, tryDecrypt, unpackCompressedSecrets, type Words4 } from './kem';

const field = fc.bigInt({ min: 0n, max: BN254_R - 1n });
const scalar = fc.bigInt({ min: 1n, max: SUBGROUP_ORDER - 1n });

function keysOf(zkpPrivateKey: bigint) {
  return { zkpPrivateKey, zkpPublicKey: scalarToPublic(zkpPrivateKey) };
}

describe('encryptToRecipient / tryDecrypt', () => {
  it('round-trips: the recipient recovers the exact preimage and commitment', () => {
    fc.assert(
      fc.property(field, field, fc.bigInt({ min: 0n, max: (1n << 96n) - 1n }), scalar, (id, slot, value, priv) => {
        const recipient = keysOf(priv);
        const sent = encryptToRecipient({ nfTokenId: id, nfSlotId: slot, value }, recipient.zkpPublicKey);
        expect(sent.commitment).toBe(commitmentHash(sent.preimage));
        expect(tryDecrypt(recipient, sent.publicData, sent.commitment)).toEqual(sent.preimage);
      }),
      { numRuns: 8 },
    );
  });

  it('rejects a wrong key', () => {
    fc.assert(
      fc.property(scalar, scalar, (a, b) => {
        fc.pre(a !== b);
        const sent = encryptToRecipient({ nfTokenId: 1n, nfSlotId: 1n, value: 7n }, keysOf(a).zkpPublicKey);
        expect(tryDecrypt(keysOf(b), sent.publicData, sent.commitment)).toBeNull();
      }),
      { numRuns: 5 },
    );
  });

  it('rejects a slot whose commitment is not the encrypted one, or whose ciphertext was altered', () => {
    const me = keysOf(777n);
    const sent = encryptToRecipient({ nfTokenId: 1n, nfSlotId: 1n, value: 7n }, me.zkpPublicKey);
    expect(tryDecrypt(me, sent.publicData, sent.commitment + 1n)).toBeNull();
    const [c0, c1, c2, e] = sent.publicData;
    expect(tryDecrypt(me, [c0, c1, (c2 + 1n) % BN254_R, e], sent.commitment)).toBeNull();
  });

  it('returns null, not an error, for public data that holds no valid ephemeral key', () => {
    const me = keysOf(777n);
    const withdrawLike: Words4 = [5n, 0xabcn, 10n, 0n];
    expect(tryDecrypt(me, withdrawLike, 123n)).toBeNull();
    expect(tryDecrypt(me, [0n, 0n, 0n, 1n], 123n)).toBeNull(); // identity as ephemeral key
  });

  it('salts with the shared secret, so the same secrets encrypt to different commitments', () => {
    const pk = keysOf(5n).zkpPublicKey;
    const secrets = { nfTokenId: 1n, nfSlotId: 1n, value: 7n };
    expect(encryptToRecipient(secrets, pk).commitment).not.toBe(encryptToRecipient(secrets, pk).commitment);
  });

  it('puts the compressed ephemeral key in the last public-data word', () => {
    const sent = encryptToRecipient({ nfTokenId: 1n, nfSlotId: 1n, value: 7n }, keysOf(5n).zkpPublicKey, 99n);
    expect(sent.publicData[3]).toBe(compressPointToWord(scalarToPublic(99n)));
    expect(sent.cipherText).toEqual(unpackCompressedSecrets(sent.publicData));
  });
});

describe('compressed secrets packing (5 wire words ↔ 4 on-chain words)', () => {
  it('round-trips', () => {
    fc.assert(
      fc.property(
        field,
        field,
        field,
        fc.bigInt({ min: 0n, max: (1n << 255n) - 1n }),
        fc.constantFrom(0n, 1n),
        (a, b, c, y, s) => {
          const words = [a, b, c, y, s] as const;
          expect(unpackCompressedSecrets(packCompressedSecrets(words))).toEqual(words);
        },
      ),
    );
  });

  it('rejects a sign flag other than 0/1 and a y word that would collide with it', () => {
    expect(() => packCompressedSecrets([0n, 0n, 0n, 1n, 2n])).toThrow(RangeError);
    expect(() => packCompressedSecrets([0n, 0n, 0n, 1n << 255n, 0n])).toThrow(RangeError);
  });
});
