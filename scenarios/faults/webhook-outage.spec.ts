// The harness's webhook receiver is unreachable for a while. Shorter than the devnet double's retries: the deposit's own
// deliveries, cut unanswered, are made again (the same items, the sender's next attempt) and arrive, signed, and the L2
// block of the deposit is proven by push. Down for longer
// than the push grace period: the harness notices that nothing is pushed although L1 holds a new L2 block, pulls the
// events API, and the pull path completes the proof. The retry count and the give-up are the devnet double's own
// settings (fixtures/faults/webhook-outage.ts): MultiBaas documents no retry schedule, so neither is a vendor fact.
//
// It runs on a devnet of its own: on the run's shared devnet, other scenarios' blocks are delivered too, and a cut meant
// for the deposit's delivery could fall on theirs.
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { watchL1 } from '../../fixtures/expectations';
import {
  cutDeliveries,
  expectConfirmedBlocksDelivered,
  reportSubscription,
  subscribeToContractEvents,
  type ContractEventSubscription,
} from '../../fixtures/event-webhooks';
import { deliveryRetriesOf, faultInjection, startOwnDevnet } from '../../fixtures/faults';
import { awaitBlockContaining } from '../../fixtures/notifications';
import { attachJson, describeScenario, setUp, tearDown } from '../../fixtures/report';
import type { Devnet } from '../../fixtures/network';
import { currentTarget, type Target } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { TrackedRequest, User } from '../../fixtures/users';

const DEPOSIT = '1';

describeScenario(
  { epic: 'Contract-event webhooks', feature: 'Faults survived', needs: [faultInjection(currentTarget())] },
  'the webhook receiver is unreachable for a while',
  () => {
    let devnet: Devnet | undefined;
    let target: Target;
    let token: Target['tokens'][number];
    let retries: NonNullable<ReturnType<typeof deliveryRetriesOf>>;
    let cast: Cast | undefined;
    let alice: User;
    const subscriptions: ContractEventSubscription[] = [];

    setUp(async () => {
      ({ devnet, target } = await startOwnDevnet());
      token = target.tokens.find((t) => t.decimals === 18)!;
      retries = deliveryRetriesOf(target)!;
      cast = await startCast(target, ['alice'], {
        tokens: { alice: { [token.symbol]: 2n * units(token, DEPOSIT) } },
        scenario: 'webhook outage',
      });
      [alice] = cast.users as [User];
    });

    tearDown(async () => {
      for (const subscription of subscriptions) await subscription.close();
      await cast?.close();
      await devnet?.stop();
    });

    reportCastPerTest(() => cast);

    /** A subscription of this scenario (closed at the end), waking the cast's waits on delivered blocks. */
    const subscribe = async (mode: 'push' | 'auto', label: string) => {
      const subscription = await subscribeToContractEvents(target, {
        mode,
        label,
        publicClient: target.funder.publicClient,
      });
      subscriptions.push(subscription);
      cast!.receiver.inbox.wakeAlsoOn(subscription.inbox);
      return subscription;
    };

    /** Alice's client names the deposit's L2 block (the block whose BlockProposed must reach the harness). */
    const blockNamed = (deposit: TrackedRequest) =>
      awaitBlockContaining(cast!.receiver.inbox, deposit.id, {
        timeoutMs: target.timeouts.l2Confirmation,
        progressEveryMs: target.timeouts.progressEvery,
        diagnose: () => alice.diagnose(),
      });

    it("unreachable for fewer attempts than the devnet double's retries: the deposit's own deliveries, cut, are made again and its block arrives by push", async () => {
      const events = await subscribe('push', 'webhook outage within retries');
      const receiver = events.receiver!;
      const l1 = await watchL1(alice, [token]);
      receiver.goOffline({ attempts: retries.retries });
      const deposit = await alice.deposit(token, DEPOSIT);
      await deposit.reaches('Confirmed');
      const { notification } = await blockNamed(deposit);
      await expectConfirmedBlocksDelivered(events, cast!.receiver.inbox, [deposit], 'push', target.timeouts);
      await reportSubscription(events);
      const cut = cutDeliveries(events.inbox);
      await attachJson('deliveries the receiver cut, and the attempt that got through', cut);
      // The deposit's own: the approve and escrow Alice's client sent, and the propose_block of the block holding it.
      const depositTransactions = new Set([
        ...(await l1.settle()).transactions.map(({ hash }) => hash.toLowerCase()),
        events.inbox.findBlockProposed(Number(notification.l2BlockNumber))!.entry.log!.transactionHash.toLowerCase(),
      ]);
      expect(
        cut.reduce((sum, delivery) => sum + delivery.cuts, 0),
        'as many attempts cut as the receiver was set to cut: the service kept trying',
      ).toBe(retries.retries);
      expect(
        cut.flatMap((delivery) => delivery.transactions).filter((hash) => !depositTransactions.has(hash.toLowerCase())),
        "every delivery cut held the deposit's own events (its escrow, its block) and nothing else",
      ).toEqual([]);
      expect(cut.length, 'at least one of them was cut').toBeGreaterThan(0);
      expect(
        cut.map((delivery) => [delivery.thenMadeAgain?.outcome, delivery.thenMadeAgain?.resent?.attempt]),
        'each was made again, the same items as the next attempt after its cuts, and accepted',
      ).toEqual(cut.map((delivery) => ['accepted', delivery.cuts + 1]));
    });

    it("unreachable for longer than the push grace period: the harness pulls the events API, and the deposit's block arrives by pull", async () => {
      const events = await subscribe('auto', 'webhook outage beyond retries');
      const receiver = events.receiver!;
      receiver.goOffline();
      const deposit = await alice.deposit(token, DEPOSIT);
      await deposit.reaches('Confirmed');
      await blockNamed(deposit);
      await expectConfirmedBlocksDelivered(events, cast!.receiver.inbox, [deposit], 'pull', target.timeouts);
      await reportSubscription(events);
      await attachJson('connections the receiver cut', receiver.cutConnections);
      expect(events.mode, 'pulling since pushing went silent').toBe('pull');
      expect(events.fallback).toMatch(/no delivery was pushed within .* although L1 block \d+ holds L2 block \d+/);
      expect(
        receiver.cutConnections.length,
        'the devnet double tried at least one delivery as often as it is set to retry (its setting, not a vendor fact)',
      ).toBeGreaterThanOrEqual(retries.retries + 1);
    });
  },
);
