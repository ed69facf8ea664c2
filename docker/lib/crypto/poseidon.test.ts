import { describe, expect, it } from 'vitest';
import { BN254_R } from '../field';
import { poseidon } from './poseidon';

describe('poseidon', () => {
  it('matches the circom reference value for [1, 2]', () => {
    // circomlibjs poseidon([1, 2]), the standard test value of circom's Poseidon constants
    expect(poseidon([1n, 2n])).toBe(7853200120776062878684798364095072458815029376092732009249414926327459813530n);
  });

  it('depends on arity and order', () => {
    expect(poseidon([1n, 2n])).not.toBe(poseidon([2n, 1n]));
    expect(poseidon([1n, 2n])).not.toBe(poseidon([1n, 2n, 0n]));
  });

  it('rejects unreduced inputs and unsupported arities', () => {
    expect(() => poseidon([BN254_R])).toThrow(RangeError);
    expect(() => poseidon([-1n])).toThrow(RangeError);
    expect(() => poseidon([])).toThrow(RangeError);
    expect(() => poseidon([1n, 2n, 3n, 4n, 5n, 6n, 7n])).toThrow(RangeError);
  });
});
