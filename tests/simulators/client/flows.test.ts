// The full ERC-20 life cycle between two simulated clients (plume build) on a real anvil with the in-process proposer:
// deposit → private transfer → withdraw → de-escrow, including the ordering rules of docs/client-api.md, "Withdrawal
// and de-escrow" (de-escrow too early or twice fails) and the real client's "withdraw stays Submitted" quirk
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/client_operation.rs:60-67).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deEscrowBody, depositBody, hex64, transferBody, withdrawBody } from '../../../fixtures/api';
import { apiFailure, queuedId, waitForBalance, waitForCommitments, waitForStatus } from './support/client-api';
import { call } from './support/raw-http';
import { allBlocksProcessed, transactionEventFor } from './support/notifications';
import { loggedLine } from './support/logs';
import { useClientDevnet } from './support/suite';

const WithdrawResponse = z.object({ success: z.literal(true), message: z.string(), withdraw_fund_salt: z.string() });

describe('client simulator: deposit → transfer → withdraw → de-escrow (plume)', () => {
  const suite = useClientDevnet({
    identities: 2,
    clients: { alice: { webhooks: true, deriveKeys: true }, bob: { webhooks: true, deriveKeys: true } },
  });
  const stablecoin = () => suite().devnet.stablecoin;

  it('deposits: the commitments appear PendingCreation, then Unspent once the block lands; the request is Confirmed', async () => {
    const { alice } = suite().clients;
    const id = queuedId(
      await alice.api.deposit(depositBody({ token: stablecoin(), value: 1_000n, fee: 0n, depositFee: 10n })),
    );
    const event = await transactionEventFor(alice, id);
    const hashes = z
      .array(z.string().regex(/^[0-9a-f]{64}$/))
      .length(2)
      .parse(JSON.parse(event.response));
    expect(event.uuid).toBe(JSON.stringify(id)); // the uuid is JSON-quoted

    await waitForStatus(alice.api, id, ['Confirmed']);
    const stored = await waitForCommitments(alice.api, 'both deposit commitments Unspent', (cs) =>
      hashes.every((h) => cs.find((c) => c._id === h)?.status === 'Unspent'),
    );
    const value = stored.find((c) => c._id === hashes[0])!;
    expect(value.preimage.value).toBe(1_000n);
    expect(value.preimage.public_key).toBe(hex64(1n)); // deposits are owned by the identity point
    expect(value.preimage.salt.type).toBe('Deposit');
    expect(value.layer_1_transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(value.layer_2_block_number).toBeNull(); // plume never records it
    expect(value).not.toHaveProperty('token_type');
    expect(await alice.api.balance(stablecoin().address)).toEqual({ raw: 1_000n, hasUnspent: true });
    expect(await alice.api.feeBalance()).toEqual({ raw: 10n, hasUnspent: true });
  });

  it('transfers privately: the recipient decrypts the block, the sender keeps the change and pays the fee', async () => {
    const { alice, bob } = suite().clients;
    const body = transferBody({ token: stablecoin(), value: 300n, recipient: bob.keys!.zkpPublicKey, fee: 1n });
    const id = queuedId(await alice.api.transfer(body));
    const event = await transactionEventFor(alice, id);
    const [clientTransaction, receipt] = JSON.parse(event.response) as [{ commitments: string[] }, null];
    expect(receipt).toBeNull();
    await waitForStatus(alice.api, id, ['Confirmed']);

    await waitForBalance(bob.api, stablecoin().address, 300n);
    const received = (await bob.api.commitments()).find((c) => c._id === clientTransaction.commitments[0]);
    expect(received?.status).toBe('Unspent');
    expect(received?.layer_1_transaction_hash).toBeNull(); // plume stores received commitments without location
    await waitForBalance(alice.api, stablecoin().address, 700n);
    expect(await alice.api.feeBalance()).toEqual({ raw: 9n, hasUnspent: true });
  });

  it('withdraws: de-escrow fails before the block and a second time, succeeds once the commitment is Spent', async () => {
    const { devnet, clients } = suite();
    const { bob } = clients;
    const recipient = bob.identity.address;
    const before = await devnet.stablecoinBalance(recipient);
    await devnet.pauseProposer();
    const withdraw = withdrawBody({ token: stablecoin(), value: 100n, recipient, fee: 0n });
    const id = queuedId(await bob.api.withdraw(withdraw));
    const event = await transactionEventFor(bob, id);
    const { withdraw_fund_salt: salt, message } = WithdrawResponse.parse(JSON.parse(event.response));
    expect(message).toBe('Withdraw operation completed successfully');
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    // The delivery may arrive before the log line that announced it.
    await loggedLine(
      bob,
      (l) =>
        l.includes('nightfall_client::driven::queue] Response: TransactionEvent') &&
        l.includes(`\\"withdraw_fund_salt\\":\\"${salt}\\"`),
    );
    const status = await waitForStatus(bob.api, id, ['Submitted']);
    expect(status.child_request_args).toBeNull(); // the salt is not in the request status

    const spending = (await bob.api.commitments()).find((c) => c.nullifier === salt);
    expect(spending?.status).toBe('PendingSpend');
    const early = await apiFailure(bob.api.deEscrow(deEscrowBody(withdraw, salt)));
    expect(early.isAnswer(400, 'Failed to de-escrow funds')).toBe(true);

    await devnet.resumeProposer();
    await waitForCommitments(
      bob.api,
      'the withdrawn commitment Spent',
      (cs) => cs.find((c) => c.nullifier === salt)?.status === 'Spent',
    );
    await waitForStatus(bob.api, id, ['Confirmed']); // the change commitment is on chain
    await bob.api.deEscrow(deEscrowBody(withdraw, salt));
    expect(bob.exchanges.at(-1)).toMatchObject({ path: '/v1/de-escrow', status: 200, responseBody: 'OK' });
    expect(await devnet.stablecoinBalance(recipient)).toBe(before + 100n);

    const again = await apiFailure(bob.api.deEscrow(deEscrowBody(withdraw, salt)));
    expect(again.isAnswer(400, 'Failed to de-escrow funds')).toBe(true);
    expect(await bob.api.balance(stablecoin().address)).toEqual({ raw: 200n, hasUnspent: true });
  });

  it('leaves an exact, fee-less withdraw Submitted after its block (the real client quirk); de-escrow still works', async () => {
    const { devnet, clients } = suite();
    const { alice } = clients;
    const recipient = alice.identity.address;
    const before = await devnet.stablecoinBalance(recipient);
    const withdraw = withdrawBody({ token: stablecoin(), value: 700n, recipient, fee: 0n });
    const id = queuedId(await alice.api.withdraw(withdraw));
    const { withdraw_fund_salt: salt } = WithdrawResponse.parse(
      JSON.parse((await transactionEventFor(alice, id)).response),
    );
    await waitForCommitments(
      alice.api,
      'the withdrawn commitment Spent',
      (cs) => cs.find((c) => c.nullifier === salt)?.status === 'Spent',
    );
    await allBlocksProcessed(devnet, alice);
    expect((await waitForStatus(alice.api, id, ['Submitted'])).status).toBe('Submitted');

    // Raw: the exact answer of a successful de-escrow (the typed client checks only that it succeeded).
    const ok = await call(alice.url, 'POST', '/v1/de-escrow', { json: deEscrowBody(withdraw, salt) });
    expect([ok.status, ok.text, ok.contentType]).toEqual([200, 'OK', 'text/plain; charset=utf-8']);
    expect(await devnet.stablecoinBalance(recipient)).toBe(before + 700n);
    expect(await alice.api.balance(stablecoin().address)).toEqual({ raw: 0n, hasUnspent: false }); // nothing Unspent left: 404 No such token
  });
});
