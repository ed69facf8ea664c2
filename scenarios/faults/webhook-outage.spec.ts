// The harness's webhook receiver is unreachable for a while. Shorter than the devnet double's retries: the deliveries
// it could not make are made again and arrive, signed, and the L2 block of the deposit is proven by push. Down for longer
// than the push grace period: the harness notices that nothing is pushed although L1 holds a new L2 block, pulls the
// events API, and the pull path completes the proof. The retry count and the give-up are the devnet double's own
// settings (fixtures/faults/webhook-outage.ts): MultiBaas documents no retry schedule, so neither is a vendor fact.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import {
  expectConfirmedBlocksDelivered,
  reportSubscription,
  subscribeToContractEvents,
  type ContractEventSubscription,
} from '../../fixtures/event-webhooks';
import { deliveryRetriesOf, whyNoFaults, underFault } from '../../fixtures/faults';
import { awaitBlockContaining } from '../../fixtures/notifications';
import { attachJson, describeScenario, skipBecause } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { TrackedRequest, User } from '../../fixtures/users';

const target = underFault(currentTarget());
const unavailable = whyNoFaults(target);
const retries = deliveryRetriesOf(target);
const token = target.tokens.find((t) => t.decimals === 18)!;
const DEPOSIT = '1';

describeScenario(
  { epic: 'Contract-event webhooks', feature: 'Faults survived' },
  'the webhook receiver is unreachable for a while',
  () => {
    let cast: Cast | undefined;
    let alice: User;
    const subscriptions: ContractEventSubscription[] = [];

    beforeAll(async () => {
      if (unavailable) return;
      cast = await startCast(target, ['alice'], {
        tokens: { alice: { [token.symbol]: 2n * units(token, DEPOSIT) } },
        scenario: 'webhook outage',
      });
      [alice] = cast.users as [User];
    });

    afterAll(async () => {
      for (const subscription of subscriptions) await subscription.close();
      await cast?.close();
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

    it("unreachable for fewer attempts than the devnet double's retries: the refused deliveries are made again and the deposit's block arrives by push", async (context) => {
      if (unavailable) return skipBecause(context, unavailable);
      const events = await subscribe('push', 'webhook outage within retries');
      const receiver = events.receiver!;
      receiver.goOffline({ attempts: retries!.retries });
      const deposit = await alice.deposit(token, DEPOSIT);
      await deposit.reaches('Confirmed');
      await blockNamed(deposit);
      await expectConfirmedBlocksDelivered(events, cast!.receiver.inbox, [deposit], 'push', target.timeouts);
      await reportSubscription(events);
      expect(receiver.cutConnections.length, 'every attempt the receiver cut was made: the service kept trying').toBe(
        retries!.retries,
      );
    });

    it("unreachable for longer than the push grace period: the harness pulls the events API, and the deposit's block arrives by pull", async (context) => {
      if (unavailable) return skipBecause(context, unavailable);
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
      ).toBeGreaterThanOrEqual(retries!.retries + 1);
    });
  },
);
