import { describe, expect, it } from 'vitest';
import { escrowMsgValue } from './escrow-value';

describe("a deposit's msg.value (D2)", () => {
  it('is the fee alone when there is no deposit fee', () => {
    expect(escrowMsgValue(7n, 0n)).toBe(7n);
  });

  it('is twice the fee plus the deposit fee when there is one', () => {
    expect(escrowMsgValue(7n, 100n)).toBe(114n);
  });
});
