import { describe, expect, it } from 'vitest';
import { SelectionError, SelectionFailure, selectCommitments, type Candidate } from './selection';

const coins = (...values: number[]): Candidate[] => values.map((v, i) => ({ hash: BigInt(i + 1), value: BigInt(v) }));
const pick = (available: Candidate[], target: number) =>
  selectCommitments(available, BigInt(target))
    .map((c) => Number(c.value))
    .sort((a, b) => a - b);

describe('selectCommitments (commitment_selection.rs)', () => {
  it('prefers two dust commitments with zero change over one exact-or-larger commitment', () => {
    // The real client's own case 1: values 1,2,3,4, target 3 → [1,2] (same change as [3], more inputs).
    expect(pick(coins(1, 2, 3, 4), 3)).toEqual([1, 2]);
  });

  it('prefers the subset with the least change', () => {
    // The real client's case 2: fees 1,2,5,3,6, target 4 → [1,3].
    expect(pick(coins(1, 2, 5, 3, 6), 4)).toEqual([1, 3]);
  });

  it('uses a single commitment when it alone is closest', () => {
    expect(pick(coins(2, 10, 7), 7)).toEqual([7]);
  });

  it('combines the two largest when no single one suffices', () => {
    expect(pick(coins(3, 10), 12)).toEqual([3, 10]);
  });

  it('fails with "Not enough commitments to cover the value" when even the two largest fall short', () => {
    expect(() => selectCommitments(coins(1, 2, 3), 6n)).toThrow(new SelectionError(SelectionFailure.notEnough));
    expect(() => selectCommitments([], 1n)).toThrow(SelectionFailure.notEnough);
  });

  it('never uses more than two inputs even if three would cover the value', () => {
    expect(() => selectCommitments(coins(2, 2, 2), 5n)).toThrow(SelectionFailure.notEnough);
  });

  it('covers a zero target with the smallest commitment', () => {
    expect(pick(coins(5, 1), 0)).toEqual([1]);
  });
});
