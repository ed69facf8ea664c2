// The devnet event service delivering real contract events: a signed, compact JSON array per L1 block to every
// registered webhook, each item as the vendor's document shows it, with the fields taken from the chain; retried with
// backoff while the receiver answers non-2xx, every failure recorded on the webhook, and the items kept undelivered in
// the log when nobody answers. Items are read with the harness's schemas of the vendor's document. The retry schedule,
// the give-up and deliveredAt set only on a 2xx are the double's conventions (the vendor documents none of them, and
// defines deliveredAt as the record's last update): the titles say so, and certify the double only (F22, F23).
import { privateKeyToAddress } from 'viem/accounts';
import { decodeEventLog, getAddress, type Hash, type TransactionReceipt } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EventServiceClient, type Webhook } from '../../fixtures/api/event-service-client';
import { nightfallEventsAbi } from '../../fixtures/event-webhooks/contract-events';
import { classifyItem, rawLogOf, type EmittedEvent } from '../../fixtures/event-webhooks/delivery-items';
import { WEBHOOK_HEADERS } from '../../fixtures/event-webhooks/header-names';
import { EventData } from '../../fixtures/api/multibaas-schemas';
import { readLog } from '../../fixtures/event-webhooks/webhook-log';
import { signatureMatches } from '../../fixtures/event-webhooks/signature';
import { hostAddressForContainers, startDevnet, type Devnet } from '../../fixtures/network';
import { ephemeralPort } from '../../fixtures/network/ephemeral-port';
import { labels } from '../../fixtures/report';
import { waitFor } from '../../fixtures/waits';
import { devnetEvents } from './support/devnet-events';
import { startRecordingReceiver, type RecordedPost, type RecordingReceiver } from './support/recording-receiver';

const DELIVERY_TIMEOUT_MS = 30_000;
const HEADERS = {
  signature: WEBHOOK_HEADERS.multibaas.signature.toLowerCase(),
  timestamp: WEBHOOK_HEADERS.multibaas.timestamp.toLowerCase(),
};

let devnet: Devnet;
let api: EventServiceClient;
let events: ReturnType<typeof devnetEvents>;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  devnet = await startDevnet();
  api = new EventServiceClient({ baseUrl: devnet.eventService.url, apiKey: devnet.eventService.apiKey });
  events = devnetEvents(devnet);
});

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

afterAll(async () => {
  await api?.close();
  await devnet?.stop();
});

/** A recording receiver registered as a webhook for event.emitted; both removed after the test. */
async function subscribedReceiver(
  label: string,
  answers: number[] = [],
): Promise<{ receiver: RecordingReceiver; webhook: Webhook }> {
  const receiver = await startRecordingReceiver(answers);
  cleanups.push(() => receiver.close());
  const webhook = await api.createWebhook({
    label: `delivery-${label}`,
    url: receiver.url,
    subscriptions: ['event.emitted'],
  });
  cleanups.push(() => api.deleteWebhook(webhook.id));
  return { receiver, webhook };
}

/** A fresh address to receive tokens (derived from a random key that nobody keeps). */
const freshAddress = () =>
  privateKeyToAddress(`0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`);

/** The items of a POST, each of which must conform to the vendor's document. */
const deliveredEvents = (post: RecordedPost): EmittedEvent[] =>
  (JSON.parse(post.rawBody.toString('utf8')) as unknown[]).map((raw) => {
    const verdict = classifyItem(raw);
    if (verdict.kind !== 'conforms')
      throw new Error(
        `an item that does not conform: ${verdict.kind === 'unusable' ? verdict.problems : verdict.problems}`,
      );
    return verdict.item as EmittedEvent;
  });
/** An item's data as the document types it. */
const dataOf = (event: EmittedEvent) => EventData.parse(event.data);
const eventsOfTx = (posts: readonly RecordedPost[], txHash: Hash) =>
  posts.flatMap(deliveredEvents).filter((event) => dataOf(event).transaction.txHash === txHash);

/** The receipt's log that a delivered event stands for, by log index. */
function receiptLogOf(receipt: TransactionReceipt, event: EmittedEvent) {
  const raw = rawLogOf(event);
  const log = receipt.logs.find((entry) => entry.logIndex === raw.logIndex);
  if (!log) throw new Error(`no log ${raw.logIndex} in receipt ${receipt.transactionHash}`);
  return log;
}

