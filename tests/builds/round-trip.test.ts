// The round trip on each client build, through the user actions that adapt to it: deposit, private transfer, a
// withdrawal that leaves Bob change (so that the head build confirms it: EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/drivers/rest/client_operation.rs:60-67), and the funds leaving escrow — Bob's de-escrow call on
// plume, his client's own automatic de-escrow on head — checked on L1 to the unit, with the de-escrow's gas on Bob's
// account because his own client sends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NightfallApiError, units } from '../../fixtures/api';
import { DeEscrowIsAutomatic } from '../../fixtures/builds';
import { expectL1Change, watchL1, type L1Outcome } from '../../fixtures/expectations';
import { startDevnet, type Devnet } from '../../fixtures/network';
import { devnetFactsOf, devnetTarget, type Target, type TokenUnderTest } from '../../fixtures/target';
import { startCast, type Cast } from '../../fixtures/cast';
import type { User, Withdrawal } from '../../fixtures/users';
import { timeoutsFor, WaitTimeoutError } from '../../fixtures/waits';

const BATCH_WINDOW_SECONDS = 1;
/** Whole units; Bob withdraws less than he received and keeps change. */
const AMOUNTS = { deposit: '10', transfer: '4', withdraw: '3' } as const;
const EXPECTED_NAME = { plume: 'plume-like', head: 'head-like' } as const;

// Each build on the contracts its real world pairs it with (a head client cannot work on plume-era contracts).
describe.each(['head', 'plume'] as const)(
  'the round trip on a %s client, on its own generation of contracts',
  (build) => {
    let devnet: Devnet | undefined;
    let target: Target;
    let token: TokenUnderTest;
    let cast: Cast;
    let alice: User;
    let bob: User;
    let withdrawal: Withdrawal;
    let salt: string;
    /** Bob's L1 from before his withdrawal, so that an automatic de-escrow at the block is inside the window. */
    let bobL1: { settle(): Promise<L1Outcome> };
    const raw = (amount: string) => units(token, amount);

    beforeAll(async () => {
      devnet = await startDevnet({ batchWindowSeconds: BATCH_WINDOW_SECONDS, contracts: build });
      target = devnetTarget(
        devnetFactsOf(devnet, BATCH_WINDOW_SECONDS, { run: { clientBuild: build, contracts: build } }),
      );
      token = target.tokens.find((t) => t.symbol === 'dUSD')!;
      cast = await startCast(target, ['alice', 'bob'], { tokens: { alice: { [token.symbol]: raw(AMOUNTS.deposit) } } });
      [alice, bob] = cast.users as [User, User];
    });

    afterAll(async () => {
      await target?.blockProduction?.release();
      await cast?.close();
      await devnet?.stop();
    });

    it('fingerprints both clients as the build they run', () => {
      for (const user of [alice, bob]) {
        expect(user.build, user.name).toMatchObject({
          name: EXPECTED_NAME[build],
          deEscrow: build === 'head' ? 'automatic' : 'route',
          mismatches: [],
        });
      }
    });

    it('deposits and pays Bob privately; the first submission confirms the dated request-id rule', async () => {
      const deposit = await alice.deposit(token, AMOUNTS.deposit);
      expect(alice.build).toMatchObject({ requestIdsFrom: 'first-submission', mismatches: [] });
      expect(deposit.queued.idAssignedBy).toBe(build === 'head' ? 'server' : 'harness');
      await deposit.reaches('Confirmed');
      const transfer = await alice.transfer(token, AMOUNTS.transfer, bob);
      await transfer.reaches('Confirmed');
      await bob.l2BalanceBecomes(token, raw(AMOUNTS.transfer));
    });

    it('Bob withdraws less than he holds: the salt is in every source of the build, and nothing leaves escrow before the block', async () => {
      await target.blockProduction!.hold();
      bobL1 = await watchL1(bob, [token]);
      withdrawal = await bob.withdraw(token, AMOUNTS.withdraw);
      salt = (await withdrawal.salt()).salt;
      expect(await withdrawal.notifiedSalt()).toBe(salt);
      const { child_request_args: pending } = await withdrawal.request.status();
      expect(pending?.withdrawFundSalt ?? 'none', 'the salt in the request status (child_request_args)').toBe(
        build === 'head' ? salt : 'none',
      );
      expect((await withdrawal.escrow(salt)).stage).toBe('awaiting-block');

      const early = await bob.deEscrow(withdrawal, salt).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (build === 'plume')
        expect(
          early instanceof NightfallApiError && early.isAnswer(400, 'Failed to de-escrow funds'),
          String(early),
        ).toBe(true);
      else expect(early).toBeInstanceOf(DeEscrowIsAutomatic);
    });

    it('once the block lands the funds reach Bob on L1, de-escrowed and paid for by his own client, to the unit', async () => {
      await target.blockProduction!.release();
      await withdrawal.landed(salt);
      if (build === 'plume') {
        expect((await withdrawal.escrow(salt)).stage, 'the route build waits for the call').toBe('claimable');
        await bob.deEscrow(withdrawal, salt);
      }
      const payout = await withdrawal.deEscrowed(salt);
      expect(
        { sentBy: payout.sentBy, recipient: payout.recipient, token: payout.token },
        "sent by Bob's own client, paid to him",
      ).toEqual({
        sentBy: bob.l1Address,
        recipient: bob.l1Address,
        token: token.address,
      });
      expect(payout.value, 'raw units paid out').toBe(raw(AMOUNTS.withdraw));
      const outcome = await bobL1.settle();
      await expectL1Change(bob, outcome, [token], {
        native: -payout.gasPaid,
        tokens: { [token.symbol]: raw(AMOUNTS.withdraw) },
        transactions: [{ what: 'de-escrow', hash: payout.l1TxHash }],
      });
      await withdrawal.request.reaches('Confirmed'); // the change commitment is on chain
      await bob.l2BalanceBecomes(token, raw(AMOUNTS.transfer) - raw(AMOUNTS.withdraw));
    });

    it('a second de-escrow moves nothing: the claim stays cleared, paid once', async () => {
      const l1 = await watchL1(bob, [token]);
      const again = await bob.deEscrow(withdrawal, salt).then(
        () => undefined,
        (error: unknown) => error,
      );
      if (build === 'plume')
        expect(
          again instanceof NightfallApiError && again.isAnswer(400, 'Failed to de-escrow funds'),
          String(again),
        ).toBe(true);
      else expect(again).toBeInstanceOf(DeEscrowIsAutomatic);
      const state = await withdrawal.escrow(salt);
      expect(state.stage).toBe('paid');
      await expectL1Change(bob, await l1.settle(), [token], {
        native: 0n,
        tokens: { [token.symbol]: 0n },
        transactions: [],
      });
    });
  },
);

