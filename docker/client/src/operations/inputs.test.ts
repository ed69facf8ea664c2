import { describe, expect, it } from 'vitest';
import { nfTokenId } from '../../../lib/crypto/commitment';
import { nfTokenIdFromHex, parseErcAddress, parseTokenTypeCode, RequestFailure } from './inputs';

describe('worker input parsing', () => {
  const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

  it('reads tokenType as a radix-16 u8, like u8::from_str_radix', () => {
    expect(parseTokenTypeCode('0')).toBe(0);
    expect(parseTokenTypeCode('3')).toBe(3);
    expect(parseTokenTypeCode('+1')).toBe(1);
    expect(parseTokenTypeCode('ff')).toBe(255);
    expect(parseTokenTypeCode('10')).toBe(16);
    for (const bad of ['', '0x0', '-1', '100', ' 1', '+'])
      expect(() => parseTokenTypeCode(bad), bad).toThrow(RequestFailure);
  });

  it('accepts an ERC address with or without 0x, left-padded or not, but only even-length and ≤ 160 bits', () => {
    const bare = token.slice(2).toLowerCase();
    expect(parseErcAddress(token)).toBe(token);
    expect(parseErcAddress(bare)).toBe(token);
    expect(parseErcAddress(`0x${'00'.repeat(12)}${bare}`)).toBe(token);
    for (const bad of ['', '0x', `0x0${bare}`, `0x01${bare}`])
      expect(() => parseErcAddress(bad), bad).toThrow(RequestFailure);
  });

  it('computes the same nf token id from any accepted spelling of address and token id', () => {
    const expected = nfTokenId(token, 0n);
    expect(nfTokenIdFromHex(token, '0x00')).toBe(expected);
    expect(nfTokenIdFromHex(token.slice(2), '00'.repeat(32))).toBe(expected);
    expect(nfTokenIdFromHex(token.toLowerCase(), '0x0000')).toBe(expected);
    expect(() => nfTokenIdFromHex(token, '0x0')).toThrow();
    expect(() => nfTokenIdFromHex(token, '')).toThrow();
  });
});
