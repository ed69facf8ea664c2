import { describe, expect, it } from 'vitest';
import { EMPTY_TREE_ROOT, fr254Display, LocalCommitmentTree } from './commitment-tree';

describe('LocalCommitmentTree', () => {
  it('computes each block’s own root while it holds every block from L2 block 0', () => {
    const tree = new LocalCommitmentTree();
    expect(tree.append(0, [1n, 2n], 0n)).toBe(0n);
    expect(tree.append(1, [3n], 0n)).toBe(0n);
    expect(tree.complete).toBe(true);
  });

  it('is whole again after a reset when the replay starts at block 0 (a restart while the counter was 0)', () => {
    const tree = new LocalCommitmentTree();
    tree.append(0, [1n], 0n);
    tree.reset();
    expect(tree.append(0, [1n], 0n)).toBe(0n);
    expect(tree.complete).toBe(true);
  });

  it('after a reset that skipped blocks, proves against roots no block carries', () => {
    const tree = new LocalCommitmentTree();
    tree.append(0, [1n], 0n);
    tree.reset();
    expect(tree.root).toBe(EMPTY_TREE_ROOT);
    expect(tree.root).not.toBe(0n);
    const afterOne = tree.append(1, [5n, 6n], 0n);
    expect(tree.complete).toBe(false);
    expect(afterOne).not.toBe(0n);
    expect(afterOne).not.toBe(EMPTY_TREE_ROOT);
    expect(tree.append(2, [7n], 0n)).not.toBe(afterOne);
  });

  it('gives the same broken root for the same later blocks (deterministic)', () => {
    const a = new LocalCommitmentTree();
    const b = new LocalCommitmentTree();
    expect(a.append(3, [9n], 0n)).toBe(b.append(3, [9n], 0n));
  });
});

describe('fr254Display', () => {
  it('prints the decimal integer as ark-ff does, zero as nothing', () => {
    expect(fr254Display(0n)).toBe('');
    expect(fr254Display(1234n)).toBe('1234');
  });
});