describe('event service deliveries', () => {
  it('delivers a token Transfer with the fields of the chain, signed with the webhook secret over the raw body', async () => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'signed delivery' });
    const { receiver, webhook } = await subscribedReceiver('transfer');
    const recipient = freshAddress();
    const receipt = await events.mintStablecoin(recipient, 1_234n);

    const posts = await receiver.postsUntil(
      "the mint's Transfer",
      (seen) => eventsOfTx(seen, receipt.transactionHash).length > 0,
      DELIVERY_TIMEOUT_MS,
    );
    const post = posts.find((candidate) => eventsOfTx([candidate], receipt.transactionHash).length > 0)!;
    const timestamp = String(post.headers[HEADERS.timestamp]);
    expect(timestamp).toMatch(/^\d+$/);
    expect(
      signatureMatches(webhook.secret.reveal(), post.rawBody, timestamp, String(post.headers[HEADERS.signature])),
    ).toBe(true);
    expect(post.headers['content-type']).toBe('application/json');

    expect(post.rawBody.toString('utf8'), 'compact JSON, as the vendor sends it').toBe(
      JSON.stringify(JSON.parse(post.rawBody.toString('utf8'))),
    );
    const [transfer] = eventsOfTx([post], receipt.transactionHash);
    const log = receiptLogOf(receipt, transfer!);
    expect(dataOf(transfer!).event).toMatchObject({
      name: 'Transfer',
      signature: 'Transfer(address,address,uint256)',
      inputs: [
        { name: 'from', value: '0x0000000000000000000000000000000000000000', hashed: false, type: 'address' },
        { name: 'to', value: recipient, hashed: false, type: 'address' },
        { name: 'value', value: '0.001234', hashed: false, type: 'uint256' }, // 1234 units, 6 decimals applied
      ],
      contract: {
        address: getAddress(devnet.deployment.tokens.stablecoin),
        name: 'Stablecoin',
        label: 'stablecoin',
        addressLabel: 'stablecoin',
      },
      indexInLog: log.logIndex,
    });
    expect(rawLogOf(transfer!)).toEqual({
      address: log.address,
      topics: log.topics,
      data: log.data,
      blockNumber: receipt.blockNumber,
      logIndex: log.logIndex,
      transactionHash: receipt.transactionHash,
      removed: false,
    });
    expect(dataOf(transfer!).transaction).toMatchObject({
      from: devnet.funderAddress,
      txHash: receipt.transactionHash,
      txIndexInBlock: receipt.transactionIndex,
      blockHash: receipt.blockHash,
      blockNumber: Number(receipt.blockNumber),
      contract: {
        address: getAddress(devnet.deployment.tokens.stablecoin),
        addressLabel: 'stablecoin',
        name: 'Stablecoin',
        label: 'stablecoin',
      },
      method: {
        name: 'mint',
        signature: 'mint(address,uint256)',
        inputs: [
          { name: 'to', value: recipient, type: 'address' },
          { name: 'amount', value: '0.001234', type: 'uint256' },
        ],
      },
    });
  });

  it("delivers the rollup's DepositEscrowed and then the BlockProposed of the L2 block the deposit went into", async () => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'Nightfall events' });
    const { receiver } = await subscribedReceiver('rollup');
    const escrow = await events.escrowStablecoin(500n, 0n);

    const isBlockProposed = (event: EmittedEvent) => event.data.event.name === 'BlockProposed';
    const posts = await receiver.postsUntil(
      'a BlockProposed after the deposit',
      (seen) => seen.flatMap(deliveredEvents).some(isBlockProposed),
      DELIVERY_TIMEOUT_MS,
    );
    const delivered = posts.flatMap(deliveredEvents);

    const [escrowed] = eventsOfTx(posts, escrow.transactionHash).filter(
      (event) => event.data.event.name === 'DepositEscrowed',
    );
    expect(dataOf(escrowed!).event.contract).toMatchObject({
      address: getAddress(devnet.deployment.nightfall),
      addressLabel: 'nightfall',
      label: `nightfall_${devnet.deployment.contracts}`,
    });
    expect(dataOf(escrowed!).event.inputs.map((input) => [input.name, input.value])).toEqual([
      ['nfSlotId', expect.stringMatching(/^\d+$/)],
      ['value', '500'],
    ]);

    const proposed = delivered.find(isBlockProposed)!;
    const raw = rawLogOf(proposed);
    const { args } = decodeEventLog({
      abi: nightfallEventsAbi,
      eventName: 'BlockProposed',
      topics: raw.topics,
      data: raw.data,
    });
    expect(dataOf(proposed).event).toMatchObject({
      signature: 'BlockProposed(int256)',
      inputs: [{ name: 'layer2_block_number', value: String(args.layer2_block_number), hashed: false, type: 'int256' }],
    });
    // The called method decoded, its Block argument a JSON object (the whole block: the delivery carries it twice).
    const method = dataOf(proposed).transaction.method!;
    expect(method).toMatchObject({
      name: 'propose_block',
      inputs: [{ type: 'tuple', value: { transactions: expect.any(Array) } }],
    });
    expect(method.signature).toMatch(/^propose_block\(\(/);
    const proposal = await events.publicClient.getTransactionReceipt({ hash: raw.transactionHash });
    expect(receiptLogOf(proposal, proposed).topics).toEqual(raw.topics);
    expect(raw.blockNumber).toBeGreaterThan(escrow.blockNumber);
  });

  it("retries a delivery answered 500 until a 2xx (the double's schedule), then sets its items' deliveredAt (the double's convention), and a success resets the failure count", async () => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'retries' });
    const { receiver, webhook } = await subscribedReceiver('flaky', [500, 500]);
    const receipt = await events.mintStablecoin(freshAddress(), 7n);

    const posts = await receiver.postsUntil(
      'the mint delivered three times (500, 500, 200)',
      (seen) => seen.length >= 3,
      DELIVERY_TIMEOUT_MS,
    );
    expect(posts.slice(0, 3).map((post) => post.status)).toEqual([500, 500, 200]);
    expect(posts[1]!.rawBody.equals(posts[0]!.rawBody) && posts[2]!.rawBody.equals(posts[0]!.rawBody)).toBe(true);
    expect(eventsOfTx(posts.slice(0, 1), receipt.transactionHash)).not.toEqual([]);

    const log = await waitFor({
      what: `webhook ${webhook.id}'s log to mark the mint delivered`,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      probe: async () => readLog(api, webhook.id, await api.countWebhookEvents(webhook.id)),
      isDone: (records) => records.some((record) => record.deliveredAt),
      describe: (records) =>
        `${records.length} record(s), ${records.filter((record) => record.deliveredAt).length} delivered`,
    });
    const mintRecords = log.filter(
      (record) => (EventData.safeParse(record.data).data?.transaction.txHash ?? '') === receipt.transactionHash,
    );
    expect(mintRecords.map((record) => record.deliveredAt !== undefined)).toEqual([true]);
    const webhookAfter = await api.getWebhook(webhook.id);
    expect(webhookAfter, 'failedCalls counts failures since the last success').toMatchObject({
      failedCalls: 0,
      lastError: 'answered HTTP 500',
    });
  });

  it("gives up on a webhook nobody answers (the double's convention) leaving its events without deliveredAt, counting each failed call", async () => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'unreachable receiver' });
    // A port that nothing listens on, where containers reach the host: every call is refused.
    const closedPort = await ephemeralPort(await hostAddressForContainers());
    const webhook = await api.createWebhook({
      label: 'delivery-unreachable',
      url: `http://host.docker.internal:${closedPort}/contract-events`,
      subscriptions: ['event.emitted'],
    });
    cleanups.push(() => api.deleteWebhook(webhook.id));
    const receipt = await events.mintStablecoin(freshAddress(), 9n);

    const failing = await waitFor({
      what: `webhook ${webhook.id} to record two failed calls`,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      probe: () => api.getWebhook(webhook.id),
      isDone: (endpoint) => endpoint.failedCalls >= 2,
      describe: (endpoint) => `failedCalls ${endpoint.failedCalls}, lastError ${endpoint.lastError ?? 'none'}`,
    });
    expect(failing.lastError).toMatch(/ECONNREFUSED/);
    expect(failing.lastAttempt).toBeTruthy();

    const records = (await readLog(api, webhook.id, await api.countWebhookEvents(webhook.id))).flatMap((record) => {
      const data = EventData.parse(record.data);
      return data.transaction.txHash === receipt.transactionHash
        ? [{ name: data.event.name, deliveredAt: record.deliveredAt ?? null }]
        : [];
    });
    expect(records).toEqual([{ name: 'Transfer', deliveredAt: null }]);
  });

  it('keeps the webhook secrets and its API key out of its log', async () => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'secrets' });
    const { receiver, webhook } = await subscribedReceiver('secret-check');
    const receipt = await events.mintStablecoin(freshAddress(), 1n);
    await receiver.postsUntil(
      'the mint delivered',
      (seen) => eventsOfTx(seen, receipt.transactionHash).length > 0,
      DELIVERY_TIMEOUT_MS,
    );
    const text = devnet.logs.eventService.text();

    expect(text).toContain(`Created webhook ${webhook.id}`);
    expect(text.includes(webhook.secret.reveal())).toBe(false);
    expect(text.includes(devnet.eventService.apiKey.reveal())).toBe(false);
  });
});
