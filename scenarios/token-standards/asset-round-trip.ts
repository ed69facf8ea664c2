// The round trip of one token that is not an ERC-20: Alice deposits it (into Nightfall's escrow on L1), pays Bob
// privately, Bob withdraws to his own L1 address and the funds leave escrow. At every step the token's holders on L1
// (Alice, the escrow, Bob) are read at one block and compared to the unit, and each client's L2 view (balance and
// commitments of the token) must agree. One spec file per standard declares it, so the standards run side by side.
import { expect, it } from 'vitest';
import {
  collectionConfigured,
  collectionOf,
  describeAsset,
  grantAssets,
  l1Holdings,
  nfTokenIdOf,
  partOf,
  type Asset,
  type Holdings,
  type NonFungibleStandard,
} from '../../fixtures/assets';
import { withdrawalPaidOut } from '../../fixtures/builds';
import { assetDeEscrowOn, expectL1Change, watchL1, type L1Outcome } from '../../fixtures/expectations';
import { attachJson, describeScenario, needing, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import { identitySourceFor, type SaltSource, type User, type Withdrawal } from '../../fixtures/users';

export interface AssetRoundTrip {
  standard: NonFungibleStandard;
  /** Names the feature in the report, e.g. "ERC-1155 fungible id". */
  feature: string;
  /** Whole units Alice is granted (ERC-1155 amount, ERC-3525 value); none for an ERC-721 item. */
  granted?: string;
  /** Whole units Alice pays Bob; none: the whole token. */
  transferred?: string;
  /** Whole units Bob withdraws; none: all he received. */
  withdrawn?: string;
}

type Holder = 'Alice' | 'escrow' | 'Bob';

export function assetRoundTrip(trip: AssetRoundTrip): void {
  const target = currentTarget();
  /** What Bob's de-escrow does on the target's contracts: pays out, or meets their known defect for the standard. */
  const deEscrow = assetDeEscrowOn(target, trip.standard, {
    paid: "the token leaves escrow: Bob holds exactly what he withdrew on L1, the escrow keeps the rest, his gas is exactly the de-escrow's",
    underDefect:
      "Bob's de-escrow succeeds on L1 and pays nothing, the claim stays open, every holder keeps what it had and Bob pays only its gas",
  });

  describeScenario(
    { epic: 'Token standards', feature: trip.feature, needs: [collectionConfigured(target, trip.standard)] },
    `${trip.feature}: deposit, private transfer, withdraw, de-escrow`,
    () => {
      let cast: Cast;
      let alice: User;
      let bob: User;
      /** What Alice holds on L1 at the start, what she pays Bob, what Bob withdraws. */
      let granted: Asset;
      let paid: Asset;
      let withdrawn: Asset;
      let withdrawal: Withdrawal | undefined;
      let salt: SaltSource | undefined;
      let bobL1: { settle(): Promise<L1Outcome> } | undefined;

      const holdings = () =>
        l1Holdings<Holder>(alice.publicClient, granted, {
          Alice: alice.l1Address,
          escrow: target.contracts.nightfall,
          Bob: bob.l1Address,
        });
      const expectHoldings = async (expected: Holdings<Holder>, what: string) => {
        const held = await holdings();
        await attachJson(`L1 holders of ${describeAsset(granted)}`, held);
        expect(held, what).toEqual(expected);
      };

      /** Bob's withdrawal is paid out on his build (an automatic de-escrow needs it to leave change). */
      const paidOut = () => withdrawalPaidOut(bob, { withdrawn, from: paid });

      setUp(async () => {
        cast = await startCast(target, ['alice', 'bob'], {
          identities: identitySourceFor(target),
          scenario: `${trip.feature} round trip`,
        });
        [alice, bob] = cast.users as [User, User];
        [granted] = (await grantAssets(target, alice, [
          { collection: collectionOf(target, trip.standard), ...(trip.granted ? { amount: trip.granted } : {}) },
        ])) as [Asset];
        paid = trip.transferred ? partOf(granted, trip.transferred) : granted;
        withdrawn = trip.withdrawn ? partOf(paid, trip.withdrawn) : paid;
      });

      tearDown(async () => {
        await cast?.close();
      });

      reportCastPerTest(() => cast);

      it(`Alice holds the granted ${trip.standard} token on L1; the escrow and Bob hold none of it`, async () => {
        await attachJson('asset', {
          asset: describeAsset(granted),
          contract: granted.address,
          tokenId: granted.tokenId.toString(),
          slot: granted.slot?.toString(),
        });
        await expectHoldings({ Alice: held(granted), escrow: 0n, Bob: 0n }, 'L1 holders before the deposit');
      });

      it('Alice deposits it: confirmed on L2, her client holds one Unspent commitment of it, it sits in escrow on L1, her gas and fee are exact', async () => {
        const l1 = await watchL1(alice, []);
        const deposit = await alice.deposit(granted);
        await deposit.reaches('Confirmed');
        await alice.l2HoldingBecomes(granted, granted.value);
        const commitments = await alice.commitmentsOf(granted);
        expect(
          commitments.map((c) => [c.status, c.preimage.value]),
          "Alice's commitments of the token",
        ).toEqual([['Unspent', granted.value]]);
        const info = await alice.api.tokenInfo(nfTokenIdOf(granted));
        expect(
          [info.erc_address.toLowerCase(), info.token_id],
          "the contract maps the commitment's token id back to the L1 token",
        ).toEqual([granted.address.toLowerCase(), granted.tokenId]);
        await expectHoldings({ Alice: 0n, escrow: held(granted), Bob: 0n }, 'L1 holders after the deposit');
        const outcome = await l1.settle();
        await expectL1Change(alice, outcome, [], {
          native: -(target.depositFeeWei + outcome.gasPaid),
          tokens: {},
          transactions: ['approve', 'escrow'],
        });
      });

      it("Alice pays Bob privately: Bob's client holds it, Alice's commitment is Spent, nothing moves on L1", async () => {
        const transfer = await alice.transfer(paid, bob);
        await transfer.reaches('Confirmed');
        await bob.l2HoldingBecomes(paid, paid.value);
        const change = granted.value - paid.value;
        await alice.l2HoldingBecomes(granted, change === 0n ? 'nothing' : change);
        const bobs = await bob.commitmentsOf(paid);
        expect(
          bobs.map((c) => [c.status, c.preimage.value]),
          "Bob's commitments of the token",
        ).toEqual([['Unspent', paid.value]]);
        const alices = await alice.commitmentsOf(granted);
        expect(
          alices.filter((c) => c.status === 'Spent').map((c) => c.preimage.value),
          "Alice's deposit commitment is Spent",
        ).toEqual([granted.value]);
        await expectHoldings(
          { Alice: 0n, escrow: held(granted), Bob: 0n },
          'L1 holders after the private transfer (unchanged)',
        );
      });

      it(
        'Bob withdraws to his own L1 address: the withdraw fund salt names his spent commitment, which becomes Spent when the block lands',
        needing(paidOut, async () => {
          bobL1 = await watchL1(bob, []);
          withdrawal = await bob.withdraw(withdrawn);
          salt = await withdrawal.salt();
          const spent = await withdrawal.spentCommitment(salt.salt);
          expect(spent.preimage.value, 'the spent commitment holds what Bob received').toBe(paid.value);
          await withdrawal.landed(salt.salt);
          const left = paid.value - withdrawn.value;
          await bob.l2HoldingBecomes(paid, left === 0n ? 'nothing' : left);
        }),
      );

      it(
        deEscrow.title,
        needing(paidOut, async () => {
          if (!withdrawal || !salt || !bobL1)
            throw new Error(
              "prerequisite failed: Bob's withdrawal, its salt and his L1 watch (see the withdrawal test)",
            );
          const received = await deEscrow.claim(bob, withdrawal, salt.salt, bobL1, withdrawn);
          await expectHoldings(
            { Alice: 0n, escrow: held(granted) - held(received), Bob: held(received) },
            'L1 holders after the de-escrow',
          );
        }),
      );
    },
  );
}

/** What L1 shows of an asset: an ERC-721 item counts 1 for its owner; other standards their raw amount; none, 0. */
function held(asset: Asset | undefined): bigint {
  if (!asset) return 0n;
  return asset.standard === 'ERC721' ? 1n : asset.value;
}
