// A client container restarts between a private transfer and a withdrawal, its store kept (same container, same
// volume). What the user held must be intact — every commitment as it was, the same L2 balance — and the round trip
// completes: the withdrawal lands and its de-escrow pays out exactly the value on L1.
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { asAfterReplay, commitmentsByHash, expectL1Change, watchL1 } from '../../fixtures/expectations';
import { faultInjection, underFault } from '../../fixtures/faults';
import { attachJson, describeScenario, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { User } from '../../fixtures/users';

const target = underFault(currentTarget());
const token = target.tokens.find((t) => t.decimals === 18)!;
const AMOUNTS = { deposit: '3', transfer: '2', withdraw: '1' } as const;

describeScenario(
  { epic: 'Reliability', feature: 'Faults survived', story: 'Client restart', needs: [faultInjection(target)] },
  'a client restarts between transfer and withdraw, its store kept',
  () => {
    let cast: Cast | undefined;
    let alice: User;
    let bob: User;
    let restarted = false;

    setUp(async () => {
      cast = await startCast(target, ['alice', 'bob'], {
        tokens: { alice: { [token.symbol]: units(token, AMOUNTS.deposit) } },
        scenario: 'client restart',
      });
      [alice, bob] = cast.users as [User, User];
      // Set-up: Bob holds a private payment (and Alice her change) before his client restarts.
      const deposit = await alice.deposit(token, AMOUNTS.deposit);
      await deposit.reaches('Confirmed');
      const transfer = await alice.transfer(token, AMOUNTS.transfer, bob);
      await transfer.reaches('Confirmed');
      await bob.l2BalanceBecomes(token, units(token, AMOUNTS.transfer));
    });

    tearDown(async () => {
      await cast?.close();
    });

    reportCastPerTest(() => cast);

    it("after Bob's client restarts, his commitments and L2 balance are exactly what they were", async () => {
      const before = {
        commitments: commitmentsByHash(await bob.api.commitments()),
        balance: await bob.l2Balance(token),
      };
      expect(before.balance, 'the set-up gave Bob the transfer').toBe(units(token, AMOUNTS.transfer));
      const restart = await bob.restartClient();
      // A new process runs, not the old one resumed: docker's start time moved past the one before.
      expect(
        restart.startedAfter.getTime(),
        `started ${restart.startedBefore.toISOString()}, then ${restart.startedAfter.toISOString()}`,
      ).toBeGreaterThan(restart.startedBefore.getTime());
      restarted = true;
      const after = {
        commitments: commitmentsByHash(await bob.api.commitments()),
        balance: await bob.l2Balance(token),
      };
      await attachJson("Bob's commitments after the restart", after.commitments);
      expect(after.commitments).toEqual(asAfterReplay(before.commitments, after.commitments));
      expect(after.balance).toBe(before.balance);
    });

    it('after the restart Bob withdraws: the withdrawal lands and his L1 rises by exactly the value, less the de-escrow gas', async () => {
      if (!restarted) throw new Error("prerequisite failed: Bob's client restart (see the previous test)");
      const bobL1 = await watchL1(bob, [token]);
      const withdrawal = await bob.withdraw(token, AMOUNTS.withdraw);
      const { salt } = await withdrawal.salt();
      await withdrawal.landed(salt);
      const payout = await bob.claim(withdrawal, salt);
      const outcome = await bobL1.settle({ knownHashes: [payout.l1TxHash] });
      await expectL1Change(bob, outcome, [token], {
        native: -payout.gasPaid,
        tokens: { [token.symbol]: units(token, AMOUNTS.withdraw) },
        transactions: [{ what: 'de-escrow', hash: payout.l1TxHash }],
      });
      await bob.l2BalanceBecomes(token, units(token, AMOUNTS.transfer) - units(token, AMOUNTS.withdraw));
    });
  },
);
