// A client's view of the chain lags (its log pushes and eth_getLogs answers held by its L1 endpoint) when a spend
// arrives: a block has landed that it has not seen yet. The real client then restarts its event listener on an empty
// commitment tree (N16, "Restarting event listener: aborting current task…"), and every later spend proves against a
// root no block has: the proposer refuses it ("Commitment root is not known"). Alice's transfer is confirmed (the
// client caught up) or fails naming the restart within a few progress intervals, never a silent wait; after such a
// failure her client is restarted (a full replay), her keys re-derived, and the transfer is confirmed.
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { castMeetingClientFault, clientL1FaultInjection, underFault } from '../../fixtures/faults';
import { describeScenario, setUp } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';

const target = underFault(currentTarget());
const token = target.tokens.find((t) => t.decimals === 18)!;
const AMOUNTS = { alice: '2', bob: '1', transfer: '1' } as const;
/**
 * Longer than a plume client's sync check takes to come round (~1 s), shorter than its transport's answer timeout (viem's
 * 10 s: a longer hold fails its replay's eth_getLogs instead, N19's panic); for a while only, as a client behind a slow
 * endpoint falls behind and catches up.
 */
const LAG = { seconds: 5, forSeconds: 30 } as const;
const LISTENER_RESTART_LINES = [
  'Restarting event listener: aborting current task',
  'Client is not synchronised with the blockchain, restarting event listener',
  'Commitment root in block does not match calculated root',
  'Commitment root is not known',
];

describeScenario(
  {
    epic: 'Reliability',
    feature: 'Client faults named or survived',
    story: 'Client lags behind (N16)',
    needs: [clientL1FaultInjection(target)],
  },
  'a client lags behind the chain when a spend arrives',
  () => {
    const lagging = castMeetingClientFault(target, ['alice', 'bob'], {
      tokens: {
        alice: { [token.symbol]: units(token, AMOUNTS.alice) },
        bob: { [token.symbol]: units(token, AMOUNTS.bob) },
      },
      scenario: 'client lags behind',
      faulted: 'alice',
      fault: {
        what: "Alice's client lagging when her transfer arrives",
        causes: LISTENER_RESTART_LINES,
        measuredFrom: 'arming',
      },
    });

    setUp(async () => {
      // Alice holds a confirmed deposit, her client in step with the chain.
      const deposit = await lagging.users.alice.deposit(token, AMOUNTS.alice);
      await deposit.reaches('Confirmed');
    });

    it('a transfer while her client has not seen the latest block is confirmed, or fails naming the listener restart', async () => {
      const { alice, bob } = lagging.users;
      await lagging.arm((route) => route.lag(LAG.seconds, LAG.forSeconds));
      // Bob's block lands unseen by Alice's client.
      await (await bob.deposit(token, AMOUNTS.bob)).reaches('Confirmed');
      await lagging.meet(async () => (await alice.transfer(token, AMOUNTS.transfer, bob)).reaches('Confirmed'));
      expect(
        (await lagging.route.state()).calls.eth_getLogs,
        "Alice's client read its logs through its own route",
      ).toBeGreaterThan(0);
    });

    it("afterwards (restarted and re-derived if the tree was lost) Alice's transfer reaches Bob", async () => {
      const { alice, bob } = lagging.users;
      if ((await lagging.recover()).kind === 'named') {
        const transfer = await alice.transfer(token, AMOUNTS.transfer, bob);
        await transfer.reaches('Confirmed');
      }
      const bobHolds = units(token, AMOUNTS.bob) + units(token, AMOUNTS.transfer);
      await bob.l2BalanceBecomes(token, bobHolds);
    });
  },
);
