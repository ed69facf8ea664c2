// The harness's L1 endpoint has a bad day: it cuts connections (before and after handing a request on), answers 429
// and stalls requests for seconds. Reads are tried again, the verdicts are those of a good day (L1 to the last unit),
// and the harness's own transactions are each sent once, with consecutive nonces. Then Alice's client meets the same
// bad day on its own L1 connection (its route on the devnet's limiting endpoint): the real client has no retry layer
// (wallets.rs:55-66 @ plume_testnet_client 4e84c58), so its next refused or cut call fails the request or ends its
// queue worker or listener (N17, N18), and the harness names that within a few progress intervals; a restarted client
// deposits again. Which call the bad day breaks first is the network's choice: the listener may die after the deposit's
// escrow was mined, and the restarted client's replay then credits it. Whatever left Alice's L1 must arrive on L2.
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { escrowedUnderFault, expectL1Change, watchL1 } from '../../fixtures/expectations';
import {
  BAD_DAY,
  CLIENT_MET_L1_FAULT,
  clientL1Network,
  devnetTargetThrough,
  expectEachSentOnce,
  outcomeOfFault,
  startL1FaultProxy,
  clientL1FaultInjection,
  faultInjection,
  type L1FaultProxy,
  underFault,
} from '../../fixtures/faults';
import { attachJson, describeScenario, needing, setUp, tearDown } from '../../fixtures/report';
import { currentTarget, type Target } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { User } from '../../fixtures/users';

const target = underFault(currentTarget());
const token = target.tokens.find((t) => t.decimals === 18)!;
const AMOUNTS = { deposit: '2', withdraw: '1', again: '1' } as const;

describeScenario(
  { epic: 'Reliability', feature: 'Faults survived', story: 'L1 endpoint faults', needs: [faultInjection(target)] },
  "the L1 endpoint (the harness's, then Alice's client's) cuts connections, answers 429 and stalls",
  () => {
    let proxy: L1FaultProxy | undefined;
    let faulty: Target;
    let cast: Cast | undefined;
    let alice: User;

    setUp(async () => {
      proxy = await startL1FaultProxy(String(target.chain.rpcUrl));
      proxy.misbehave(BAD_DAY);
      faulty = underFault(devnetTargetThrough(proxy.url));
      cast = await startCast(faulty, ['alice'], {
        tokens: { alice: { [token.symbol]: units(token, AMOUNTS.deposit) + units(token, AMOUNTS.again) } },
        scenario: 'L1 endpoint faults',
      });
      [alice] = cast.users as [User];
    });

    tearDown(async () => {
      await cast?.close();
      await proxy?.close();
    });

    reportCastPerTest(() => cast);

    it('Alice deposits: confirmed, and her L1 falls by exactly value, fee and gas, read through the faulty endpoint', async () => {
      const l1 = await watchL1(alice, [token]);
      const deposit = await alice.deposit(token, AMOUNTS.deposit);
      await deposit.reaches('Confirmed');
      await alice.l2BalanceBecomes(token, units(token, AMOUNTS.deposit));
      const outcome = await l1.settle();
      await expectL1Change(alice, outcome, [token], {
        native: -(target.depositFeeWei + outcome.gasPaid),
        tokens: { [token.symbol]: -units(token, AMOUNTS.deposit) },
        transactions: ['approve', 'escrow'],
      });
      const counts = proxy!.counts();
      await attachJson('faults injected so far', counts);
      // The endpoint did cut, refuse and stall requests meanwhile.
      for (const kind of ['rateLimited', 'dropped', 'answersLost', 'delayed'] as const)
        expect(counts[kind], `requests ${kind}`).toBeGreaterThan(0);
    });

    it('Alice withdraws: the withdrawal is found on L1 and its de-escrow pays exactly the value, less the de-escrow gas', async () => {
      const l1 = await watchL1(alice, [token]);
      const withdrawal = await alice.withdraw(token, AMOUNTS.withdraw);
      const { salt } = await withdrawal.salt();
      await withdrawal.landed(salt);
      const payout = await alice.claim(withdrawal, salt);
      const outcome = await l1.settle({ knownHashes: [payout.l1TxHash] });
      await expectL1Change(alice, outcome, [token], {
        native: -payout.gasPaid,
        tokens: { [token.symbol]: units(token, AMOUNTS.withdraw) },
        transactions: [{ what: 'de-escrow', hash: payout.l1TxHash }],
      });
    });

    it(
      "Alice's client meets the bad day on its own L1 connection: the harness names what it broke, and a restarted client deposits",
      needing(clientL1FaultInjection(target), async () => {
        const network = clientL1Network(target, alice.container.name);
        const l1 = await watchL1(alice, [token]);
        try {
          await network.badDay(BAD_DAY);
          const outcome = await outcomeOfFault(
            target,
            {
              what: "a bad day on the client's L1 connection",
              causes: CLIENT_MET_L1_FAULT,
              firedAt: () => network.firstMetAt(),
            },
            async () => (await alice.deposit(token, AMOUNTS.again)).reaches('Confirmed'),
          );
          const met = await network.state();
          await attachJson("faults met by the client's calls", met.counts);
          expect(
            met.counts.rateLimited + met.counts.dropped + met.counts.answersLost,
            "the client's calls met the bad day",
          ).toBeGreaterThan(0);
          // The real client retries no L1 call: a deposit that still confirms means the double lost that.
          expect(outcome.kind, 'the client met the bad day and the harness named what it broke').toBe('named');
          await network.heal();
          await alice.recoverClient(`it logged "${outcome.kind === 'named' ? outcome.cause : ''}"`);
        } finally {
          await network.heal();
        }
        const deposit = await alice.deposit(token, AMOUNTS.again);
        await deposit.reaches('Confirmed');
        const escrowed = escrowedUnderFault(await l1.settle(), token, {
          faulted: units(token, AMOUNTS.again),
          others: units(token, AMOUNTS.again),
        });
        await alice.l2BalanceBecomes(
          token,
          units(token, AMOUNTS.deposit) - units(token, AMOUNTS.withdraw) + units(token, AMOUNTS.again) + escrowed,
        );
      }),
    );

    it("the harness's own transactions through it (the sweep back to the funder) are each sent once, with consecutive nonces", async () => {
      const closed = await cast!.close();
      expect(closed.problems).toEqual([]);
      expect(
        closed.sweeps.map((sweep) => ('result' in sweep ? sweep.result.nativeLeft : sweep.error)),
        'nothing left on L1',
      ).toEqual([0n]);
      const sent = proxy!.transactions();
      expect(sent.length, 'the sweep sent its transactions through the faulty endpoint').toBeGreaterThan(0);
      expect(
        sent.some((tx) => tx.forwarded > 1),
        'an answer was lost and the same bytes sent again',
      ).toBe(true);
      await expectEachSentOnce(sent, target.funder.publicClient);
    });
  },
);