describe('a head withdrawal that is never Confirmed', () => {
  // Short bounds: the de-escrow wait is expected to run out, and its message is what is checked.
  const SHORT = {
    requestSubmitted: 20_000,
    transactionEvent: 20_000,
    l2Confirmation: 6_000,
    deEscrow: 4_000,
    progressEvery: 5_000,
  };
  let devnet: Devnet | undefined;
  let target: Target;
  let cast: Cast;

  beforeAll(async () => {
    devnet = await startDevnet({ batchWindowSeconds: BATCH_WINDOW_SECONDS, contracts: 'head' });
    target = { ...devnetTarget(devnetFactsOf(devnet, BATCH_WINDOW_SECONDS)), timeouts: timeoutsFor('devnet', SHORT) };
    const token = target.tokens.find((t) => t.symbol === 'dUSD')!;
    cast = await startCast(target, ['carol'], { tokens: { carol: { [token.symbol]: units(token, '2') } } });
  });

  afterAll(async () => {
    await cast?.close();
    await devnet?.stop();
  });

  it('is never de-escrowed: the wait runs out at its bound, with the claim open and the reason (fee 0, no change)', async () => {
    const [carol] = cast.users as [User];
    const token = target.tokens.find((t) => t.symbol === 'dUSD')!;
    await (await carol.deposit(token, '2')).reaches('Confirmed');
    const exact = await carol.withdraw(token, '2'); // spends its whole input with fee 0: never Confirmed
    const { salt: exactSalt } = await exact.salt();
    await exact.landed(exactSalt);

    const failure = await exact.deEscrowed(exactSalt).then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(WaitTimeoutError);
    const { message, report } = failure as WaitTimeoutError;
    expect(message).toContain(
      `carol's client to de-escrow withdrawal ${exact.request.id} by itself (head-like: when the request is Confirmed)`,
    );
    expect(message).toMatch(
      /Last seen \(after \d+ probes\): claimable since L2 block \d+ \(L1 tx 0x[0-9a-f]{64}\), not paid out/,
    );
    expect(message).toContain(
      `withdraw request ${exact.request.id}: Submitted, its de-escrow arguments still pending (child_request_args)`,
    );
    expect(message).toContain(
      'a withdraw with fee 0 that spends exactly its input never does (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/client_operation.rs:60-67)',
    );
    expect(report.elapsedMs).toBeLessThan(SHORT.l2Confirmation + SHORT.deEscrow + 5_000);
    expect((await exact.escrow(exactSalt)).stage, 'the funds are still escrowed').toBe('claimable');
  });
});
