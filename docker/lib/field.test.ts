import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BN254_R, HexFormatError, fitsBits, parseBytesHex, parseFieldHex, parseTokenIdHex, toHex64 } from './field';

const uint256 = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });

function hexError(f: () => unknown): HexFormatError {
  try {
    f();
  } catch (e) {
    if (e instanceof HexFormatError) return e;
    throw e;
  }
  throw new Error('expected a HexFormatError');
}

describe('parseFieldHex', () => {
  it('accepts an optional 0x prefix and any case, big-endian', () => {
    expect(parseFieldHex('0x01')).toBe(1n);
    expect(parseFieldHex('0100')).toBe(256n);
    expect(parseFieldHex('0xAbCd')).toBe(0xabcdn);
  });

  it('reads the empty string (and a bare 0x) as zero', () => {
    expect(parseFieldHex('')).toBe(0n);
    expect(parseFieldHex('0x')).toBe(0n);
  });

  it('rejects an odd number of digits like the real client', () => {
    for (const bad of ['0x1', '0x0', '123']) {
      const e = hexError(() => parseFieldHex(bad));
      expect(e.kind).toBe('InvalidHexFormat');
      expect(e.message).toBe('Invalid hex format');
    }
  });

  it('rejects non-hex characters and a 0X prefix', () => {
    expect(() => parseFieldHex('zz')).toThrow(HexFormatError);
    expect(() => parseFieldHex('0X01')).toThrow(HexFormatError);
    expect(() => parseFieldHex(' 01')).toThrow(HexFormatError);
  });

  it('reduces mod r', () => {
    expect(parseFieldHex(toHex64(BN254_R))).toBe(0n);
    expect(parseFieldHex(toHex64(BN254_R + 5n))).toBe(5n);
  });

  it('round-trips with toHex64 for every field element', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: BN254_R - 1n }), (x) => parseFieldHex(toHex64(x)) === x));
  });

  it('ignores left zero padding (0x + 40 hex and the 64-hex form of an address agree)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 160n) - 1n }), (a) => {
        const short = `0x${a.toString(16).padStart(40, '0')}`;
        return parseFieldHex(short) === parseFieldHex(toHex64(a));
      }),
    );
  });
});

describe('parseBytesHex', () => {
  it('decodes bytes in order', () => {
    expect([...parseBytesHex('0x00ff10')]).toEqual([0, 255, 16]);
  });

  it('rejects empty input, unlike parseFieldHex', () => {
    expect(hexError(() => parseBytesHex('')).kind).toBe('InvalidStringLength');
    expect(hexError(() => parseBytesHex('0x')).kind).toBe('InvalidStringLength');
  });

  it('distinguishes odd length from bad characters', () => {
    expect(hexError(() => parseBytesHex('abc')).kind).toBe('InvalidStringLength');
    expect(hexError(() => parseBytesHex('zz')).kind).toBe('InvalidString');
  });
});

describe('parseTokenIdHex', () => {
  it('accepts up to 32 bytes without reduction', () => {
    const max = (1n << 256n) - 1n;
    expect(parseTokenIdHex(`0x${'f'.repeat(64)}`)).toBe(max);
    expect(parseTokenIdHex('0x00')).toBe(0n);
  });

  it('rejects more than 32 bytes and odd lengths', () => {
    expect(hexError(() => parseTokenIdHex('00'.repeat(33))).kind).toBe('InvalidStringLength');
    expect(hexError(() => parseTokenIdHex('0x1')).kind).toBe('InvalidHexFormat');
  });

  it('round-trips any 256-bit value', () => {
    fc.assert(fc.property(uint256, (x) => parseTokenIdHex(toHex64(x)) === x));
  });
});

describe('toHex64', () => {
  it('writes 64 lowercase digits without prefix', () => {
    expect(toHex64(0xabn)).toBe(`${'0'.repeat(62)}ab`);
    fc.assert(fc.property(uint256, (x) => /^[0-9a-f]{64}$/.test(toHex64(x))));
  });

  it('refuses values outside 32 bytes', () => {
    expect(() => toHex64(-1n)).toThrow(RangeError);
    expect(() => toHex64(1n << 256n)).toThrow(RangeError);
  });
});

describe('fitsBits', () => {
  it('checks the 96-bit amount and 160-bit address limits at their edges', () => {
    expect(fitsBits((1n << 96n) - 1n, 96)).toBe(true);
    expect(fitsBits(1n << 96n, 96)).toBe(false);
    expect(fitsBits((1n << 160n) - 1n, 160)).toBe(true);
    expect(fitsBits(1n << 160n, 160)).toBe(false);
    expect(fitsBits(-1n, 96)).toBe(false);
  });
});
