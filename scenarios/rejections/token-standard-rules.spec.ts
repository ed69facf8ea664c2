// Each standard's own rules for what may be deposited and withdrawn (the real client's approval guards,
// EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/driven/contract_functions/token_contracts.rs): an
// ERC-721 deposit with a value, an ERC-1155 deposit with neither a value nor an id, an ERC-20 deposit with a token id
// are accepted with 202 and then Failed by the client's worker before it sends any approval; an ERC-721 withdrawal with
// a value finds no commitment worth it (an item's commitment has value 0) and is Failed too. Each time nothing moves:
// the item stays where it was on L1, no L1 transaction is sent, and L1 and L2 balances and both clients' commitments
// are unchanged.
import { expect, it } from 'vitest';
import {
  collectionConfigured,
  collectionOf,
  describeAsset,
  grantAssets,
  l1Holdings,
  type Asset,
  type Collection,
} from '../../fixtures/assets';
import { depositBody, units, withdrawBody, type TokenRef } from '../../fixtures/api';
import { expectQueuedThenFailed, rejectionToken } from '../../fixtures/expectations';
import { attachJson, describeScenario, needing, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { User } from '../../fixtures/users';
import type { RawSubmission } from '../../fixtures/users/raw-submissions';

const target = currentTarget();
const token = rejectionToken(target);

describeScenario(
  { epic: 'Rejections', feature: 'Token-standard rules' },
  'Token-standard rejections: values and ids each standard refuses',
  () => {
    let cast: Cast;
    let alice: User;

    setUp(async () => {
      cast = await startCast(target, ['alice', 'bob'], {
        tokens: { alice: { [token.symbol]: units(token, token.amounts.deposit) } },
        scenario: 'token-standard rejections',
      });
      [alice] = cast.users as [User, User];
    });

    reportCastPerTest(() => cast);

    tearDown(async () => {
      await cast?.close();
    });

    /** An ERC-721 item Alice holds on L1. */
    const itemHeldByAlice = async (): Promise<Asset> => {
      const [item] = await grantAssets(target, alice, [{ collection: collectionOf(target, 'ERC721') }]);
      return item!;
    };

    /** An ERC-721 item Alice has deposited: Unspent on L2, in escrow on L1. */
    const itemDepositedByAlice = async (): Promise<Asset> => {
      const item = await itemHeldByAlice();
      const deposit = await alice.deposit(item);
      await deposit.reaches('Confirmed');
      await alice.l2HoldingBecomes(item, 0n);
      return item;
    };

    const collectionRef = (collection: Collection): TokenRef => ({
      address: collection.address,
      standard: collection.standard,
    });

    /** The request is Failed with nothing moved, and the item's holders on L1 (Alice, the escrow) are as before. */
    async function expectFailedAndItemUnmoved(submission: RawSubmission, item: Asset): Promise<void> {
      const holders = () =>
        l1Holdings(alice.publicClient, item, { Alice: alice.l1Address, escrow: target.contracts.nightfall });
      const before = await holders();
      await expectQueuedThenFailed(alice, submission, cast.users, target.tokens);
      const after = await holders();
      await attachJson(`L1 holders of ${describeAsset(item)} (before → after)`, { before, after });
      expect(after, `${describeAsset(item)} is where it was on L1`).toEqual(before);
    }

    it(
      'an ERC-721 deposit with a value of 1: accepted with 202, then Failed by the client before any approval, and nothing moves',
      needing(collectionConfigured(target, 'ERC721'), async () => {
        const heldItem = await itemHeldByAlice();
        const body = depositBody({ token: heldItem, tokenId: heldItem.tokenId, value: 1n, fee: target.depositFeeWei });
        await expectFailedAndItemUnmoved({ operation: 'deposit', body }, heldItem);
      }),
    );

    it(
      'an ERC-721 withdrawal with a value of 1: accepted with 202, then Failed by the client (no commitment covers it), and nothing moves',
      needing(collectionConfigured(target, 'ERC721'), async () => {
        const depositedItem = await itemDepositedByAlice();
        const body = withdrawBody({
          token: depositedItem,
          tokenId: depositedItem.tokenId,
          value: 1n,
          recipient: alice.l1Address,
          fee: 0n,
        });
        await expectFailedAndItemUnmoved({ operation: 'withdraw', body }, depositedItem);
      }),
    );

    it(
      'an ERC-1155 deposit of value 0 of id 0: accepted with 202, then Failed by the client before any approval, and nothing moves',
      needing(collectionConfigured(target, 'ERC1155'), async () => {
        const body = depositBody({
          token: collectionRef(collectionOf(target, 'ERC1155')),
          tokenId: 0n,
          value: 0n,
          fee: target.depositFeeWei,
        });
        await expectQueuedThenFailed(alice, { operation: 'deposit', body }, cast.users, target.tokens);
      }),
    );

    it(`an ERC-20 deposit with token id 1 (${token.symbol}): accepted with 202, then Failed by the client before any approval, and nothing moves`, async () => {
      const body = depositBody({
        token: { address: token.address, standard: 'ERC20' },
        tokenId: 1n,
        value: units(token, token.amounts.deposit),
        fee: target.depositFeeWei,
      });
      await expectQueuedThenFailed(alice, { operation: 'deposit', body }, cast.users, target.tokens);
    });
  },
);
