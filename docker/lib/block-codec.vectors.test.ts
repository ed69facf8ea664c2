// The simulators' block codec held to blocks the real contracts accepted (fixtures/vectors/propose-block.json): the
// same vectors the harness's own codec (fixtures/l1-contracts/propose-block.ts) is held to.
import { describe, expect, it } from 'vitest';
import {
  expectedKinds,
  expectedSlots,
  expectedWithdrawData,
  proposeBlockVectors,
} from '../../fixtures/vectors/l1-contracts';
import { decodeProposeBlock, encodeProposeBlock, rollupProofFeeSum, slotKind, withdrawDataOf } from './block-codec';

describe('block codec against propose_block calldata of the real contracts', () => {
  for (const vector of proposeBlockVectors()) {
    describe(vector.name, () => {
      const block = decodeProposeBlock(vector.calldata);

      it('decodes the block', () => {
        expect(block.commitments_root).toBe(vector.block.commitmentsRoot);
        expect(block.nullifier_root).toBe(vector.block.nullifierRoot);
        expect(block.commitments_root_root).toBe(vector.block.commitmentsRootRoot);
        expect(block.transactions).toEqual(expectedSlots(vector));
        expect(block.rollup_proof).toBe(vector.block.rollupProof);
        expect(rollupProofFeeSum(block.rollup_proof)).toBe(vector.block.feeSum);
      });

      it('encodes the block to exactly the calldata the contract took', () => {
        expect(encodeProposeBlock(block)).toBe(vector.calldata);
      });

      it('classifies every slot as the contract did', () => {
        expect(block.transactions.map(slotKind)).toEqual(expectedKinds(vector));
      });

      it("reads each withdrawal's claim as the contract keyed it", () => {
        for (const withdrawal of vector.block.withdrawals) {
          expect(withdrawDataOf(block.transactions[withdrawal.slot]!)).toEqual(expectedWithdrawData(withdrawal));
        }
      });
    });
  }
});
