// Balance and key rejections (docs/client-api.md, "Key derivation" and "Endpoints";
// EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/client_nf_3.rs:431-699,
// driven/queue.rs:88-110): a transfer or withdrawal of more than the balance and a transfer to a malformed ZKP public
// key are accepted with 202 and failed later by the client's worker (a plume client keeps the input it reserved for the
// identity point, so that case runs last of the spends); a key derivation from a mnemonic that is not 24 words or from
// a malformed path is refused with 500 and leaves the user's keys loaded. Each time nothing moves: L1 and L2 balances
// of both users, the tokens in escrow and both clients' commitments.
import { it } from 'vitest';
import { hex64, transferBody, units, withdrawBody, type TokenRef } from '../../fixtures/api';
import { byFailedSpendInputs, failedSpendStrandsNoRealValue } from '../../fixtures/builds';
import {
  expectKeyDerivationRefused,
  expectQueuedThenFailed,
  expectSpendFailedAfterSelection,
  mnemonicOfWords,
  rejectionToken,
} from '../../fixtures/expectations';
import { describeScenario, needing, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import { giveConfirmedL2Holding, type User } from '../../fixtures/users';
import type { RawSubmission } from '../../fixtures/users/raw-submissions';

const target = currentTarget();
const token = rejectionToken(target);
const erc20: TokenRef = { address: token.address, standard: 'ERC20' };
const deposited = units(token, token.amounts.deposit);

describeScenario(
  { epic: 'Rejections', feature: 'Balances and keys' },
  `Balance and key rejections (${token.symbol}): more than held, a malformed recipient key, unusable key derivations`,
  () => {
    let cast: Cast;
    let alice: User;
    let bob: User;

    setUp(async () => {
      cast = await startCast(target, ['alice', 'bob'], {
        tokens: { alice: { [token.symbol]: deposited } },
        scenario: 'balance and key rejections',
      });
      [alice, bob] = cast.users as [User, User];
      await giveConfirmedL2Holding(alice, token, token.amounts.deposit);
    });

    reportCastPerTest(() => cast);

    tearDown(async () => {
      await cast?.close();
    });

    const transferTo = (recipient: string, value = units(token, token.amounts.transfer)): RawSubmission => ({
      operation: 'transfer',
      body: transferBody({ token: erc20, value, recipient, fee: 0n }),
    });

    it.for([
      ['a transfer of one raw unit more than Alice holds', () => transferTo(bob.zkpPublicKey, deposited + 1n)],
      [
        'a withdrawal of one raw unit more than Alice holds',
        (): RawSubmission => ({
          operation: 'withdraw',
          body: withdrawBody({ token: erc20, value: deposited + 1n, recipient: alice.l1Address, fee: 0n }),
        }),
      ],
    ] as const)('%s: accepted with 202, then Failed by the client, and nothing moves', async ([, submission]) => {
      await expectQueuedThenFailed(alice, submission(), cast.users, target.tokens);
    });

    // A compressed key must decode as hex, lie on BabyJubJub, in its prime subgroup, and not be the identity.
    it.for([
      ['not hex', () => transferTo('zz'.repeat(32))],
      ['off the curve', () => transferTo('ff'.repeat(32))],
    ] as const)(
      'a transfer to a ZKP public key that is %s: accepted with 202, then Failed by the client, and nothing moves',
      async ([, submission]) => {
        await expectQueuedThenFailed(alice, submission(), cast.users, target.tokens);
      },
    );

    // The head build refuses the identity point before it selects inputs; the plume build has no such check and fails
    // only at proof time, after reserving (fixtures/builds/failed-spends.ts).
    it(
      `a transfer to the identity point as ZKP public key: accepted with 202, then Failed by the client, ${byFailedSpendInputs(
        target,
        {
          'left-reserved':
            "Alice's reserved input left PendingSpend for good (the plume build checks only in the proof)",
          released: 'and nothing moves',
        },
      )}`,
      needing(
        () => failedSpendStrandsNoRealValue(alice, target),
        async () => {
          await expectSpendFailedAfterSelection(alice, transferTo(hex64(1n)), cast.users, target.tokens);
        },
      ),
    );

    it.for([12, 21] as const)(
      "deriveKey with a %i-word mnemonic is refused (500 INTERNAL_SERVER_ERROR); the client keeps Alice's keys and nothing moves",
      async (words) => {
        await expectKeyDerivationRefused(alice, { mnemonic: mnemonicOfWords(words) }, cast.users, target.tokens);
      },
    );

    it.for([
      ['a non-numeric index', "m/44'/60'/0'/0/x"],
      ['no leading m', "44'/60'/0'/0/0"],
    ] as const)(
      "deriveKey with a child path with %s is refused (500 INTERNAL_SERVER_ERROR); the client keeps Alice's keys and nothing moves",
      async ([, childPath]) => {
        await expectKeyDerivationRefused(
          alice,
          { mnemonic: alice.identity.mnemonic, childPath },
          cast.users,
          target.tokens,
        );
      },
    );
  },
);
