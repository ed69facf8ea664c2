// The main scenario: two users, each with their own client, move an ERC-20 from public L1 balances into private
// commitments, pay each other privately and take the funds back out, for every ERC-20 of the target.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { units, NightfallApiError, type CommitmentEntry } from '../fixtures/api';
import { expectEveryProposerRegistered, expectL1Change, watchL1 } from '../fixtures/expectations';
import { attachJson, attachText, labels, step } from '../fixtures/report';
import { devnetTarget } from '../fixtures/target';
import { startCast, type Cast, type SaltSource, type User, type Withdrawal } from '../fixtures/users';

const target = devnetTarget();

for (const token of target.tokens) describe(`${token.symbol} round trip: deposit, private transfer, withdraw, de-escrow`, () => {
  const amount = {
    deposit: units(token, token.amounts.deposit),
    transfer: units(token, token.amounts.transfer),
    withdraw: units(token, token.amounts.withdraw),
  };
  let cast: Cast;
  let alice: User;
  let bob: User;
  let withdrawal: Withdrawal | undefined;
  let salt: SaltSource | undefined;
  let exchangesSeen = 0;

  beforeAll(async () => {
    cast = await startCast(target, ['alice', 'bob'], { tokens: { alice: { [token.symbol]: amount.deposit } } });
    [alice, bob] = cast.users as [User, User];
  });

  // Behaviors view: epic → one feature per token → one story per phase of the round trip.
  const story = (name: string) => labels({ epic: 'Private payments', feature: `${token.symbol} round trip (${token.decimals} decimals)`, story: name });

  afterEach(async () => {
    await attachJson('client API exchanges', cast?.exchanges.slice(exchangesSeen) ?? []);
    exchangesSeen = cast?.exchanges.length ?? 0;
  });

  afterAll(async () => {
    await target.blockProduction?.release();
    const swept = await cast?.close();
    if (swept) await attachJson('left-overs swept back to the funder', swept.map((s) => ({ returned: s.returned, nativeLeft: s.nativeLeft })));
  });

  onTestFailedAttachLogs(() => cast);

  it('both users hold exactly what the funder granted them on L1', async () => {
    await story('Set-up');
    const [a, b] = await Promise.all([alice.l1Snapshot(target.tokens), bob.l1Snapshot(target.tokens)]);
    expect(a.native).toBe(target.gasAllowanceWei);
    expect(a.tokens[token.symbol]).toBe(amount.deposit);
    expect(b.native).toBe(target.gasAllowanceWei);
    expect(b.tokens[token.symbol]).toBe(0n);
  });

  it('every expected proposer is registered, seen by both clients, and answers', async () => {
    await story('Set-up');
    await expectEveryProposerRegistered(target, [alice, bob]);
  });

  it('Alice deposits: confirmed on L2, her L2 balance is the value, L1 fell by exactly value, fee and her gas', async () => {
    await story('Deposit');
    const l1 = await watchL1(alice, [token]);
    const deposit = await step(`Alice deposits ${token.amounts.deposit} ${token.symbol}`, () => alice.deposit(token, token.amounts.deposit));
    await step('the deposit request is Confirmed', () => deposit.reaches('Confirmed'));
    await step(`Alice's L2 balance is ${token.amounts.deposit}`, () => alice.l2BalanceBecomes(token, amount.deposit));
    const outcome = await l1.settle();
    expect(outcome.transactions.length, 'approve and escrow, sent by her own client').toBe(2);
    await expectL1Change(alice, outcome, [token], {
      native: -(target.depositFeeWei + outcome.gasPaid),
      tokens: { [token.symbol]: -amount.deposit },
    });
  });

  it('Alice pays Bob privately: Bob holds the amount on L2, Alice the change', async () => {
    await story('Private transfer');
    const transfer = await step(`Alice transfers ${token.amounts.transfer} ${token.symbol} to Bob`, () => alice.transfer(token, token.amounts.transfer, bob));
    await step('the transfer request is Confirmed', () => transfer.reaches('Confirmed'));
    await step(`Bob's L2 balance is ${token.amounts.transfer}`, () => bob.l2BalanceBecomes(token, amount.transfer));
    await step(`Alice's L2 balance is the change`, () => alice.l2BalanceBecomes(token, amount.deposit - amount.transfer));
  });

  it('Bob withdraws to his own L1 address: the withdraw fund salt arrives and names his spent commitment', async () => {
    await story('Withdrawal');
    // Holding block production (devnet) keeps the withdrawal before its block, so the next test can try the early
    // de-escrow; on the test network the batching window alone leaves minutes for it.
    await target.blockProduction?.hold();
    withdrawal = await step(`Bob withdraws ${token.amounts.withdraw} ${token.symbol}`, () => bob.withdraw(token, token.amounts.withdraw));
    salt = await step('the withdraw fund salt arrives', () => withdrawal!.salt());
    await attachJson('withdraw fund salt', salt);
    const notified = await step('the client notification carries the same salt', () => withdrawal!.notifiedSalt());
    expect(notified).toBe(salt.salt);
    const spent = await step('the commitment whose nullifier is the salt is PendingSpend', () => withdrawal!.spentCommitment(salt!.salt));
    expect(spent.status).toBe('PendingSpend');
    expect(spent.preimage.value, 'the spent commitment holds exactly the withdrawn value').toBe(amount.withdraw);
  });

  it('a de-escrow before the commitment is Spent fails and moves nothing', async () => {
    await story('De-escrow');
    const pending = requireWithdrawal(withdrawal, salt);
    const l1 = await watchL1(bob, [token]);
    const commitmentsBefore = await bob.api.commitments();
    expect(statusOf(commitmentsBefore, pending.salt), 'still before the withdrawal block').toBe('PendingSpend');
    const refusal = await bob.deEscrow(pending.withdrawal, pending.salt).then(() => undefined, (error: unknown) => error);
    expect(refusal).toBeInstanceOf(NightfallApiError);
    await attachText('refusal', String(refusal));
    const outcome = await l1.settle();
    await expectL1Change(bob, outcome, [token], { native: 0n, tokens: { [token.symbol]: 0n } });
    expect(await bob.api.commitments()).toEqual(commitmentsBefore);
  });

  it('once the withdrawal block lands the commitment is Spent (the request status is not relied on)', async () => {
    await story('Withdrawal');
    const pending = requireWithdrawal(withdrawal, salt);
    await target.blockProduction?.release();
    const spent = await step('the commitment becomes Spent', () => pending.withdrawal.landed(pending.salt));
    expect(spent.status).toBe('Spent');
    await attachJson('withdraw request status (may stay Submitted on this build)', await bob.api.requestStatus(pending.withdrawal.request.id));
  });

  it('Bob de-escrows: his L1 token balance rises by exactly the value, his gas falls by exactly the de-escrow gas', async () => {
    await story('De-escrow');
    const pending = requireWithdrawal(withdrawal, salt);
    const l1 = await watchL1(bob, [token]);
    await step('Bob de-escrows', () => bob.deEscrow(pending.withdrawal, pending.salt));
    const outcome = await l1.settle();
    expect(outcome.transactions.length, 'one de-escrow, sent by his own client').toBe(1);
    await expectL1Change(bob, outcome, [token], { native: -outcome.gasPaid, tokens: { [token.symbol]: amount.withdraw } });
  });

  it('a second de-escrow of the same withdrawal fails and moves nothing', async () => {
    await story('De-escrow');
    const pending = requireWithdrawal(withdrawal, salt);
    const l1 = await watchL1(bob, [token]);
    const refusal = await bob.deEscrow(pending.withdrawal, pending.salt).then(() => undefined, (error: unknown) => error);
    expect(refusal).toBeInstanceOf(NightfallApiError);
    const outcome = await l1.settle();
    await expectL1Change(bob, outcome, [token], { native: 0n, tokens: { [token.symbol]: 0n } });
  });
});

function requireWithdrawal(withdrawal: Withdrawal | undefined, salt: SaltSource | undefined): { withdrawal: Withdrawal; salt: string } {
  if (!withdrawal || !salt) throw new Error('prerequisite failed: Bob\'s withdrawal and its salt (see the withdraw test)');
  return { withdrawal, salt: salt.salt };
}

function statusOf(commitments: readonly CommitmentEntry[], nullifier: string): string | undefined {
  return commitments.find((c) => c.nullifier.toLowerCase() === nullifier.toLowerCase())?.status;
}

/** On failure, the clients' logs go into the report: the morning reader should not need to rerun anything. */
function onTestFailedAttachLogs(cast: () => Cast | undefined): void {
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    await Promise.all((cast()?.users ?? []).map((user) => attachText(`${user.name}'s client log`, user.container.logs())));
  });
}
