// The network between Alice's client and the proposer turns bad while she pays Bob and Carol privately: slow and varying, lossy,
// or cut off for a while and then healed. The expected outcome is the real client's: it posts each transaction to the
// proposer with up to 3 attempts, retrying network errors (client_operation.rs:166-240 @ master 6ee83be), on a reqwest
// client with no timeout (:258), so latency, a lost request and a partition that heals only slow it and the transfer
// is confirmed; should it fail instead, the harness names the cause within a few progress intervals. The kernel here
// has no netem, so the link is put through the devnet's limiting endpoint: Alice's hosts file sends the proposer's
// registered host there, and it passes her transactions on (fixtures/faults/network-faults.ts).
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import {
  CLIENT_MET_PROPOSER_FAULT,
  clientProposerLink,
  outcomeOfFault,
  clientProposerFaultInjection,
  type ClientProposerLink,
} from '../../fixtures/faults';
import { afterEachTest, attachJson, describeScenario, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { User } from '../../fixtures/users';

const target = currentTarget();
const token = target.tokens.find((t) => t.decimals === 18)!;
const TRANSFER = '1';
const TRANSFERS = 4n;
/**
 * Long enough that the transfer's post, made seconds after it is queued, meets it. Bob and Carol each receive at most
 * two payments: the teardown withdraws a token in one request, which the client pays from at most two commitments.
 */
const PARTITION_SECONDS = 15;

describeScenario(
  { epic: 'Reliability', feature: 'Network faults', needs: [clientProposerFaultInjection(target)] },
  "the network between Alice's client and the proposer turns bad",
  () => {
    let cast: Cast | undefined;
    let alice: User;
    let bob: User;
    let carol: User;
    let link: ClientProposerLink;
    const received = new Map<User, bigint>();

    setUp(async () => {
      cast = await startCast(target, ['alice', 'bob', 'carol'], {
        tokens: { alice: { [token.symbol]: TRANSFERS * units(token, TRANSFER) } },
        scenario: 'proposer network faults',
      });
      [alice, bob, carol] = cast.users as [User, User, User];
      link = clientProposerLink(target, alice.container.name);
      const deposit = await alice.deposit(token, String(TRANSFERS));
      await deposit.reaches('Confirmed');
    });

    afterEachTest(async () => {
      await attachJson("the client's link to the proposer", await link.state());
      await link.heal();
    });

    tearDown(async () => {
      await cast?.close();
    });

    reportCastPerTest(() => cast);

    const transferThrough = async (what: string, to: User) => {
      const outcome = await outcomeOfFault(
        target,
        { what, causes: CLIENT_MET_PROPOSER_FAULT, firedAt: () => link.firstMetAt() },
        async () => {
          const transfer = await alice.transfer(token, TRANSFER, to);
          await transfer.reaches('Confirmed');
        },
      );
      if (outcome.kind === 'completed') received.set(to, (received.get(to) ?? 0n) + 1n);
      return outcome;
    };
    const receivedAll = (user: User) => {
      const count = received.get(user) ?? 0n;
      return user.l2BalanceBecomes(token, count * units(token, TRANSFER));
    };

    it('latency of 300 ms with 200 ms of jitter on every post to the proposer: the transfer is confirmed', async () => {
      await link.degrade({ latencyMs: 300, jitterMs: 200 });
      const outcome = await transferThrough("300 ± 200 ms on the client's link to the proposer", bob);
      expect(outcome.kind, 'a slow link only slows the client').toBe('completed');
      expect((await link.state()).counts.requests, 'the transfer went through the slow link').toBeGreaterThan(0);
      await receivedAll(bob);
    });

    it('every second post to the proposer lost: the transfers are confirmed, the lost post sent again', async () => {
      await link.degrade({ latencyMs: 0, lossEvery: 2 });
      // Of two transfers' first posts in a row, one is the second of a pair. A client restart between them (a listener
      // restart mended, N16) starts its link's count afresh, so a third transfer is made only then: the loss is met.
      for (let n = 1; n <= 3 && (n <= 2 || (await link.state()).counts.lost === 0); n++) {
        const outcome = await transferThrough(`transfer ${n} over a link that loses every second request`, carol);
        expect(outcome.kind, 'the client sends a lost post again (a network error is retried)').toBe('completed');
      }
      expect((await link.state()).counts.lost, 'the link lost a post of the client').toBeGreaterThan(0);
      await receivedAll(carol);
    });

    it(`a partition of ${PARTITION_SECONDS} s that heals by itself: the transfer is confirmed after it`, async () => {
      // A listener restart (N16) is mended before the spend by a client restart longer than the partition: mend it first.
      await alice.readyToSpend('transfer');
      await link.partition(PARTITION_SECONDS);
      const outcome = await transferThrough(
        `a ${PARTITION_SECONDS} s partition between the client and the proposer`,
        bob,
      );
      expect(
        (await link.state()).counts.heldByPartition,
        'the partition held the post of the transfer',
      ).toBeGreaterThan(0);
      expect(outcome.kind, 'a post held until the partition heals is answered then (the client sets no timeout)').toBe(
        'completed',
      );
      await receivedAll(bob);
    });
  },
);
