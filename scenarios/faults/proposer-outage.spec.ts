// The proposer stops while a user waits for the confirmation of her deposit. The wait must say so — which proposer,
// since when — within one progress interval; once the proposer is back the deposit is confirmed and nothing is lost:
// her L2 balance is the deposit and L1 moved by exactly the deposit, the fee and her gas.
//
// It runs on a devnet of its own: stopping the run's shared proposer would fail the spends of every scenario beside it.
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { expectL1Change, watchL1, type L1Watch } from '../../fixtures/expectations';
import {
  devnetControls,
  recordWaitProgress,
  faultInjection,
  startOwnDevnet,
  type ProposerOutage,
  type WaitProgressRecord,
} from '../../fixtures/faults';
import { attachText, describeScenario, setUp, tearDown } from '../../fixtures/report';
import type { Devnet } from '../../fixtures/network';
import { currentTarget, type DevnetFacts, type Target } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { TrackedRequest, User } from '../../fixtures/users';

const DEPOSIT = '2';

describeScenario(
  {
    epic: 'Reliability',
    feature: 'Faults survived',
    story: 'Proposer outage',
    needs: [faultInjection(currentTarget())],
  },
  'the proposer stops while a confirmation is awaited',
  () => {
    let devnet: Devnet | undefined;
    let facts: DevnetFacts;
    let target: Target;
    let token: Target['tokens'][number];
    let cast: Cast | undefined;
    let alice: User;
    let outage: ProposerOutage | undefined;
    let progress: WaitProgressRecord | undefined;
    let l1: L1Watch;
    let deposit: TrackedRequest;
    let confirmed: Promise<unknown>;

    setUp(async () => {
      ({ devnet, facts, target } = await startOwnDevnet());
      token = target.tokens.find((t) => t.decimals === 18)!;
      cast = await startCast(target, ['alice'], {
        tokens: { alice: { [token.symbol]: units(token, DEPOSIT) } },
        scenario: 'proposer outage',
      });
      [alice] = cast.users as [User];
    });

    tearDown(async () => {
      progress?.stop();
      // Never leave the devnet without its proposer, whatever failed.
      await outage?.end();
      await confirmed?.catch(() => undefined);
      await cast?.close();
      await devnet?.stop();
    });

    reportCastPerTest(() => cast);

    it("the wait for the deposit's confirmation says which proposer does not answer, and since when, within one progress interval", async () => {
      l1 = await watchL1(alice, [token]);
      progress = recordWaitProgress();
      outage = await devnetControls(target, facts).stopProposer();
      deposit = await alice.deposit(token, DEPOSIT);
      const waitStarted = Date.now();
      confirmed = deposit.reaches('Confirmed');
      confirmed.catch(() => undefined);
      const said = `proposer ${outage.registeredUrl} not answering since `;
      const line = await progress.lineSaying(said, target.timeouts.progressEvery + 5_000);
      await attachText('the progress line', line.line);
      expect(line.at.getTime() - waitStarted, 'written within one progress interval of the wait').toBeLessThanOrEqual(
        target.timeouts.progressEvery + 5_000,
      );
      const since = new Date(/not answering since (\S+?)(;|$)/.exec(line.line)![1]!);
      expect(since.getTime(), 'silent since a moment after it was stopped').toBeGreaterThanOrEqual(
        outage.stoppedAt.getTime(),
      );
      // The wait looks when it begins (a note is bounded by 5 s), not only when its first line is due.
      expect(since.getTime(), 'and noticed as the wait began').toBeLessThanOrEqual(waitStarted + 5_000);
    });

    it('once the proposer is back, the deposit is confirmed and Alice holds it on L2, with L1 down by exactly value, fee and gas', async (context) => {
      if (!outage) throw new Error('prerequisite failed: the proposer outage (see the previous test)');
      const back = await outage.end();
      await context.annotate(`proposer down for ${(back.outageMs / 1_000).toFixed(1)} s`);
      await confirmed;
      await alice.l2BalanceBecomes(token, units(token, DEPOSIT));
      const outcome = await l1.settle();
      await expectL1Change(alice, outcome, [token], {
        native: -(target.depositFeeWei + outcome.gasPaid),
        tokens: { [token.symbol]: -units(token, DEPOSIT) },
        transactions: ['approve', 'escrow'],
      });
    });
  },
);
