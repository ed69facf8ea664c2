// A client container restarts with two deposits accepted (202 and a request id each) and not yet landed. The real
// client is its container's PID 1 with no SIGTERM handler, so it works through docker's grace period and processes
// what it had queued; its next start drops every request record (EYBlockchain/nightfall_4_CE @ plume_testnet_client
// 4e84c58 : nightfall_client/Dockerfile CMD, nightfall_client/src/main.rs:41-44, driven/queue.rs:41-46). So a user
// sees each request forgotten (named at once, never a timeout) while the value did move: off L1, into escrow, onto L2.
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { expectEscrowed, expectL1Change, watchL1, type L1Watch } from '../../fixtures/expectations';
import { underFault, faultInjection } from '../../fixtures/faults';
import { attachJson, describeScenario, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { TrackedRequest, User } from '../../fixtures/users';
import { WaitFailedError } from '../../fixtures/waits';

const target = underFault(currentTarget());
const token = target.tokens.find((t) => t.decimals === 18)!;
const DEPOSITS = ['1', '2'] as const;

describeScenario(
  {
    epic: 'Reliability',
    feature: 'Faults survived',
    story: 'Client restart with requests in flight',
    needs: [faultInjection(target)],
  },
  'a client restarts with two deposits accepted and not yet landed',
  () => {
    let cast: Cast | undefined;
    let alice: User;
    let aliceL1: L1Watch;
    let accepted: TrackedRequest[] = [];

    setUp(async () => {
      const total = DEPOSITS.reduce((sum, amount) => sum + units(token, amount), 0n);
      cast = await startCast(target, ['alice'], {
        tokens: { alice: { [token.symbol]: total } },
        scenario: 'client restart in flight',
      });
      [alice] = cast.users as [User];
    });

    tearDown(async () => {
      await cast?.close();
    });

    reportCastPerTest(() => cast);

    it("each deposit's wait ends at once, saying the restarted client no longer knows the request", async () => {
      aliceL1 = await watchL1(alice, [token]);
      accepted = [];
      for (const amount of DEPOSITS) accepted.push(await alice.deposit(token, amount));
      // The fault must meet a request in flight: one still Queued or Processing as the restart begins.
      const asRestartBegins = await Promise.all(
        accepted.map(async (deposit) => ({ id: deposit.id, status: (await deposit.status()).status })),
      );
      await attachJson('request statuses as the restart began', asRestartBegins);
      expect(
        asRestartBegins.map((r) => r.status),
        'a deposit still in flight as the restart began',
      ).toEqual(expect.arrayContaining([expect.stringMatching(/^(Queued|Processing)$/)]));
      const restart = await alice.restartClient();
      expect(restart.startedAfter.getTime(), 'a new process runs').toBeGreaterThan(restart.startedBefore.getTime());
      for (const deposit of accepted) {
        const ended = await deposit.reaches('Confirmed').then(
          () => undefined,
          (error: unknown) => error,
        );
        // A failed wait (WaitFailedError), not a timeout: the harness names the restart the moment it meets the 404.
        expect(ended, `deposit request ${deposit.id}`).toBeInstanceOf(WaitFailedError);
        expect((ended as Error).message).toContain(`no longer knows its deposit request ${deposit.id}`);
      }
    });

    it("the deposits' value left Alice's L1, is in escrow and on her L2 balance, to the unit", async () => {
      if (accepted.length !== DEPOSITS.length)
        throw new Error('prerequisite failed: the deposits accepted before the restart (see the previous test)');
      const values = DEPOSITS.map((amount) => units(token, amount));
      const total = values.reduce((sum, value) => sum + value, 0n);
      // Both were processed within the grace period, before the old process ended: L1 holds both escrows by now, so a
      // deposit the restart lost fails here at once (a missing approve and escrow), not after the L2 wait's bound.
      const outcome = await aliceL1.settle();
      await expectL1Change(alice, outcome, [token], {
        native: -(BigInt(DEPOSITS.length) * target.depositFeeWei + outcome.gasPaid),
        tokens: { [token.symbol]: -total },
        transactions: DEPOSITS.flatMap(() => ['approve', 'escrow']),
      });
      await expectEscrowed(alice, outcome, values);
      await alice.l2BalanceBecomes(token, total);
    });
  },
);
