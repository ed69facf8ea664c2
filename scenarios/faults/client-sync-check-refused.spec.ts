// A client's own L1 endpoint refuses its sync check once: one HTTP 429 to its eth_call of layer2_block_number(). The
// real queue worker ends for good on that (N18) while /v1/health stays Healthy and requests stay Queued. A deposit
// made then fails at once naming the client's "Failed to get synchronisation status", never a silent wait; after such a
// failure the client is restarted, its keys re-derived, and a deposit is confirmed. A listener that panicked may have
// done so after the first deposit's escrow was mined: the restarted client's replay credits it, so L1 decides.
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { escrowedUnderFault, watchL1, type L1Watch } from '../../fixtures/expectations';
import {
  castMeetingClientFault,
  LAYER2_BLOCK_NUMBER_CALL,
  clientL1FaultInjection,
  underFault,
} from '../../fixtures/faults';
import { describeScenario } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';

const target = underFault(currentTarget());
const token = target.tokens.find((t) => t.decimals === 18)!;
const DEPOSIT = '1';
/**
 * The client's two callers of layer2_block_number(): the queue's sync check (N18: the worker ends) and the listener
 * while it processes a block (N17: it panics). On a busy network either may be the one refused; both are named.
 */
const CALLERS_DEATH = ['Failed to get synchronisation status', 'Error processing event'];

describeScenario(
  {
    epic: 'Reliability',
    feature: 'Client faults named or survived',
    story: 'Sync check refused (N18)',
    needs: [clientL1FaultInjection(target)],
  },
  "a client's L1 endpoint refuses its sync check once",
  () => {
    const refused = castMeetingClientFault(target, ['alice'], {
      tokens: { alice: { [token.symbol]: 2n * units(token, DEPOSIT) } },
      scenario: 'client sync check refused',
      faulted: 'alice',
      fault: { what: "Alice's client's sync check refused", causes: CALLERS_DEATH },
    });
    let l1: L1Watch | undefined;

    it('a deposit after the refusal fails at once, naming "Failed to get synchronisation status" (or the listener\'s panic)', async () => {
      const { alice } = refused.users;
      await alice.listenerAtRest();
      l1 = await watchL1(alice, [token]);
      await refused.arm((route) => route.refuseNext(LAYER2_BLOCK_NUMBER_CALL));
      const outcome = await refused.meet(async () => (await alice.deposit(token, DEPOSIT)).reaches('Confirmed'));
      expect((await refused.route.state()).fired, 'the refusal reached the client').toContainEqual(
        expect.objectContaining({ action: 'refuse', method: 'eth_call' }),
      );
      // Neither caller survives one failed call (N18, N17): a deposit that still confirms means the double lost it.
      expect(outcome.kind, 'the caller refused ended for good and the harness named it').toBe('named');
    });

    it("afterwards (restarted and re-derived if the worker died) Alice's deposit is confirmed and counted", async () => {
      if (!l1) throw new Error('prerequisite failed: the deposit that met the refusal (see the previous test)');
      const { alice } = refused.users;
      await refused.recover();
      const deposit = await alice.deposit(token, DEPOSIT);
      await deposit.reaches('Confirmed');
      // A request the dead worker held is dropped at the restart; one whose escrow was mined is replayed: L1 decides.
      const escrowed = escrowedUnderFault(await l1.settle(), token, {
        faulted: units(token, DEPOSIT),
        others: units(token, DEPOSIT),
      });
      await alice.l2BalanceBecomes(token, units(token, DEPOSIT) + escrowed);
    });
  },
);
