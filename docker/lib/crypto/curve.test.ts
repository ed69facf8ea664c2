import fc from 'fast-check';
import { mulPointEscalar } from '@zk-kit/baby-jubjub';
import { describe, expect, it } from 'vitest';
import { BN254_R, HexFormatError, toHex64 } from '../field';
import {
  BASE8,
  IDENTITY,
  InvalidPublicKeyError,
  SUBGROUP_ORDER,
  addPoints,
  compressPointToWord,
  compressPublicKey,
  decompressPointFromWord,
  decompressPublicKey,
  decompressSubgroupPoint,
  mulPoint,
  scalarToPublic,
} from './curve';

const scalar = fc.bigInt({ min: 1n, max: SUBGROUP_ORDER - 1n });

describe('mulPoint', () => {
  it("agrees with @zk-kit/baby-jubjub's reference ladder", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }), (s) => {
        const [x, y] = mulPointEscalar([BASE8.x, BASE8.y], s);
        expect(mulPoint(BASE8, s)).toEqual({ x, y });
      }),
      { numRuns: 10 },
    );
  });

  it('is linear: (a + b)·G = a·G + b·G', () => {
    fc.assert(
      fc.property(scalar, scalar, (a, b) => {
        expect(scalarToPublic(a + b)).toEqual(addPoints(scalarToPublic(a), scalarToPublic(b)));
      }),
      { numRuns: 10 },
    );
  });

  it('maps the zero scalar to the identity', () => {
    expect(mulPoint(BASE8, 0n)).toEqual(IDENTITY);
  });
});

describe('compressed public keys', () => {
  it('round-trips every subgroup point except the identity', () => {
    fc.assert(
      fc.property(scalar, (s) => {
        const p = scalarToPublic(s);
        const hex = compressPublicKey(p);
        expect(hex).toMatch(/^[0-9a-f]{64}$/);
        expect(decompressPublicKey(hex)).toEqual(p);
        expect(decompressPublicKey(`0x${hex}`)).toEqual(p);
      }),
      { numRuns: 20 },
    );
  });

  it('sets bit 255 exactly when x > p − x', () => {
    const p = BASE8;
    const negated = { x: BN254_R - p.x, y: p.y };
    const [word, negatedWord] = [compressPointToWord(p), compressPointToWord(negated)];
    expect(word & ((1n << 255n) - 1n)).toBe(p.y);
    expect(word >> 255n).toBe(p.x > BN254_R - p.x ? 1n : 0n);
    expect(negatedWord >> 255n).toBe(1n - (word >> 255n));
    expect(decompressPointFromWord(negatedWord)).toEqual(negated);
  });

  it('encodes the identity as 000…0001 and refuses to decompress it', () => {
    expect(compressPublicKey(IDENTITY)).toBe(`${'0'.repeat(63)}1`);
    expect(() => decompressPublicKey(compressPublicKey(IDENTITY))).toThrow(InvalidPublicKeyError);
  });

  it('decompresses the identity where the caller decides about it, and nothing else that decompressPublicKey refuses', () => {
    expect(decompressSubgroupPoint(compressPublicKey(IDENTITY))).toEqual(IDENTITY);
    expect(decompressSubgroupPoint(compressPublicKey(BASE8))).toEqual(BASE8);
    const outside = addPoints(BASE8, { x: 0n, y: BN254_R - 1n });
    expect(() => decompressSubgroupPoint(compressPublicKey(outside))).toThrow(/subgroup/);
    expect(() => decompressSubgroupPoint('ff'.repeat(32))).toThrow(InvalidPublicKeyError);
  });

  it('rejects y values with no point on the curve', () => {
    // about half of all y have no x; find one deterministically
    let y = 2n;
    while (
      (() => {
        try {
          decompressPointFromWord(y);
          return true;
        } catch {
          return false;
        }
      })()
    )
      y++;
    expect(() => decompressPointFromWord(y)).toThrow(InvalidPublicKeyError);
  });

  it('rejects points outside the prime-order subgroup', () => {
    // (0, −1) has order 2; adding it to a subgroup point leaves the subgroup
    const outside = addPoints(BASE8, { x: 0n, y: BN254_R - 1n });
    expect(() => decompressPublicKey(compressPublicKey(outside))).toThrow(/subgroup/);
  });

  it('rejects y ≥ r and malformed hex', () => {
    expect(() => decompressPointFromWord(BN254_R)).toThrow(InvalidPublicKeyError);
    expect(() => decompressPublicKey('ab')).toThrow(HexFormatError);
    expect(() => decompressPublicKey(toHex64(1n).slice(1))).toThrow(HexFormatError);
  });

  it('has Base8 in the subgroup of the documented order', () => {
    expect(mulPoint(BASE8, SUBGROUP_ORDER)).toEqual(IDENTITY);
  });
});
