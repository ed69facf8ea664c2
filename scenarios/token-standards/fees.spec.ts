// The layer's fees as the real contract books them (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// blockchain_assets/contracts/Nightfall.sol:288-315,401-404,427-519): a deposit with a `deposit_fee` pays the
// proposer's fee twice plus the deposit fee on L1 and gives the depositor a fee commitment of the deposit fee; a
// transfer or withdrawal pays its fee out of the sender's fee commitments (the rest comes back as fee change), and the
// fee travels in the transaction's slot of the L2 block. A withdrawal that pays a fee is Confirmed on every build.
import { expect, it } from 'vitest';
import {
  depositMsgValue,
  depositsEscrowedIn,
  erc20,
  feeTokenIdOf,
  gasCoin,
  nfTokenIdOf,
  proposerPaymentFor,
} from '../../fixtures/assets';
import { parseHex64 } from '../../fixtures/api';
import { findBlockSpending } from '../../fixtures/chain';
import {
  expectedFeeCommitments,
  expectL1Change,
  feeCommitmentsByStatus,
  watchL1,
  type L1Outcome,
} from '../../fixtures/expectations';
import { attachJson, describeScenario, setUp, tearDown } from '../../fixtures/report';
import { currentTarget } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import { identitySourceFor, type User } from '../../fixtures/users';

const target = currentTarget();
/** The token with the fewest decimals: a fee encoded with the token's decimals instead of the coin's would show. */
const token = [...target.tokens].sort((a, b) => a.decimals - b.decimals)[0]!;
/** Whole units of the native coin, in which every fee is paid. */
const FEES = { deposit: '0.001', transfer: '0.0002', withdraw: '0.0003' } as const;
const wei = { deposit: gasCoin(FEES.deposit), transfer: gasCoin(FEES.transfer), withdraw: gasCoin(FEES.withdraw) };

