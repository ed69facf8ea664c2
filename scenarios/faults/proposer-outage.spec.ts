// The proposer stops while a user waits for the confirmation of her deposit. The wait must say so — which proposer,
// since when — within one progress interval; once the proposer is back the deposit is confirmed and nothing is lost:
// her L2 balance is the deposit and L1 moved by exactly the deposit, the fee and her gas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { expectL1Change, watchL1, type L1Watch } from '../../fixtures/expectations';
import { devnetControls, recordWaitProgress, whyNoFaults, type ProposerOutage, type WaitProgressRecord } from '../../fixtures/faults';
import { attachText, labels, step } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast, type TrackedRequest, type User } from '../../fixtures/users';

const target = currentTarget();
const unavailable = whyNoFaults(target);
const token = target.tokens.find((t) => t.decimals === 18)!;
const DEPOSIT = '2';

describe('the proposer stops while a confirmation is awaited', () => {
  let cast: Cast | undefined;
  let alice: User;
  let outage: ProposerOutage | undefined;
  let progress: WaitProgressRecord | undefined;
  let l1: L1Watch;
  let deposit: TrackedRequest;
  let confirmed: Promise<unknown>;

  beforeAll(async () => {
    if (unavailable) return;
    cast = await startCast(target, ['alice'], { tokens: { alice: { [token.symbol]: units(token, DEPOSIT) } }, scenario: 'proposer outage' });
    [alice] = cast.users as [User];
  });

  afterAll(async () => {
    progress?.stop();
    // Never leave the devnet without its proposer, whatever failed.
    await outage?.end();
    await confirmed?.catch(() => undefined);
    await cast?.close();
  });

  reportCastPerTest(() => cast);
  const story = (name: string) => labels({ epic: 'Reliability', feature: 'Faults survived', story: name });

  it("the wait for the deposit's confirmation says which proposer does not answer, and since when, within one progress interval", async (context) => {
    if (unavailable) return context.skip(unavailable);
    await story('Proposer outage');
    l1 = await watchL1(alice, [token]);
    progress = recordWaitProgress();
    outage = await step('the proposer stops', () => devnetControls(target).stopProposer());
    deposit = await step(`Alice deposits ${DEPOSIT} ${token.symbol}`, () => alice.deposit(token, DEPOSIT));
    const waitStarted = Date.now();
    confirmed = deposit.reaches('Confirmed');
    confirmed.catch(() => undefined);
    const said = `proposer ${outage.registeredUrl} not answering since `;
    const line = await step('a progress line names the silent proposer', () => progress!.lineSaying(said, target.timeouts.progressEvery + 5_000));
    await attachText('the progress line', line.line);
    expect(line.at.getTime() - waitStarted, 'written within one progress interval of the wait').toBeLessThanOrEqual(target.timeouts.progressEvery + 5_000);
    const since = new Date(/not answering since (\S+?)(;|$)/.exec(line.line)![1]!);
    expect(since.getTime(), 'silent since a moment after it was stopped').toBeGreaterThanOrEqual(outage.stoppedAt.getTime());
    // The wait looks when it begins (a note is bounded by 5 s), not only when its first line is due.
    expect(since.getTime(), 'and noticed as the wait began').toBeLessThanOrEqual(waitStarted + 5_000);
  });

  it('once the proposer is back, the deposit is confirmed and Alice holds it on L2, with L1 down by exactly value, fee and gas', async (context) => {
    if (unavailable) return context.skip(unavailable);
    await story('Proposer outage');
    if (!outage) throw new Error('prerequisite failed: the proposer outage (see the previous test)');
    const back = await step('the proposer starts again', () => outage!.end());
    context.annotate(`proposer down for ${(back.outageMs / 1_000).toFixed(1)} s`);
    await step('the deposit request is Confirmed', () => confirmed);
    await step(`Alice's L2 balance is ${DEPOSIT} ${token.symbol}`, () => alice.l2BalanceBecomes(token, units(token, DEPOSIT)));
    const outcome = await l1.settle();
    await expectL1Change(alice, outcome, [token], { native: -(target.depositFeeWei + outcome.gasPaid), tokens: { [token.symbol]: -units(token, DEPOSIT) } });
  });
});
