// Run by tests/report/failure-report.test.ts only: one test per kind of failure, and one that passes, so that the
// parent can read what the Allure results say about each (steps, labels, category).
import { describe, expect, it } from 'vitest';
import { expectL1Change } from '../../../fixtures/expectations/l1-accounting';
import { WaitTimeoutError } from '../../../fixtures/waits/errors';
import { l1Reader, l1Snapshot, WGAS } from '../../support/doubles/ledger-user';

const bob = l1Reader('bob');
const snapshot = (native: bigint, wgas: bigint) => l1Snapshot(native, { WGAS: wgas }, 1n);
const payout = {
  before: snapshot(10n ** 18n, 0n),
  after: snapshot(10n ** 18n - 21_000n, 3n * 10n ** 17n),
  change: { native: -21_000n, tokens: { WGAS: 3n * 10n ** 17n } },
  gasPaid: 21_000n,
  transactions: [{ hash: '0x01', gasUsed: 21_000n, cost: 21_000n }],
};

describe('failures of every class', () => {
  it('passes with its assertions as sentences', async () => {
    expect(2, 'approve and escrow, sent by her own client').toBe(2);
    await expectL1Change(bob, payout, [WGAS], {
      native: -21_000n,
      tokens: { WGAS: 3n * 10n ** 17n },
      transactions: [{ what: 'de-escrow', hash: '0x01' }],
    });
  });

  it('a payout one wei short', async () => {
    await expectL1Change(bob, payout, [WGAS], {
      native: -21_000n,
      tokens: { WGAS: 3n * 10n ** 17n + 1n },
      transactions: [{ what: 'de-escrow', hash: '0x01' }],
    });
  });

  it('a wait that found no registered proposer', () => {
    throw new WaitTimeoutError({
      what: "alice's deposit request to be Confirmed",
      elapsedMs: 1_000,
      probes: 3,
      lastSeen: 'status Submitted',
      timeoutMs: 1_000,
      diagnosis: 'registered proposers: NONE: no proposer is registered, so no L2 block can be made',
    });
  });

  it('a bug of the harness', () => {
    const facts = JSON.parse('{}') as { deployment: { block: number } };
    expect(facts.deployment.block).toBe(1);
  });

  it('a test after a failed one', () => {
    throw new Error("prerequisite failed: Bob's withdrawal and its salt (see the withdraw test)");
  });
});