describeScenario(
  { epic: 'Token standards', feature: 'Fees' },
  `fees: a deposit with a deposit fee, then a transfer and a withdrawal paying fees from it (${token.symbol})`,
  () => {
    const amounts = {
      deposit: erc20(token, token.amounts.deposit),
      transfer: erc20(token, token.amounts.transfer),
      withdraw: erc20(token, token.amounts.withdraw),
    };
    let cast: Cast;
    let alice: User;
    let bob: User;
    let startBlock: bigint;

    setUp(async () => {
      cast = await startCast(target, ['alice', 'bob'], {
        tokens: { alice: { [token.symbol]: amounts.deposit.value } },
        identities: identitySourceFor(target),
        scenario: 'fees',
      });
      [alice, bob] = cast.users as [User, User];
      startBlock = await alice.publicClient.getBlockNumber();
    });

    tearDown(async () => {
      await cast?.close();
    });

    reportCastPerTest(() => cast);

    it('a deposit with a deposit fee: Alice pays the proposer fee twice plus the deposit fee, L1 books a value and a fee deposit, her client holds a fee commitment of the deposit fee', async () => {
      const l1 = await watchL1(alice, [token]);
      const deposit = await alice.deposit(amounts.deposit, { depositFee: FEES.deposit });
      await deposit.reaches('Confirmed');
      await alice.l2HoldingBecomes(amounts.deposit, amounts.deposit.value);
      await alice.feeBalanceBecomes(wei.deposit);
      const fees = await alice.feeCommitments();
      expect(
        fees.map((c) => [c.status, c.preimage.value]),
        "Alice's fee commitments: one, of the deposit fee",
      ).toEqual([['Unspent', wei.deposit]]);

      const outcome = await l1.settle();
      // msg.value = 2 × fee + deposit_fee: the value deposit and the fee deposit each pay the proposer's fee (D2).
      await expectL1Change(alice, outcome, [token], {
        native: -(depositMsgValue({ fee: target.depositFeeWei, depositFee: wei.deposit }) + outcome.gasPaid),
        tokens: { [token.symbol]: -amounts.deposit.value },
        transactions: ['approve', 'escrow'],
      });
      const booked = await depositsEscrowedIn(
        alice.publicClient,
        target.contracts.nightfall,
        outcome.transactions[1]!.hash as `0x${string}`,
      );
      await attachJson('DepositEscrowed events of the escrow transaction', booked);
      expect(
        booked,
        'the escrow booked the value under the token, then the deposit fee under the fee token id',
      ).toEqual([
        { nfSlotId: nfTokenIdOf(amounts.deposit), value: amounts.deposit.value },
        { nfSlotId: feeTokenIdOf(target.contracts.nightfall), value: wei.deposit },
      ]);
    });

    it("a transfer paying a fee: the fee leaves Alice's fee commitments (the rest comes back as fee change), travels in the transfer's slot of the L2 block, and Bob's fee balance stays empty", async () => {
      const transfer = await alice.transfer(amounts.transfer, bob, { fee: FEES.transfer });
      await transfer.reaches('Confirmed');
      await bob.l2HoldingBecomes(amounts.transfer, amounts.transfer.value);
      await alice.feeBalanceBecomes(wei.deposit - wei.transfer);
      await bob.feeBalanceBecomes('nothing');
      await expectFeeCommitments(alice, { spent: [wei.deposit], unspent: [wei.deposit - wei.transfer] });
      await expectFeeOnL1(alice, { spentFeeCommitment: wei.deposit, fee: wei.transfer }, 'transfer');
    });

    it('a withdrawal paying a fee: Confirmed on every build, the fee comes out of the fee change, and de-escrow pays exactly the value', async () => {
      const aliceL1 = await watchL1(alice, [token]);
      const withdrawal = await alice.withdraw(amounts.withdraw, { fee: FEES.withdraw });
      // Its fee output is a commitment on chain, mapped to the request: that is what confirms it
      // (EYBlockchain/nightfall_4_CE @ master 6ee83be :
      // nightfall_client/src/driven/event_handlers/nightfall_event.rs:352-358).
      await withdrawal.request.reaches('Confirmed');
      const { salt } = await withdrawal.salt();
      await withdrawal.landed(salt);
      await alice.feeBalanceBecomes(wei.deposit - wei.transfer - wei.withdraw);
      await expectFeeCommitments(alice, {
        spent: [wei.deposit, wei.deposit - wei.transfer],
        unspent: [wei.deposit - wei.transfer - wei.withdraw],
      });
      await expectFeeOnL1(
        alice,
        { spentFeeCommitment: wei.deposit - wei.transfer, fee: wei.withdraw },
        'withdrawal',
        salt,
      );

      const payout = await alice.claim(withdrawal, salt);
      expect(payout.value, 'the value withdrawn, the fee not deducted from it').toBe(amounts.withdraw.value);
      const outcome: L1Outcome = await aliceL1.settle();
      await expectL1Change(alice, outcome, [token], {
        native: -payout.gasPaid,
        tokens: { [token.symbol]: amounts.withdraw.value },
        transactions: [{ what: 'de-escrow', hash: payout.l1TxHash }],
      });
      await alice.l2HoldingBecomes(
        amounts.deposit,
        amounts.deposit.value - amounts.transfer.value - amounts.withdraw.value,
      );
    });

    /** Alice's fee commitments by status, values sorted (PendingCreation/PendingSpend would fail: blocks have landed). */
    async function expectFeeCommitments(user: User, expected: { spent: bigint[]; unspent: bigint[] }): Promise<void> {
      const fees = await user.feeCommitments();
      await attachJson(`${user.name}'s fee commitments`, fees);
      expect(feeCommitmentsByStatus(fees), `${user.name}'s fee commitments`).toEqual(expectedFeeCommitments(expected));
    }

    /** The slot that spent the fee commitment of value `spentFeeCommitment` carries exactly `fee`, and its proposer was paid at least it on L1. */
    async function expectFeeOnL1(
      user: User,
      { spentFeeCommitment, fee }: { spentFeeCommitment: bigint; fee: bigint },
      what: string,
      withdrawSalt?: string,
    ): Promise<void> {
      const spent = (await user.feeCommitments()).find(
        (c) => c.status === 'Spent' && c.preimage.value === spentFeeCommitment,
      );
      if (!spent)
        throw new Error(`${user.name} has no Spent fee commitment of ${spentFeeCommitment} wei after the ${what}`);
      const onL1 = await findBlockSpending(user.publicClient, target.contracts.nightfall, parseHex64(spent.nullifier), {
        fromBlock: startBlock,
      });
      if (!onL1)
        throw new Error(
          `no L2 block on L1 spends ${user.name}'s fee commitment ${spent._id} (nullifier ${spent.nullifier})`,
        );
      await attachJson(`the ${what}'s slot in L2 block ${onL1.l2BlockNumber}`, onL1);
      expect(onL1.slot.fee, `the ${what}'s slot carries its fee`).toBe(fee);
      if (withdrawSalt)
        expect(onL1.slot.nullifiers[0], "the withdrawal's own slot (its first nullifier is the salt)").toBe(
          parseHex64(withdrawSalt),
        );
      // The proposer's pay, read from L1 balances around its propose_block (never from the proof bytes it wrote itself);
      // other scenarios' fees may share the block, so it is at least this fee.
      const payment = await proposerPaymentFor(user.publicClient, onL1.l1TxHash);
      await attachJson(`what the proposer was paid in L1 block ${payment.l1BlockNumber}`, payment);
      expect(
        payment.paidByContracts >= fee,
        `the proposer ${payment.proposer} is paid at least the ${what}'s fee of ${fee} wei on L1 (its balance shows ${payment.paidByContracts} wei paid to it)`,
      ).toBe(true);
    }
  },
);
