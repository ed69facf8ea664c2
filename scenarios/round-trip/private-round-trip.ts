// The main scenario: two users, each with their own client, move an ERC-20 from public L1 balances into private
// commitments, pay each other privately and take the funds back out. One scenario file per token declares it, so the
// tokens run side by side, each in its own worker with its own users and clients.
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { attachClientBuild, deEscrowRoute, describeBuild } from '../../fixtures/builds';
import {
  eventPathProvable,
  expectConfirmedBlocksDelivered,
  reportSubscription,
  subscribeToContractEvents,
  subscriptionModeFor,
  type ContractEventSubscription,
  type SubscriptionMode,
} from '../../fixtures/event-webhooks';
import {
  expectAmount,
  expectDeEscrowRefused,
  expectEveryProposerRegistered,
  expectL1Change,
  expectL1Holdings,
  expectNothingClaimableBeforeItsBlock,
  expectSaltInRequestStatus,
  expectSpendAwaitingItsBlock,
  expectStillBeforeItsBlock,
  tryEarlyDeEscrow,
  unlessRefusedInconclusive,
  watchL1,
  type L1Watch,
} from '../../fixtures/expectations';
import { awaitBlockContaining } from '../../fixtures/notifications';
import { attachJson, describeScenario, labels, needing, setUp, tearDown } from '../../fixtures/report';
import { currentTarget, type Target, type TokenUnderTest } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import {
  identitySourceFor,
  type SaltSource,
  type TrackedRequest,
  type User,
  type Withdrawal,
} from '../../fixtures/users';

/** The ERC-20s every target puts under test, told apart by their decimals as the network defines them. */
const TOKEN_KINDS = {
  'wrapped gas token': 18,
  stablecoin: 6,
} as const;
export type TokenKind = keyof typeof TOKEN_KINDS;

export interface RoundTripOptions {
  /**
   * How the scenario learns of the layer's contract events (BlockProposed wakes the waits on L2 blocks): `push` —
   * signed deliveries to the harness's receiver; `pull` — the event service's events API, as when nothing can reach
   * the harness. Each path is proven by the scenario that takes it.
   */
  contractEvents: Exclude<SubscriptionMode, 'auto'>;
}

