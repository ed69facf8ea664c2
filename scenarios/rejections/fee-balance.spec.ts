// A transfer or withdrawal whose fee is more than the sender's fee balance
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/client_nf_3.rs:524,762): the client
// accepts it with 202, reserves the value commitments, finds no fee commitments to cover the fee and marks the request
// Failed (no notification). The head build puts the value commitment back to Unspent; the plume build leaves it
// PendingSpend for good (fixtures/builds/failed-spends.ts), so each case spends a commitment of its own, and on the
// real network the plume cases do not run. Nothing else moves: L1 and L2 balances — the fee balance too — and both
// clients' other commitments.
import { it } from 'vitest';
import { erc20, gasCoin } from '../../fixtures/assets';
import { transferBody, units, withdrawBody, type TokenRef } from '../../fixtures/api';
import { byFailedSpendInputs, failedSpendStrandsNoRealValue } from '../../fixtures/builds';
import { expectSpendFailedAfterSelection, rejectionToken } from '../../fixtures/expectations';
import { describeScenario, needingEach, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import { identitySourceFor, type User } from '../../fixtures/users';
import type { RawSubmission } from '../../fixtures/users/raw-submissions';

const target = currentTarget();
const token = rejectionToken(target);
const ref: TokenRef = { address: token.address, standard: 'ERC20' };
/** Whole units of the native coin: Alice's whole fee balance. */
const DEPOSIT_FEE = '0.001';
/** One wei more than she has to pay fees with. */
const feeBeyondBalance = gasCoin(DEPOSIT_FEE) + 1n;
/** What each build does with the value commitment the failed spend reserved. */
const reservedInputFate = byFailedSpendInputs(target, {
  'left-reserved': 'its value commitment left PendingSpend for good (the plume build never releases it)',
  released: 'its value commitment released',
});

describeScenario(
  { epic: 'Rejections', feature: 'Fee balance' },
  `Fee-balance rejections (${token.symbol}): a fee one wei more than the sender's fee balance`,
  () => {
    let cast: Cast;
    let alice: User;
    let bob: User;

    setUp(async () => {
      cast = await startCast(target, ['alice', 'bob'], {
        tokens: { alice: { [token.symbol]: 2n * units(token, token.amounts.deposit) } },
        identities: identitySourceFor(target),
        scenario: 'fee-balance rejections',
      });
      [alice, bob] = cast.users as [User, User];
      // Alice holds two commitments of the token, one per case (a plume client keeps a failed spend's input), and a fee
      // balance of exactly one deposit fee: only the fee can be short.
      const deposits = await Promise.all([
        alice.deposit(erc20(token, token.amounts.deposit), { depositFee: DEPOSIT_FEE }),
        alice.deposit(erc20(token, token.amounts.deposit)),
      ]);
      await Promise.all(deposits.map((deposit) => deposit.reaches('Confirmed')));
      await alice.l2BalanceBecomes(token, 2n * units(token, token.amounts.deposit));
      await alice.feeBalanceBecomes(gasCoin(DEPOSIT_FEE));
    });

    reportCastPerTest(() => cast);

    tearDown(async () => {
      await cast?.close();
    });

    it.for([
      [
        'a transfer to Bob',
        (): RawSubmission => ({
          operation: 'transfer',
          body: transferBody({
            token: ref,
            value: units(token, token.amounts.transfer),
            recipient: bob.zkpPublicKey,
            fee: feeBeyondBalance,
          }),
        }),
      ],
      [
        'a withdrawal to her own L1 address',
        (): RawSubmission => ({
          operation: 'withdraw',
          body: withdrawBody({
            token: ref,
            value: units(token, token.amounts.withdraw),
            recipient: alice.l1Address,
            fee: feeBeyondBalance,
          }),
        }),
      ],
    ] as const)(
      `%s paying a fee of ${DEPOSIT_FEE} + 1 wei: accepted with 202, then Failed by the client, ${reservedInputFate}, and nothing else moves`,
      needingEach(
        () => failedSpendStrandsNoRealValue(alice, target),
        async ([, submission]: readonly [string, () => RawSubmission]) => {
          await alice.feeBalanceBecomes(gasCoin(DEPOSIT_FEE));
          await expectSpendFailedAfterSelection(alice, submission(), cast.users, target.tokens);
        },
      ),
    );
  },
);
