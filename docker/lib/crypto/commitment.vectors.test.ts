// The simulators' token ids held to ids the real contracts produced (fixtures/vectors/token-ids.json), the vectors the
// harness's own hashing (fixtures/l1-contracts/token-ids.ts) is held to.
import { describe, expect, it } from 'vitest';
import { tokenIdVectors } from '../../../fixtures/vectors/l1-contracts';
import { feeTokenId, nfSlotId, nfTokenId, nfTokenIdFromHex } from './commitment';

const vectors = tokenIdVectors();

describe('token ids against the real contracts', () => {
  for (const vector of vectors.nfTokenIds) {
    it(`nfTokenId of ${vector.standard} ${vector.ercAddress} #${vector.tokenId} (${vector.generation})`, () => {
      expect(nfTokenId(vector.ercAddress, vector.tokenId)).toBe(vector.nfTokenId);
      // The client API's spelling: the address as given, the id in the 64-hex form of deposits and withdrawals.
      expect(nfTokenIdFromHex(vector.ercAddress, vector.tokenId.toString(16).padStart(64, '0'))).toBe(vector.nfTokenId);
    });
  }
  for (const vector of vectors.nfSlotIds) {
    it(`nfSlotId of ERC-3525 ${vector.ercAddress} slot ${vector.slot} (${vector.generation})`, () => {
      expect(nfSlotId(vector.ercAddress, vector.slot)).toBe(vector.nfSlotId);
    });
  }
  for (const vector of vectors.feeTokenIds) {
    it(`feeTokenId of Nightfall ${vector.nightfall} (${vector.generation})`, () => {
      expect(feeTokenId(vector.nightfall)).toBe(vector.feeTokenId);
    });
  }
});
