// A client restart (reference §0.16, §3.1, §9): the store in the data directory survives, requests do not (old ids →
// 404), keys are random again until deriveKey, and the listener replays every block from the genesis block —
// re-announcing each by webhook and, exactly like the real client, turning a PendingSpend whose spend has not landed
// back into Unspent (then Spent once it does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { waitFor } from '../../../fixtures/waits';
import { wakeOnEvent } from '../../../fixtures/waits/wake';
import {
  balance,
  commitments,
  deriveKeys,
  erc20DepositBody,
  newMnemonic,
  submit,
  waitForCommitments,
  waitForStatus,
  withdrawBody,
} from './support/client-api';
import { startClientDevnet, type ClientDevnet, type TestClient } from './support/client-devnet';
import { call } from './support/http';
import { startWebhookSink, type WebhookSink } from './support/webhook-sink';

const BlockchainEvent = z.object({ event_type: z.literal('blockchain_event'), l2_block_number: z.number() });

describe('client simulator restart (plume)', () => {
  let devnet: ClientDevnet;
  let hooks: WebhookSink;
  let client: TestClient;
  let token: string;
  const mnemonic = newMnemonic();

  beforeAll(async () => {
    devnet = await startClientDevnet({ clients: 1 });
    hooks = await startWebhookSink();
    token = devnet.deployment.tokens.stablecoin;
  });
  afterAll(async () => {
    await devnet?.stop();
    await hooks?.close();
  });

  const restart = async () => {
    await client.close();
    hooks.clear(); // only what the new process sends
    client = await devnet.startTestClient(devnet.identities[0]!, { dataDir: client.dataDir, webhookUrl: hooks.url });
  };

  it('keeps commitments, drops requests, and replays the chain with a blockchain_event per block', async () => {
    client = await devnet.startTestClient(devnet.identities[0]!, { webhookUrl: hooks.url });
    const keys = await deriveKeys(client.url, mnemonic);
    const id = await submit(client.url, 'deposit', erc20DepositBody(token, { value: 500n }));
    await waitForStatus(client.url, id, ['Confirmed']);
    const before = await waitForCommitments(client.url, 'the deposit Unspent', (cs) => cs.length === 1 && cs[0]!.status === 'Unspent');
    const lastBlock = Math.max(...hooks.payloads.map((p) => BlockchainEvent.safeParse(p).data?.l2_block_number ?? -1));

    await restart();
    expect(await call(client.url, 'GET', `/v1/request/${id}`)).toMatchObject({ status: 404, text: 'No such request' });
    expect(await commitments(client.url)).toEqual(before);
    expect(await balance(client.url, token)).toBe(500n);
    const rebooted = JSON.parse((await call(client.url, 'POST', '/v1/deriveKey')).text) as { zkp_public_key: string };
    expect(rebooted.zkp_public_key).not.toBe(keys.zkp_public_key); // random keys at boot
    await waitFor({
      what: `replayed blockchain_events up to L2 block ${lastBlock}`,
      timeoutMs: 30_000,
      probe: () => hooks.payloads.map((p) => BlockchainEvent.safeParse(p).data?.l2_block_number),
      isDone: (numbers) => numbers.includes(lastBlock) && numbers.includes(0),
      wakeOn: wakeOnEvent(hooks.events, 'received'),
    });
  });

  it('releases an unconfirmed spend on replay (as the real client does) and marks it Spent when its block lands', async () => {
    await deriveKeys(client.url, mnemonic);
    await call(devnet.proposer.url, 'GET', '/v1/pause');
    const id = await submit(client.url, 'withdraw', withdrawBody(token, devnet.identities[0]!.address, 500n, 0n));
    await waitForStatus(client.url, id, ['Submitted']);
    const [spending] = await commitments(client.url);
    expect(spending?.status).toBe('PendingSpend');

    await restart();
    await waitForCommitments(client.url, 'the replay to mark the reserved deposit Unspent', (cs) => cs[0]?.status === 'Unspent');
    await call(devnet.proposer.url, 'GET', '/v1/resume');
    await waitForCommitments(client.url, 'the withdrawn deposit Spent after the block', (cs) => cs[0]?.status === 'Spent');
  });
});
