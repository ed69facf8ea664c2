// De-escrow rejections (docs/client-api.md, "Withdrawal and de-escrow"; EYBlockchain/nightfall_4_CE @ master 6ee83be :
// blockchain_assets/contracts/Nightfall.sol:573-639): a de-escrow asked too early, a second time, or not matching the
// withdrawal (salt, value, recipient) is refused, and nothing moves — L1 and L2 balances of both users, the tokens in
// escrow and both clients' commitments stay as they were. The recipient in the short 0x form is where the original API
// brief and the real client part (docs/client-api.md, "Encodings"): the brief says it is not accepted; the real client
// reads recipientAddress as a number
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : lib/src/hex_conversion.rs:26-30), so the short form names the same
// address and pays out.
import { expect, it } from 'vitest';
import {
  amountHex,
  deEscrowBody,
  hex64,
  recipientAddressHex,
  shortRecipientAddress,
  units,
  withdrawBody,
  type DeEscrowBody,
} from '../../fixtures/api';
import { deEscrowRoute } from '../../fixtures/builds';
import {
  expectAmount,
  expectDeEscrowBodyRefused,
  expectL1Change,
  expectSpendAwaitingItsBlock,
  expectStillBeforeItsBlock,
  rejectionToken,
  tryEarlyDeEscrow,
  unlessRefusedInconclusive,
  watchL1,
  type L1Watch,
} from '../../fixtures/expectations';
import { describeScenario, needing, needingEach, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import { giveConfirmedL2Holding, type User, type Withdrawal } from '../../fixtures/users';
import { withdrawAsIs } from '../../fixtures/users/raw-submissions';

const target = currentTarget();

const token = rejectionToken(target);
const amount = { deposit: units(token, token.amounts.deposit), withdraw: units(token, token.amounts.withdraw) };

describeScenario(
  { epic: 'Rejections', feature: 'De-escrow' },
  `De-escrow rejections (${token.symbol}): too early, not matching the withdrawal, twice`,
  () => {
    let cast: Cast;
    let alice: User;
    let bob: User;
    let withdrawal: Withdrawal | undefined;
    let salt: string | undefined;
    /** Alice's L1 from before her withdrawal: the payout may come from the client itself, or from an early call that met the block. */
    let aliceL1: L1Watch | undefined;
    /** The early de-escrow paid out: the block landed during it (possible only where nothing holds blocks). */
    let paidEarly = false;

    /** What the refusals of a de-escrow need: a de-escrow Alice can ask for. */
    const deEscrowToRefuse = () =>
      deEscrowRoute(alice, 'there is no de-escrow to refuse: the client de-escrows by itself');

    setUp(async () => {
      // The plan's own rule, checked before anything moves (a precondition, not a verdict): Alice keeps change, so her
      // withdrawal confirms on every build (EYBlockchain/nightfall_4_CE @ master 6ee83be :
      // nightfall_client/src/drivers/rest/client_operation.rs:60-67).
      if (amount.withdraw >= amount.deposit) {
        throw new Error(
          `the ${target.name} target's ${token.symbol} amounts must leave Alice change (withdraw < deposit); configured: deposit ${token.amounts.deposit}, withdraw ${token.amounts.withdraw}`,
        );
      }
      cast = await startCast(target, ['alice', 'bob'], {
        tokens: { alice: { [token.symbol]: amount.deposit } },
        scenario: 'de-escrow rejections',
      });
      [alice, bob] = cast.users as [User, User];
      await giveConfirmedL2Holding(alice, token, token.amounts.deposit);
    });

    reportCastPerTest(() => cast);

    tearDown(async () => {
      await target.blockProduction?.release();
      await cast?.close();
    });

    const pending = (): { withdrawal: Withdrawal; salt: string } => {
      if (!withdrawal || !salt)
        throw new Error("prerequisite failed: Alice's withdrawal and its salt (see the short-form withdraw test)");
      return { withdrawal, salt };
    };
    /** The de-escrow body of Alice's withdrawal with one field changed. */
    const deEscrowWith = (change: Partial<DeEscrowBody>): DeEscrowBody => ({
      ...deEscrowBody(pending().withdrawal.request.body, pending().salt),
      ...change,
    });

    it('a withdraw naming the recipient in the short 0x form is accepted: the real client reads it as a number (unlike the original API brief: docs/client-api.md)', async () => {
      // Held blocks keep the withdrawal before its block, so that the early de-escrow can be tried next; where nothing
      // holds them (the test network, E2E_DEVNET=testnet-pace) the block may land at any moment.
      await target.blockProduction?.hold();
      aliceL1 = await watchL1(alice, [token]);
      const body = {
        ...withdrawBody({
          token: { address: token.address, standard: 'ERC20' },
          value: amount.withdraw,
          recipient: alice.l1Address,
          fee: 0n,
        }),
        recipientAddress: shortRecipientAddress(alice.l1Address),
      };
      withdrawal = await withdrawAsIs(alice, body);
      salt = (await withdrawal.salt()).salt;
      const spent = await expectSpendAwaitingItsBlock(target, withdrawal, salt);
      expectAmount(
        "the value of the spent commitment (Alice's deposit)",
        spent.preimage.value,
        amount.deposit,
        token,
        "the spent commitment is Alice's deposit",
      );
    });

    it(
      'a de-escrow before the withdrawal block is refused (400 "Failed to de-escrow funds") and moves nothing',
      needing(deEscrowToRefuse, async (context) => {
        await expectStillBeforeItsBlock(target, alice, pending().salt);
        // Tried only while L1 shows no block spending the salt, checked right before the call.
        const early = await tryEarlyDeEscrow(pending().withdrawal, pending().salt, () =>
          expectDeEscrowBodyRefused(alice, deEscrowWith({}), cast.users, target.tokens),
        );
        paidEarly = early.outcome === 'raced' && early.paid;
        await unlessRefusedInconclusive(context, target, early);
      }),
    );

    it('once the withdrawal block lands the commitment is Spent', async () => {
      await target.blockProduction?.release();
      const spent = await pending().withdrawal.landed(pending().salt);
      expect(spent.status).toBe('Spent');
    });

    it.for([
      ['a salt of no withdrawal', () => ({ withdrawFundSalt: hex64(BigInt(`0x${pending().salt}`) ^ 1n) })],
      ['a value one raw unit above the withdrawal', () => ({ value: amountHex(amount.withdraw + 1n) })],
      [
        "Bob's address instead of the withdrawal's recipient",
        () => ({ recipientAddress: recipientAddressHex(bob.l1Address) }),
      ],
    ] as const)(
      'a de-escrow with %s is refused (400 "Failed to de-escrow funds") and moves nothing',
      needingEach(deEscrowToRefuse, async ([, change]: readonly [string, () => Partial<DeEscrowBody>]) => {
        await expectDeEscrowBodyRefused(alice, deEscrowWith(change()), cast.users, target.tokens);
      }),
    );

    it("a de-escrow repeating the short 0x recipient pays Alice exactly the value (unlike the original API brief: docs/client-api.md); her gas falls by exactly the de-escrow's", async () => {
      const { withdrawal: w, salt: s } = pending();
      if (!aliceL1)
        throw new Error(
          "prerequisite failed: Alice's L1 watch from before the withdrawal (see the short-form withdraw test)",
        );
      // Not asked again when the early call paid (its block landed during it, with the same body): the payout is that one.
      const payout = await alice.claim(w, s, { asked: paidEarly });
      expect(payout.sentBy, "sent, and its gas paid, by Alice's own client").toBe(alice.l1Address);
      await expectL1Change(alice, await aliceL1.settle({ knownHashes: [payout.l1TxHash] }), [token], {
        native: -payout.gasPaid,
        tokens: { [token.symbol]: amount.withdraw },
        transactions: [{ what: 'de-escrow', hash: payout.l1TxHash }],
      });
    });

    it(
      'a second de-escrow of the same withdrawal is refused (400 "Failed to de-escrow funds") and moves nothing',
      needing(deEscrowToRefuse, async () => {
        await expectDeEscrowBodyRefused(alice, deEscrowWith({}), cast.users, target.tokens);
      }),
    );
  },
);
