// Which commitments pay for a transfer or withdraw: the real client's find_usable_commitments, ported rule for rule
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/services/commitment_selection.rs:32-280). At
// most two inputs; among the candidate subsets the least change wins, then the subset with more inputs (it sweeps
// dust). Pure: the caller reserves what this returns.

const MAX_INPUTS = 2;

export interface Candidate {
  readonly hash: bigint;
  readonly value: bigint;
}

/** The messages the real selection fails with (they end up in the worker's log as the reason of `Failed`). */
export const SelectionFailure = {
  notEnough: 'Not enough commitments to cover the value',
  tooManyDust: 'Too many dust commitments found; only up to two commitments can be used to cover the value',
  noMatch: 'Failed to find a matching commitment',
  noSubset: 'No valid subsets found',
} as const;

export class SelectionError extends Error {
  override readonly name = 'SelectionError';
}

const total = (cs: readonly Candidate[]): bigint => cs.reduce((sum, c) => sum + c.value, 0n);

/** How many of the largest commitments are needed to reach `target` (calculate_minimum_commitments). */
function minimumInputs(ascending: readonly Candidate[], target: bigint): number {
  let sum = 0n;
  let count = 0;
  for (const c of [...ascending].reverse().slice(0, MAX_INPUTS)) {
    sum += c.value;
    count += 1;
    if (sum >= target) return count;
  }
  throw new SelectionError(SelectionFailure.notEnough);
}

/** Best pair among commitments below the target: exact if possible, else the least overshoot (two pointers). */
function bestPair(target: bigint, below: readonly Candidate[]): Candidate[] {
  let lhs = 0;
  let rhs = below.length - 1;
  let best: Candidate[] = [];
  let bestChange: bigint | undefined;
  while (lhs < rhs) {
    const left = below[lhs]!;
    const right = below[rhs]!;
    const sum = left.value + right.value;
    if (sum === target) return [left, right];
    if (sum > target) {
      const change = sum - target;
      if (bestChange === undefined || change < bestChange) {
        bestChange = change;
        best = [left, right];
      }
      rhs -= 1;
    } else {
      lhs += 1;
    }
  }
  return best;
}

/** find_subset_commitments: a subset of size `n` (1 or 2), or [] when no pair of small ones reaches the target. */
function subsetOfSize(ascending: readonly Candidate[], target: bigint, n: number): Candidate[] {
  const below = ascending.filter((c) => c.value < target);
  if (below.length <= 1 || n === 1) {
    const single = ascending.find((c) => c.value >= target);
    if (!single) throw new SelectionError(SelectionFailure.noMatch);
    return [single];
  }
  if (n === 2 && total(below) >= target) return bestPair(target, below);
  return [];
}

/**
 * Chooses 1 or 2 of `available` (the Unspent commitments of one nf token id) to cover `target`.
 * Throws SelectionError with the real client's message when it cannot.
 */
export function selectCommitments(available: readonly Candidate[], target: bigint): Candidate[] {
  const ascending = [...available].sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  const min = minimumInputs(ascending, target);
  if (min > MAX_INPUTS) throw new SelectionError(SelectionFailure.tooManyDust);
  const max = Math.min(MAX_INPUTS, ascending.length);

  const subsets: Candidate[][] = [];
  if (min === MAX_INPUTS || max === 1) {
    subsets.push(subsetOfSize(ascending, target, min));
  } else {
    for (let n = min; n <= MAX_INPUTS; n += 1) {
      const subset = subsetOfSize(ascending, target, n);
      if (subset.length > 0) subsets.push(subset);
    }
  }
  // Least change first; equal change → more inputs (a stable sort keeps the real one's order otherwise).
  subsets.sort((a, b) => {
    const changeA = total(a) - target;
    const changeB = total(b) - target;
    if (changeA !== changeB) return changeA < changeB ? -1 : 1;
    return b.length - a.length;
  });
  const best = subsets[0];
  if (!best || best.length === 0) throw new SelectionError(SelectionFailure.noSubset);
  return best;
}
