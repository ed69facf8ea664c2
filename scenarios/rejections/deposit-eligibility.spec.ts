// Deposit-eligibility rejections (the client's own L1 address must hold the gas and the token it deposits:
// docs/client-api.md, "Conventions"; EYBlockchain/nightfall_4_CE @ master 6ee83be :
// blockchain_assets/contracts/X509/Certified.sol:67-78,
// nightfall_client/src/driven/contract_functions/nightfall_contract.rs:112-124). Who may deposit is decided on L1,
// after the client's 202: a client without gas cannot send its approval and fails the request; a client whose address
// is not allowlisted, or that does not hold the token, has its escrow_funds reverted by the contract — and because the
// real client never checks that receipt, it reports the deposit Submitted and keeps commitments that stay
// PendingCreation. Either way nothing of value moves: every user's L1 tokens and L2 balances, the tokens in escrow and
// everyone's earlier commitments stay as they were; a client that sent transactions paid exactly their gas and nothing
// else.
import { it } from 'vitest';
import { depositBody, units, type DepositBody } from '../../fixtures/api';
import {
  expectEscrowReverted,
  expectNothingMoved,
  expectQueuedThenFailed,
  rejectionToken,
  watchLedgers,
} from '../../fixtures/expectations';
import { createLogger } from '../../fixtures/log';
import { describeScenario, needing, setUp, tearDown } from '../../fixtures/report';
import { currentTarget, devnetOnly } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { User } from '../../fixtures/users';
import { topUpNative } from '../../fixtures/users/native-top-up';
import { depositAsIs } from '../../fixtures/users/raw-submissions';

const target = currentTarget();
const token = rejectionToken(target);
const value = units(token, token.amounts.deposit);
const log = createLogger('e2e::rejections');

describeScenario(
  { epic: 'Rejections', feature: 'Deposit eligibility' },
  `Deposit-eligibility rejections (${token.symbol}): not allowlisted, no gas, no token`,
  () => {
    let cast: Cast;
    /** Holds gas and the token, but is not allowlisted. */
    let carol: User;
    /** Allowlisted and holds the token, but has no gas at all. */
    let dave: User;
    /** Allowlisted and has gas, but holds none of the token. */
    let erin: User;

    const deposit = (): DepositBody =>
      depositBody({ token: { address: token.address, standard: 'ERC20' }, value, fee: target.depositFeeWei });

    setUp(async () => {
      cast = await startCast(target, ['carol', 'dave', 'erin'], {
        tokens: { carol: { [token.symbol]: value }, dave: { [token.symbol]: value } },
        native: { dave: 0n },
        uncertified: ['carol'],
        scenario: 'deposit-eligibility rejections',
      });
      [carol, dave, erin] = cast.users as [User, User, User];
    });

    reportCastPerTest(() => cast);

    tearDown(async () => {
      // Dave's token goes back to the funder by a transfer he pays for.
      if (dave)
        await topUpNative(dave, target.gasAllowanceWei).catch((error: unknown) =>
          log.warn(`could not give Dave gas for the sweep: ${String(error)}`),
        );
      await cast?.close();
    });

    it(
      'a deposit from an address that is not allowlisted: the client reports Submitted, but escrow_funds reverted on L1 (unchecked receipt); only gas is spent',
      needing(
        devnetOnly("the users' keys are pre-certified there, so no client address is left out of the allowlist"),
        async () => {
          await expectUnescrowedDeposit(carol);
        },
      ),
    );

    it('a deposit from a client without gas: accepted with 202, then Failed (its approval cannot be sent); nothing moves', async () => {
      await expectQueuedThenFailed(dave, { operation: 'deposit', body: deposit() }, cast.users, target.tokens);
    });

    it('a deposit of a token the client does not hold: the client reports Submitted, but escrow_funds reverted on L1 (unchecked receipt); only gas is spent', async () => {
      await expectUnescrowedDeposit(erin);
    });

    async function expectUnescrowedDeposit(user: User): Promise<void> {
      const watch = await watchLedgers(cast.users, target.tokens);
      const request = await depositAsIs(user, deposit());
      await request.reaches('Submitted');
      const settled = await expectNothingMoved(watch, {
        gasSpentBy: [{ user, transactions: ['approve', 'escrow_funds (reverted)'] }],
        unescrowedDepositOf: user,
      });
      await expectEscrowReverted(user, settled);
    }
  },
);
