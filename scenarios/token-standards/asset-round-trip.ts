// The round trip of one token that is not an ERC-20: Alice deposits it (into Nightfall's escrow on L1), pays Bob
// privately, Bob withdraws to his own L1 address and the funds leave escrow. At every step the token's holders on L1
// (Alice, the escrow, Bob) are read at one block and compared to the unit, and each client's L2 view (balance and
// commitments of the token) must agree. One spec file per standard declares it, so the standards run side by side.
import { expect, it } from 'vitest';
import {
  collectionUnderTest,
  describeAsset,
  erc3525TokensOf,
  grantAssets,
  l1Holdings,
  nfTokenIdOf,
  partOf,
  type Asset,
  type Holdings,
  type NonFungibleStandard,
} from '../../fixtures/assets';
import { erc3525DeEscrowDefect, skipForBuild } from '../../fixtures/builds';
import { expectDeEscrowPaidNothing, expectL1Change, watchL1, type L1Outcome } from '../../fixtures/expectations';
import { attachJson, describeScenario, nothingToTest, setUp, type SkipContext, tearDown } from '../../fixtures/report';
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
  const configured = collectionUnderTest(target, trip.standard);

  describeScenario(
    { epic: 'Token standards', feature: trip.feature },
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

      setUp(async () => {
        if ('skip' in configured) return;
        cast = await startCast(target, ['alice', 'bob'], {
          identities: identitySourceFor(target),
          scenario: `${trip.feature} round trip`,
        });
        [alice, bob] = cast.users as [User, User];
        [granted] = (await grantAssets(target, alice, [
          { collection: configured.collection, ...(trip.granted ? { amount: trip.granted } : {}) },
        ])) as [Asset];
        paid = trip.transferred ? partOf(granted, trip.transferred) : granted;
        withdrawn = trip.withdrawn ? partOf(paid, trip.withdrawn) : paid;
      });

      tearDown(async () => {
        await cast?.close();
      });

      reportCastPerTest(() => cast);

      it(`Alice holds the granted ${trip.standard} token on L1; the escrow and Bob hold none of it`, async (context) => {
        if ('skip' in configured) return nothingToTest(context, target, configured.skip);
        await attachJson('asset', {
          asset: describeAsset(granted),
          contract: granted.address,
          tokenId: granted.tokenId.toString(),
          slot: granted.slot?.toString(),
        });
        await expectHoldings({ Alice: held(granted), escrow: 0n, Bob: 0n }, 'L1 holders before the deposit');
      });

      it('Alice deposits it: confirmed on L2, her client holds one Unspent commitment of it, it sits in escrow on L1, her gas and fee are exact', async (context) => {
        if ('skip' in configured) return nothingToTest(context, target, configured.skip);
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

      it("Alice pays Bob privately: Bob's client holds it, Alice's commitment is Spent, nothing moves on L1", async (context) => {
        if ('skip' in configured) return nothingToTest(context, target, configured.skip);
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

      it('Bob withdraws to his own L1 address: the withdraw fund salt names his spent commitment, which becomes Spent when the block lands', async (context) => {
        if ('skip' in configured) return nothingToTest(context, target, configured.skip);
        await skipWhereWithdrawalNeverConfirms(context);
        bobL1 = await watchL1(bob, []);
        withdrawal = await bob.withdraw(withdrawn);
        salt = await withdrawal.salt();
        const spent = await withdrawal.spentCommitment(salt.salt);
        expect(spent.preimage.value, 'the spent commitment holds what Bob received').toBe(paid.value);
        await withdrawal.landed(salt.salt);
        const left = paid.value - withdrawn.value;
        await bob.l2HoldingBecomes(paid, left === 0n ? 'nothing' : left);
      });

      /** Head-like builds de-escrow automatically once the withdrawal is Confirmed, which a withdrawal with no change never is. */
      async function skipWhereWithdrawalNeverConfirms(context: SkipContext): Promise<void> {
        await skipForBuild(
          context,
          bob.build,
          bob.build.deEscrow === 'automatic' && withdrawn.value === paid.value,
          'a withdrawal with no change and no fee never becomes Confirmed on this build, so its automatic de-escrow never ' +
            'runs and the token would stay in escrow; the fee-paying withdrawal is covered by the fees scenario',
        );
      }

      // The contracts the test network runs cannot de-escrow ERC-3525: there the test asserts that defect (and turns red once fixed).
      const deEscrowDefect = trip.standard === 'ERC3525' ? erc3525DeEscrowDefect(target.contractGeneration) : undefined;
      if (deEscrowDefect) {
        it(`known defect of the ${deEscrowDefect.generation}-era contracts: Bob's de-escrow succeeds on L1 and pays nothing, the claim stays open, every holder keeps what it had and Bob pays only its gas`, async (context) => {
          if ('skip' in configured) return nothingToTest(context, target, configured.skip);
          if (!withdrawal || !salt || !bobL1)
            throw new Error(
              "prerequisite failed: Bob's withdrawal, its salt and his L1 watch (see the withdrawal test)",
            );
          await bob.deEscrow(withdrawal, salt.salt);
          const outcome = await bobL1.settle();
          await expectDeEscrowPaidNothing(bob, withdrawal, salt.salt, outcome, deEscrowDefect);
          await expectHoldings(
            { Alice: 0n, escrow: held(granted), Bob: 0n },
            'L1 holders after the de-escrow (unchanged)',
          );
          await expectL1Change(bob, outcome, [], { native: -outcome.gasPaid, tokens: {}, transactions: ['de-escrow'] });
        });
        return;
      }

      it("the token leaves escrow: Bob holds exactly what he withdrew on L1, the escrow keeps the rest, his gas is exactly the de-escrow's", async (context) => {
        if ('skip' in configured) return nothingToTest(context, target, configured.skip);
        await skipWhereWithdrawalNeverConfirms(context);
        if (!withdrawal || !salt || !bobL1)
          throw new Error("prerequisite failed: Bob's withdrawal, its salt and his L1 watch (see the withdrawal test)");
        const payout = await bob.claim(withdrawal, salt.salt);
        await attachJson('de-escrow on L1', payout);
        expect(payout.sentBy, "the de-escrow is sent, and its gas paid, by Bob's own client").toBe(bob.l1Address);
        await expectHoldings(
          { Alice: 0n, escrow: held(granted) - held(withdrawn), Bob: held(withdrawn) },
          'L1 holders after the de-escrow',
        );
        if (granted.standard === 'ERC3525') {
          // De-escrow moves value, not the token: Bob gets a new token of the same slot; the escrowed one keeps the rest.
          const bobsTokens = await erc3525TokensOf(bob.publicClient, granted.address, bob.l1Address, granted.slot!);
          await attachJson("Bob's ERC-3525 tokens in the slot", bobsTokens);
          expect(
            bobsTokens.map((t) => [t.slot, t.value]),
            "Bob's tokens in the slot: one, with the withdrawn value",
          ).toEqual([[granted.slot, withdrawn.value]]);
          expect(bobsTokens[0]!.tokenId, 'a new token, not the escrowed one').not.toBe(granted.tokenId);
        }
        const outcome = await bobL1.settle();
        await expectL1Change(bob, outcome, [], {
          native: -payout.gasPaid,
          tokens: {},
          transactions: [{ what: 'de-escrow', hash: payout.l1TxHash }],
        });
      });
    },
  );
}

/** What L1 shows of an asset: an ERC-721 item counts 1 for its owner; other standards their raw amount. */
function held(asset: Asset): bigint {
  return asset.standard === 'ERC721' ? 1n : asset.value;
}
