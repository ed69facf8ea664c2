// A client's own L1 endpoint cuts one call while the client processes a block: the connection of its next
// eth_getTransactionByHash (the lookup of a BlockProposed's transaction) is closed. The real event listener panics on
// that (N17, "Error processing event"): the block is never recorded and no later block is read. A deposit made then
// fails naming the panic at once (the harness watches the log), never a silent wait;
// after such a failure the client is restarted, its keys re-derived, and a deposit is confirmed.
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import {
  BLOCK_TRANSACTION_LOOKUP,
  castMeetingClientFault,
  clientL1FaultInjection,
  underFault,
} from '../../fixtures/faults';
import { describeScenario } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';

const target = underFault(currentTarget());
const token = target.tokens.find((t) => t.decimals === 18)!;
const DEPOSIT = '1';
/**
 * The listener's panic, or what follows it at once on plume: the idle sync check finds the dead listener behind and
 * restarts it (N17 → N16, divergences round 2), and that line may be the first the harness meets.
 */
const LISTENER_DEATH_LINES = [
  'Error processing event',
  'panicked at',
  'Client is not synchronised with the blockchain, restarting event listener',
  'Restarting event listener: aborting current task',
];

describeScenario(
  {
    epic: 'Reliability',
    feature: 'Client faults named or survived',
    story: 'Listener call cut (N17)',
    needs: [clientL1FaultInjection(target)],
  },
  "a client's L1 endpoint cuts one call while the client processes a block",
  () => {
    const cut = castMeetingClientFault(target, ['alice'], {
      tokens: { alice: { [token.symbol]: 2n * units(token, DEPOSIT) } },
      scenario: 'client listener call cut',
      faulted: 'alice',
      fault: { what: "Alice's client's block lookup cut", causes: LISTENER_DEATH_LINES },
    });

    it('a deposit whose block meets the cut fails at once, naming the listener\'s "Error processing event"', async () => {
      const { alice } = cut.users;
      const deposit = await alice.deposit(token, DEPOSIT);
      // Once her client has its escrow's receipt, its next transaction lookup is its listener's, for the next block.
      await deposit.reaches('Submitted');
      await cut.arm((route) => route.cutNext(BLOCK_TRANSACTION_LOOKUP));
      const outcome = await cut.meet(() => deposit.reaches('Confirmed'));
      expect((await cut.route.state()).fired, 'the cut reached the client').toContainEqual(
        expect.objectContaining({ action: 'cut', method: 'eth_getTransactionByHash' }),
      );
      // The real listener panics on one failed lookup (N17), and the panic is named as it is logged.
      expect(outcome.kind, 'the listener panicked on the cut lookup and the harness named it').toBe('named');
    });

    it("afterwards (restarted and re-derived if the listener died) Alice's deposit is confirmed and counted", async () => {
      const { alice } = cut.users;
      await cut.recover();
      const deposit = await alice.deposit(token, DEPOSIT);
      await deposit.reaches('Confirmed');
      // The first deposit went on chain either way (the listener died after the escrow): the restart's replay finds it.
      await alice.l2BalanceBecomes(token, 2n * units(token, DEPOSIT));
    });
  },
);
