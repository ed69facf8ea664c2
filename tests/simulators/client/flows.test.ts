// The full ERC-20 life cycle between two simulated clients (plume build) on a real anvil with the in-process
// proposer: deposit → private transfer → withdraw → de-escrow, including the seed's ordering rules (de-escrow too
// early or twice fails) and the real client's "withdraw stays Submitted" quirk (reference §3.4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  balance,
  commitments,
  deEscrowBody,
  deriveKeys,
  erc20DepositBody,
  hex64,
  newMnemonic,
  submit,
  transferBody,
  waitForBalance,
  waitForCommitments,
  waitForStatus,
  withdrawBody,
} from './support/client-api';
import { startClientDevnet, type ClientDevnet, type TestClient } from './support/client-devnet';
import { call } from './support/http';
import { allBlocksProcessed, transactionEventFor } from './support/notifications';
import { startWebhookSink, type WebhookSink } from './support/webhook-sink';

const WithdrawResponse = z.object({ success: z.literal(true), message: z.string(), withdraw_fund_salt: z.string() });

describe('client simulator: deposit → transfer → withdraw → de-escrow (plume)', () => {
  let devnet: ClientDevnet;
  let alice: TestClient;
  let bob: TestClient;
  let aliceHooks: WebhookSink;
  let bobHooks: WebhookSink;
  let token: string;
  let bobKey: string;

  beforeAll(async () => {
    devnet = await startClientDevnet({ clients: 2 });
    [aliceHooks, bobHooks] = await Promise.all([startWebhookSink(), startWebhookSink()]);
    alice = await devnet.startTestClient(devnet.identities[0]!, { webhookUrl: aliceHooks.url });
    bob = await devnet.startTestClient(devnet.identities[1]!, { webhookUrl: bobHooks.url });
    token = devnet.deployment.tokens.stablecoin;
    await deriveKeys(alice.url, newMnemonic());
    bobKey = (await deriveKeys(bob.url, newMnemonic())).zkp_public_key;
  });

  afterAll(async () => {
    await devnet?.stop();
    await Promise.all([aliceHooks?.close(), bobHooks?.close()]);
  });

  it('deposits: the commitments appear PendingCreation, then Unspent once the block lands; the request is Confirmed', async () => {
    const id = await submit(alice.url, 'deposit', erc20DepositBody(token, { value: 1_000n, depositFee: 10n }));
    const event = await transactionEventFor(aliceHooks, id);
    const hashes = z.array(z.string().regex(/^[0-9a-f]{64}$/)).length(2).parse(JSON.parse(event.response));
    expect(event.uuid).toBe(JSON.stringify(id)); // the uuid is JSON-quoted

    await waitForStatus(alice.url, id, ['Confirmed']);
    const stored = await waitForCommitments(alice.url, 'both deposit commitments Unspent', (cs) =>
      hashes.every((h) => cs.find((c) => c._id === h)?.status === 'Unspent'),
    );
    const value = stored.find((c) => c._id === hashes[0])!;
    expect(value.preimage.value).toBe(hex64(1_000n));
    expect(value.preimage.public_key).toBe(hex64(1n)); // deposits are owned by the identity point
    expect(value.preimage.salt.type).toBe('Deposit');
    expect(value.layer_1_transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(value.layer_2_block_number).toBeNull(); // plume never records it
    expect(value).not.toHaveProperty('token_type');
    expect(await balance(alice.url, token)).toBe(1_000n);
    const fee = await call(alice.url, 'GET', '/v1/fee_balance');
    expect([fee.status, fee.text]).toEqual([200, hex64(10n)]);
  });

  it('transfers privately: the recipient decrypts the block, the sender keeps the change and pays the fee', async () => {
    const id = await submit(alice.url, 'transfer', transferBody(token, bobKey, 300n, 1n));
    const event = await transactionEventFor(aliceHooks, id);
    const [clientTransaction, receipt] = JSON.parse(event.response) as [{ commitments: string[] }, null];
    expect(receipt).toBeNull();
    await waitForStatus(alice.url, id, ['Confirmed']);

    await waitForBalance(bob.url, token, 300n);
    const received = (await commitments(bob.url)).find((c) => c._id === clientTransaction.commitments[0]);
    expect(received?.status).toBe('Unspent');
    expect(received?.layer_1_transaction_hash).toBeNull(); // plume stores received commitments without location
    await waitForBalance(alice.url, token, 700n);
    expect((await call(alice.url, 'GET', '/v1/fee_balance')).text).toBe(hex64(9n));
  });

  it('withdraws: de-escrow fails before the block and a second time, succeeds once the commitment is Spent', async () => {
    const recipient = bob.identity.address;
    const before = await devnet.stablecoinBalance(recipient);
    await call(devnet.proposer.url, 'GET', '/v1/pause');
    const id = await submit(bob.url, 'withdraw', withdrawBody(token, recipient, 100n));
    const event = await transactionEventFor(bobHooks, id);
    const { withdraw_fund_salt: salt, message } = WithdrawResponse.parse(JSON.parse(event.response));
    expect(message).toBe('Withdraw operation completed successfully');
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(bob.logs.some((l) => l.includes('nightfall_client::driven::queue] Response: TransactionEvent') && l.includes(`\\"withdraw_fund_salt\\":\\"${salt}\\"`))).toBe(true);
    const status = await waitForStatus(bob.url, id, ['Submitted']);
    expect(Object.keys(status)).toEqual(['status', 'uuid']); // the salt is not in the request status

    const spending = (await commitments(bob.url)).find((c) => c.nullifier === salt);
    expect(spending?.status).toBe('PendingSpend');
    const early = await call(bob.url, 'POST', '/v1/de-escrow', { json: deEscrowBody(token, recipient, 100n, salt) });
    expect([early.status, early.text]).toEqual([400, 'Failed to de-escrow funds']);

    await call(devnet.proposer.url, 'GET', '/v1/resume');
    await waitForCommitments(bob.url, 'the withdrawn commitment Spent', (cs) => cs.find((c) => c.nullifier === salt)?.status === 'Spent');
    await waitForStatus(bob.url, id, ['Confirmed']); // the change commitment is on chain
    const ok = await call(bob.url, 'POST', '/v1/de-escrow', { json: deEscrowBody(token, recipient, 100n, salt) });
    expect([ok.status, ok.text, ok.contentType]).toEqual([200, 'OK', 'text/plain; charset=utf-8']);
    expect(await devnet.stablecoinBalance(recipient)).toBe(before + 100n);

    const again = await call(bob.url, 'POST', '/v1/de-escrow', { json: deEscrowBody(token, recipient, 100n, salt) });
    expect([again.status, again.text]).toEqual([400, 'Failed to de-escrow funds']);
    expect(await balance(bob.url, token)).toBe(200n);
  });

  it('leaves an exact, fee-less withdraw Submitted after its block (the real client quirk); de-escrow still works', async () => {
    const recipient = alice.identity.address;
    const before = await devnet.stablecoinBalance(recipient);
    const id = await submit(alice.url, 'withdraw', withdrawBody(token, recipient, 700n));
    const { withdraw_fund_salt: salt } = WithdrawResponse.parse(JSON.parse((await transactionEventFor(aliceHooks, id)).response));
    await waitForCommitments(alice.url, 'the withdrawn commitment Spent', (cs) => cs.find((c) => c.nullifier === salt)?.status === 'Spent');
    await allBlocksProcessed(devnet, aliceHooks);
    expect((await waitForStatus(alice.url, id, ['Submitted'])).status).toBe('Submitted');

    const ok = await call(alice.url, 'POST', '/v1/de-escrow', { json: deEscrowBody(token, recipient, 700n, salt) });
    expect([ok.status, ok.text]).toEqual([200, 'OK']);
    expect(await devnet.stablecoinBalance(recipient)).toBe(before + 700n);
    expect(await balance(alice.url, token)).toBeUndefined(); // nothing Unspent left: 404 No such token
  });
});
