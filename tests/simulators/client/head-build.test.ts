// The head build (NF4_SIM_CLIENT_BUILD=head, upstream master 6ee83be): server-generated request ids, deriveKey with the
// public key only, no /v1/de-escrow but an automatic de-escrow when a withdraw is Confirmed, child_request_args on
// the request, token_type and layer_2_block_number on commitments (reference §0, §2.3, §3.5, §4).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nightfallAbi } from '../../../docker/contracts/abi';
import { nfTokenId } from '../../../docker/lib/crypto/commitment';
import { waitFor } from '../../../fixtures/waits';
import {
  commitments,
  erc20DepositBody,
  newMnemonic,
  requestStatus,
  waitForCommitments,
  waitForStatus,
  withdrawBody,
  CHILD_PATH,
  hex64,
  type Operation,
} from './support/client-api';
import { startClientDevnet, type ClientDevnet, type TestClient } from './support/client-devnet';
import { call } from './support/http';
import { allBlocksProcessed } from './support/notifications';
import { startWebhookSink, type WebhookSink } from './support/webhook-sink';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('client simulator, head build', () => {
  let devnet: ClientDevnet;
  let client: TestClient;
  let token: string;
  let hooks: WebhookSink;

  beforeAll(async () => {
    devnet = await startClientDevnet({ clients: 1 });
    hooks = await startWebhookSink();
    client = await devnet.startTestClient(devnet.identities[0]!, { build: 'head', webhookUrl: hooks.url });
    token = devnet.deployment.tokens.stablecoin;
  });
  afterAll(async () => {
    await devnet?.stop();
    await hooks?.close();
  });

  /** Submits without caring about the header: the server makes the id and returns it. */
  async function submitHead(operation: Operation, body: unknown): Promise<string> {
    const r = await call(client.url, 'POST', `/v1/${operation}`, { json: body });
    expect(r.status, r.text).toBe(202);
    return z.string().regex(V4).parse(r.headers['x-request-id']);
  }

  it('ignores X-Request-ID and returns a fresh UUID v4 per request', async () => {
    const sent = randomUUID();
    const r = await call(client.url, 'POST', '/v1/withdraw', { json: withdrawBody(token, devnet.identities[0]!.address, 1n), headers: { 'X-Request-ID': sent } });
    expect(r.status).toBe(202);
    expect(r.headers['x-request-id']).toMatch(V4);
    expect(r.headers['x-request-id']).not.toBe(sent);
    const bad = await call(client.url, 'POST', '/v1/withdraw', { json: withdrawBody(token, devnet.identities[0]!.address, 1n), headers: { 'X-Request-ID': 'nope' } });
    expect(bad.status).toBe(202);
  });

  it('derives keys answering only the public key, and has no /v1/de-escrow route', async () => {
    const r = await call(client.url, 'POST', '/v1/deriveKey', { json: { mnemonic: newMnemonic(), child_path: CHILD_PATH } });
    expect(Object.keys(JSON.parse(r.text))).toEqual(['zkp_public_key']);
    const deEscrow = await call(client.url, 'POST', '/v1/de-escrow', { json: {} });
    expect([deEscrow.status, deEscrow.text]).toEqual([404, 'NOT_FOUND']);
  });

  it('fails a FeeToken deposit (tokenType 4, a todo!() in the real client) without stopping the worker', async () => {
    const id = await submitHead('deposit', { ...erc20DepositBody(token, { value: 1n }), tokenType: '4' });
    await waitForStatus(client.url, id, ['Failed']);
  });

  it('records token_type and the L2 block number on commitments', async () => {
    const id = await submitHead('deposit', erc20DepositBody(token, { value: 300n, depositFee: 3n }));
    await waitForStatus(client.url, id, ['Confirmed']);
    const cs = await waitForCommitments(client.url, 'deposits Unspent', (all) => all.length === 2 && all.every((c) => c.status === 'Unspent'));
    expect(cs.map((c) => c.token_type).sort()).toEqual(['ERC20', 'FeeToken']);
    expect(cs.every((c) => typeof c.layer_2_block_number === 'number')).toBe(true);
  });

  it('keeps the de-escrow arguments on the request and de-escrows by itself once the withdraw is Confirmed', async () => {
    const recipient = devnet.identities[0]!.address;
    const before = await devnet.stablecoinBalance(recipient);
    await call(devnet.proposer.url, 'GET', '/v1/pause');
    const id = await submitHead('withdraw', withdrawBody(token, recipient, 100n, 1n));
    const submitted = await waitForStatus(client.url, id, ['Submitted']);
    const args = z
      .object({ tokenId: z.string(), ercAddress: z.string(), recipientAddress: z.string(), value: z.string(), tokenType: z.string(), withdrawFundSalt: z.string() })
      .parse(JSON.parse(submitted.child_request_args ?? 'null'));
    expect(args.value).toBe(hex64(100n));
    expect((await commitments(client.url)).find((c) => c.nullifier === args.withdrawFundSalt)?.status).toBe('PendingSpend');

    await call(devnet.proposer.url, 'GET', '/v1/resume');
    await waitForStatus(client.url, id, ['Confirmed']); // the fee commitment is on chain
    await waitFor({
      what: 'the automatic de-escrow to pay the recipient',
      timeoutMs: 30_000,
      probe: () => devnet.stablecoinBalance(recipient),
      isDone: (b) => b === before + 100n,
    });
    await waitFor({
      what: 'child_request_args to be cleared',
      timeoutMs: 10_000,
      probe: () => requestStatus(client.url, id),
      isDone: (s) => 'uuid' in s && s.child_request_args === undefined,
    });
  });

  it('never de-escrows an exact fee-less withdraw: it stays Submitted and its funds stay escrowed', async () => {
    const recipient = devnet.identities[0]!.address;
    const cs = await commitments(client.url);
    const change = cs.find((c) => c.status === 'Unspent' && c.token_type === 'ERC20')!;
    const value = BigInt(`0x${change.preimage.value}`);
    const id = await submitHead('withdraw', withdrawBody(token, recipient, value));
    const { child_request_args } = await waitForStatus(client.url, id, ['Submitted']);
    const salt = (JSON.parse(child_request_args!) as { withdrawFundSalt: string }).withdrawFundSalt;
    await waitForCommitments(client.url, 'the withdrawn commitment Spent', (all) => all.find((c) => c.nullifier === salt)?.status === 'Spent');
    await allBlocksProcessed(devnet, hooks);
    const data = { nf_token_id: nfTokenId(token as `0x${string}`, 0n), recipient_address: recipient, value, withdraw_fund_salt: BigInt(`0x${salt}`) };
    const claimable = await devnet.publicClient.readContract({ address: devnet.deployment.nightfall, abi: nightfallAbi, functionName: 'withdraw_processed', args: [data] });
    expect(claimable).toBe(true);
    expect(await requestStatus(client.url, id)).toMatchObject({ status: 'Submitted' });
  });
});