/** Declares the round trip of the target's `kind` of token: deposit, private transfer, withdraw, de-escrow. */
export function privateRoundTrip(kind: TokenKind, options: RoundTripOptions): void {
  const target = currentTarget();
  const token = tokenOfKind(target, kind);
  const eventPath = options.contractEvents;

  describeScenario(
    { epic: 'Private payments', feature: `${token.symbol} round trip (${token.decimals} decimals)` },
    `${token.symbol} round trip: deposit, private transfer, withdraw, de-escrow`,
    () => {
      const amount = {
        deposit: units(token, token.amounts.deposit),
        transfer: units(token, token.amounts.transfer),
        withdraw: units(token, token.amounts.withdraw),
      };
      let cast: Cast;
      let alice: User;
      let bob: User;
      let withdrawal: Withdrawal | undefined;
      let salt: SaltSource | undefined;
      /**
       * Bob's L1 from before his withdrawal: an automatic-de-escrow client pays out while it processes the withdrawal's
       * block, and with nothing holding that block (the test network) an early de-escrow can pay out too.
       */
      let bobL1: L1Watch | undefined;
      /** The early de-escrow paid out: the block landed during it (possible only where nothing holds blocks). */
      let paidEarly = false;
      /** The contract events of the layer, from before the first request; absent where the target has no event service. */
      let events: ContractEventSubscription | undefined;
      /** Every request whose L2 block a client confirmed, in order. */
      const confirmed: TrackedRequest[] = [];

      setUp(async () => {
        // The plan's own rule, checked before anything moves (a precondition, not a verdict): Bob withdraws less than he
        // received, so the change makes his withdrawal Confirmed on every build
        // (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/client_operation.rs:60-67),
        // and Confirmed is what triggers an automatic de-escrow.
        if (amount.withdraw >= amount.transfer) {
          throw new Error(
            `the ${target.name} target's ${token.symbol} amounts must leave Bob change (withdraw < transfer); configured: ` +
              `transfer ${token.amounts.transfer}, withdraw ${token.amounts.withdraw}`,
          );
        }
        const [started, subscribed] = await Promise.allSettled([
          startCast(target, ['alice', 'bob'], {
            tokens: { alice: { [token.symbol]: amount.deposit } },
            identities: identitySourceFor(target),
            scenario: `${token.symbol} round trip`,
          }),
          target.eventService
            ? subscribeToContractEvents(target, {
                mode: subscriptionModeFor(target, eventPath),
                label: `${token.symbol} round trip`,
                publicClient: target.funder.publicClient,
                measureLatency: true,
              })
            : undefined,
        ]);
        if (started.status === 'fulfilled') cast = started.value;
        if (subscribed.status === 'fulfilled') events = subscribed.value;
        if (started.status === 'rejected') throw started.reason;
        if (subscribed.status === 'rejected') throw subscribed.reason;
        [alice, bob] = cast.users as [User, User];
        // A delivered BlockProposed is news for every wait on an L2 block; the clients' own polling stays the fallback.
        if (events) cast.receiver.inbox.wakeAlsoOn(events.inbox);
      });

      // Behaviors view: epic → one feature per token → one story per phase of the round trip.

      tearDown(async () => {
        await target.blockProduction?.release();
        await events?.close();
        // Closing writes its own funds report (swept, spent, left behind) as a run attachment: an attachment made here
        // would be lost, since allure-vitest has already reported this suite's tests by the time a slow afterAll ends.
        await cast?.close();
      });

      reportCastPerTest(() => cast);

      it('both users hold exactly what the funder granted them on L1', async () => {
        const [a, b] = await Promise.all([alice.l1Snapshot(target.tokens), bob.l1Snapshot(target.tokens)]);
        expectL1Holdings(alice, a, [token], {
          native: target.gasAllowanceWei,
          tokens: { [token.symbol]: amount.deposit },
        });
        expectL1Holdings(bob, b, [token], { native: target.gasAllowanceWei, tokens: { [token.symbol]: 0n } });
      });

      it('both clients are fingerprinted as the same build, without moving value', async () => {
        for (const user of [alice, bob]) await attachClientBuild(user.name, user.build);
        expect(describeBuild(bob.build), "Bob's client build").toBe(describeBuild(alice.build));
        expect(alice.build.mismatches).toEqual([]);
      });

      it('every expected proposer is registered, seen by both clients, and answers', async () => {
        await expectEveryProposerRegistered(target, [alice, bob]);
      });

      it('Alice deposits: confirmed on L2, her L2 balance is the value, L1 fell by exactly value, fee and her gas', async () => {
        const l1 = await watchL1(alice, [token]);
        const deposit = await alice.deposit(token, token.amounts.deposit);
        expect(
          alice.build.mismatches,
          `the first submission shows the request-id rule the fingerprint dated (${describeBuild(alice.build)})`,
        ).toEqual([]);
        await deposit.reaches('Confirmed');
        confirmed.push(deposit);
        await alice.l2BalanceBecomes(token, amount.deposit);
        const outcome = await l1.settle();
        await expectL1Change(alice, outcome, [token], {
          native: -(target.depositFeeWei + outcome.gasPaid),
          tokens: { [token.symbol]: -amount.deposit },
          transactions: ['approve', 'escrow'],
        });
      });

      it('Alice pays Bob privately: Bob holds the amount on L2, Alice the change', async () => {
        const transfer = await alice.transfer(token, token.amounts.transfer, bob);
        await transfer.reaches('Confirmed');
        confirmed.push(transfer);
        await bob.l2BalanceBecomes(token, amount.transfer);
        await alice.l2BalanceBecomes(token, amount.deposit - amount.transfer);
      });

      it('Bob withdraws part of his funds to his own L1 address: the withdraw fund salt arrives and names his spent commitment', async () => {
        // Holding block production (devnet) keeps the withdrawal before its block, so the next test can try the early
        // de-escrow; where nothing holds it (the test network, E2E_DEVNET=testnet-pace) the block may land at any
        // moment, and the checks before it say so.
        await target.blockProduction?.hold();
        bobL1 = await watchL1(bob, [token]);
        withdrawal = await bob.withdraw(token, token.amounts.withdraw);
        salt = await withdrawal.salt();
        await attachJson('withdraw fund salt', salt);
        const notified = await withdrawal.notifiedSalt();
        expect(notified).toBe(salt.salt);
        await expectSaltInRequestStatus(target, bob, withdrawal, salt.salt);
        const spent = await expectSpendAwaitingItsBlock(target, withdrawal, salt.salt);
        expectAmount(
          'the value of the spent commitment (what Bob received)',
          spent.preimage.value,
          amount.transfer,
          token,
          'the spent commitment holds what Bob received',
        );
        await expectNothingClaimableBeforeItsBlock(target, withdrawal, salt.salt);
      });

      it(
        'a de-escrow before the withdrawal block fails and moves nothing',
        needing(
          () =>
            deEscrowRoute(
              bob,
              'there is nothing to ask before the block; that nothing is claimable before it is checked by the ' +
                'withdrawal test on every build',
            ),
          async (context) => {
            const pending = requireWithdrawal(withdrawal, salt);
            await expectStillBeforeItsBlock(target, bob, pending.salt);
            // Tried only while L1 shows no block spending the salt, checked right before the call.
            const early = await tryEarlyDeEscrow(pending.withdrawal, pending.salt, () =>
              expectDeEscrowRefused(bob, pending.withdrawal, pending.salt, token),
            );
            paidEarly = early.outcome === 'raced' && early.paid;
            await unlessRefusedInconclusive(context, target, early);
          },
        ),
      );

      it('once the withdrawal block lands the commitment is Spent (the request status is not relied on)', async () => {
        const pending = requireWithdrawal(withdrawal, salt);
        await target.blockProduction?.release();
        const spent = await pending.withdrawal.landed(pending.salt);
        expect(spent.status).toBe('Spent');
        confirmed.push(pending.withdrawal.request);
        await attachJson(
          'withdraw request status (may stay Submitted on this build)',
          await bob.api.requestStatus(pending.withdrawal.request.id),
        );
      });

      it("the funds leave escrow: Bob's L1 token balance rises by exactly the value, his gas falls by exactly the de-escrow gas his own client paid", async () => {
        const pending = requireWithdrawal(withdrawal, salt);
        if (!bobL1)
          throw new Error("prerequisite failed: Bob's L1 watch from before the withdrawal (see the withdraw test)");
        // Not asked again when the early call paid (its block landed during it): the payout below is that one.
        const payout = await bob.claim(pending.withdrawal, pending.salt, { asked: paidEarly });
        await attachJson('de-escrow on L1', payout);
        expect(payout.sentBy, "the de-escrow is sent, and its gas paid, by Bob's own client").toBe(bob.l1Address);
        const outcome = await bobL1.settle({ knownHashes: [payout.l1TxHash] });
        await expectL1Change(bob, outcome, [token], {
          native: -payout.gasPaid,
          tokens: { [token.symbol]: amount.withdraw },
          transactions: [{ what: 'de-escrow', hash: payout.l1TxHash }],
        });
        await bob.l2BalanceBecomes(token, amount.transfer - amount.withdraw);
      });

      it(
        'a second de-escrow of the same withdrawal fails and moves nothing',
        needing(
          () =>
            deEscrowRoute(
              bob,
              'a second de-escrow cannot be asked; that the funds were paid exactly once, by one descrow_funds of this ' +
                "salt from Bob's own client, is checked by the de-escrow test",
            ),
          async () => {
            const pending = requireWithdrawal(withdrawal, salt);
            await expectDeEscrowRefused(bob, pending.withdrawal, pending.salt, token);
          },
        ),
      );

      const proof =
        eventPath === 'push'
          ? 'every L2 block a client confirmed was pushed by the event service in a delivery whose signature verified, naming the L1 transaction the client names'
          : "every L2 block a client confirmed is listed by the event service's events API and reached the harness by pulling it, naming the L1 transaction the client names";
      it(
        proof,
        needing(
          () => eventPathProvable(target, events, eventPath),
          async () => {
            await labels({
              epic: 'Contract-event webhooks',
              feature: `${eventPath === 'push' ? 'Push' : 'Pull'} path`,
              story: `${token.symbol} round trip`,
            });
            await reportSubscription(events!);
            expect(
              confirmed.map((request) => request.operation),
              'the requests whose blocks were confirmed',
            ).toEqual(['deposit', 'transfer', 'withdraw']);
            // A client may name a request after the harness saw its block (head notifies after its automatic de-escrow).
            await Promise.all(
              confirmed.map((request) =>
                awaitBlockContaining(cast.receiver.inbox, request.id, {
                  timeoutMs: target.timeouts.l2Confirmation,
                  progressEveryMs: target.timeouts.progressEvery,
                  diagnose: () => request.user.diagnose(),
                }),
              ),
            );
            await expectConfirmedBlocksDelivered(events!, cast.receiver.inbox, confirmed, eventPath, target.timeouts);
          },
        ),
      );
    },
  );
}

function requireWithdrawal(
  withdrawal: Withdrawal | undefined,
  salt: SaltSource | undefined,
): { withdrawal: Withdrawal; salt: string } {
  if (!withdrawal || !salt)
    throw new Error("prerequisite failed: Bob's withdrawal and its salt (see the withdraw test)");
  return { withdrawal, salt: salt.salt };
}

function tokenOfKind(target: Target, kind: TokenKind): TokenUnderTest {
  const matching = target.tokens.filter((t) => t.decimals === TOKEN_KINDS[kind]);
  if (matching.length !== 1) {
    const configured = target.tokens.map((t) => `${t.symbol} (${t.decimals} decimals)`).join(', ') || 'none';
    throw new Error(
      `the ${target.name} target needs exactly one ${kind} (${TOKEN_KINDS[kind]} decimals) under test; configured: ${configured}`,
    );
  }
  return matching[0]!;
}
