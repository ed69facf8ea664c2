// The devnet's event service driven by the vendor's own TypeScript SDK (@curvegrid/multibaas-sdk: a client no one here
// wrote, generated from the vendor's API document) for every route the harness uses, each answer checked against the
// harness's schemas of that document (fixtures/api/multibaas-schemas.ts): the envelopes, the exact error
// body, pages of 10 by default, slug labels, delivery-log records with integer ids and a count, failed calls reset by a
// success, the events API and its filters, the chain's status, an address with its linked contracts, linking with a
// starting block, and the event monitors' status. Vendor facts are checked against the vendor vectors
// (fixtures/vectors/multibaas/); where the double follows a convention of its own that no vendor source states (a
// secret's format, error wording, rejecting empty subscriptions or non-http URLs, amounts rendered with decimals by
// argument name, deliveredAt set on a 2xx), the test says so in its title (F23) and certifies the double only.
import {
  AddressesApi,
  ChainsApi,
  Configuration,
  ContractsApi,
  EventsApi,
  WebhooksApi,
  type ChainName,
} from '@curvegrid/multibaas-sdk';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { getAddress, type Address } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classifyItem, classifyListedEvent } from '../../fixtures/event-webhooks/delivery-items';
import {
  AddressDetails,
  BaseResponse,
  ChainStatus,
  Count,
  DEFAULT_PAGE_SIZE,
  envelope,
  ErrorBody,
  EventData,
  EventMonitorStatus,
  LABEL_PATTERN,
  WebhookEndpoint,
  WebhookEventRecord,
} from '../../fixtures/api/multibaas-schemas';
import { startDevnet, type Devnet } from '../../fixtures/network';
import { devnetContractLinks, eventServiceApiKeyCommand } from '../../fixtures/network/event-service-container';
import { labels } from '../../fixtures/report';
import { waitFor } from '../../fixtures/waits';
import currentFacts from '../../fixtures/vectors/multibaas/current-api-facts.json';
import openapiFacts from '../../fixtures/vectors/multibaas/openapi-facts.json';
import { devnetEvents } from './support/devnet-events';
import { rawApi } from './support/raw-api';
import { startRecordingReceiver } from './support/recording-receiver';

const WAIT_MS = 30_000;
const CHAIN: ChainName = 'ethereum';

let devnet: Devnet;
let sdk: {
  webhooks: WebhooksApi;
  events: EventsApi;
  chains: ChainsApi;
  addresses: AddressesApi;
  contracts: ContractsApi;
};
let chain: ReturnType<typeof devnetEvents>;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  devnet = await startDevnet();
  const configuration = new Configuration({
    basePath: `${devnet.eventService.url}/api/v0`,
    accessToken: devnet.eventService.apiKey.reveal(),
  });
  sdk = {
    webhooks: new WebhooksApi(configuration),
    events: new EventsApi(configuration),
    chains: new ChainsApi(configuration),
    addresses: new AddressesApi(configuration),
    contracts: new ContractsApi(configuration),
  };
  chain = devnetEvents(devnet);
});

afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

afterAll(async () => {
  await devnet?.stop();
});

const story = (name: string) => labels({ epic: 'Devnet', feature: 'Event service (vendor SDK)', story: name });

/** The answer's body checked against the document's envelope with `result` of `schema`, and its HTTP status. */
async function resultOf<S extends z.ZodType>(
  call: Promise<{ status: number; data: unknown }>,
  schema: S,
  status = 200,
): Promise<z.output<S>> {
  const response = await call;
  expect(response.status).toBe(status);
  const body = envelope(schema).parse(response.data);
  expect(body.status).toBe(status);
  return body.result as z.output<S>;
}

/** The SDK's rejection for an error answer: its status and body, the body exactly the document's Error. */
async function errorOf(call: Promise<unknown>): Promise<{ status: number; body: ErrorBody }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  // The SDK (axios) rejects an error answer with the response attached.
  const response = (error as { response?: { status: number; data: unknown } } | undefined)?.response;
  if (!response) throw new Error(`expected an error answer, got ${String(error)}`);
  return { status: response.status, body: ErrorBody.parse(response.data) };
}

async function newWebhook(label: string, url = 'http://host.docker.internal:9/contract-events') {
  const webhook = await resultOf(
    sdk.webhooks.createWebhook({ label, url, subscriptions: ['event.emitted'] }),
    WebhookEndpoint,
  );
  cleanups.push(() => sdk.webhooks.deleteWebhook(webhook.id).catch(() => undefined));
  return webhook;
}

const freshAddress = () =>
  privateKeyToAddress(`0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}`);

describe('webhooks, through the vendor SDK', () => {
  it('creates, reads, updates, counts and deletes a webhook; every answer is the documented envelope', async () => {
    await story('webhooks');
    const created = await newWebhook('sdk-create');
    expect(created).toMatchObject({ label: 'sdk-create', subscriptions: ['event.emitted'], failedCalls: 0 });
    expect(await resultOf(sdk.webhooks.getWebhook(created.id), WebhookEndpoint)).toEqual(created);

    const updated = await resultOf(
      sdk.webhooks.updateWebhook(created.id, {
        label: 'sdk-updated',
        url: created.url,
        subscriptions: ['event.emitted', 'transaction.included'],
      }),
      WebhookEndpoint,
    );
    expect(updated).toMatchObject({
      id: created.id,
      label: 'sdk-updated',
      secret: created.secret,
      subscriptions: ['event.emitted', 'transaction.included'],
    });

    const count = await resultOf(sdk.webhooks.countWebhooks(), Count);
    expect(count).toBeGreaterThanOrEqual(1);

    const deleted = await sdk.webhooks.deleteWebhook(created.id);
    expect(BaseResponse.strict().parse(deleted.data), 'a delete answers {status, message} without result').toEqual({
      status: 200,
      message: 'success',
    });
    expect(await errorOf(sdk.webhooks.getWebhook(created.id)), "the document's Error shape").toEqual({
      status: 404,
      body: { status: 404, message: expect.any(String) },
    });
  });

  it("the double's convention, not a vendor fact: a secret of 64 hex digits, and an unknown webhook worded 'webhook <id> not found'", async () => {
    await story('webhooks');
    const created = await newWebhook('sdk-double-secret');
    expect(created.secret).toMatch(/^[0-9a-f]{64}$/);
    await sdk.webhooks.deleteWebhook(created.id);
    expect((await errorOf(sdk.webhooks.getWebhook(created.id))).body.message).toBe(`webhook ${created.id} not found`);
  });

  it('lists 10 webhooks a page unless asked otherwise, and pages with limit and offset', async () => {
    await story('pagination');
    for (let i = 0; i < DEFAULT_PAGE_SIZE + 2; i++) await newWebhook(`sdk-page-${i}`);
    const firstPage = await resultOf(sdk.webhooks.listWebhooks(), z.array(WebhookEndpoint));
    expect(firstPage).toHaveLength(openapiFacts.defaultPageSize.value);
    const all = await resultOf(sdk.webhooks.listWebhooks(1_000, 0), z.array(WebhookEndpoint));
    const second = await resultOf(sdk.webhooks.listWebhooks(3, 2), z.array(WebhookEndpoint));
    expect(second.map((w) => w.id)).toEqual(all.slice(2, 5).map((w) => w.id));
  });

  it.each([
    ['a label with capitals and spaces', 'WGAS round trip 3fa2c1'],
    ['a label starting with 0x (the current document bars it)', '0xabc'],
  ])(
    "answers 400 with the document's Error shape to %s, a label both vendor patterns or the current one refuse, and creates nothing",
    async (_case, label) => {
      await story('invalid webhook');
      expect(new RegExp(currentFacts.labelPattern.value).test(label), 'the current vendor pattern refuses it').toBe(
        false,
      );
      const before = await resultOf(sdk.webhooks.countWebhooks(), Count);
      const { status, body: error } = await errorOf(
        sdk.webhooks.createWebhook({ label, url: 'http://x/hook', subscriptions: ['event.emitted'] }),
      );
      expect({ status, errorStatus: error.status }).toEqual({ status: 400, errorStatus: 400 });
      expect(await resultOf(sdk.webhooks.countWebhooks(), Count)).toBe(before);
    },
  );

  it.each([
    [
      'its wording of a label the pattern refuses',
      { label: 'WGAS round trip 3fa2c1', url: 'http://x/hook', subscriptions: ['event.emitted'] },
      /^invalid webhook: label: must match /,
    ],
    [
      'refusing no subscriptions (SPEC sets no minItems)',
      { label: 'sdk-x', url: 'http://x/hook', subscriptions: [] },
      /^invalid webhook: subscriptions: /,
    ],
    [
      'refusing a URL that is not http(s) (SPEC says only "url")',
      { label: 'sdk-x', url: 'ftp://x/hook', subscriptions: ['event.emitted'] },
      /^invalid webhook: url: must be an http\(s\) URL$/,
    ],
  ] as const)(
    "the double's convention, not a vendor fact: %s, answered 400 and nothing created",
    async (_case, body, message) => {
      await story('invalid webhook');
      const before = await resultOf(sdk.webhooks.countWebhooks(), Count);
      const { status, body: error } = await errorOf(sdk.webhooks.createWebhook(body as never));
      expect(status).toBe(400);
      expect(error.status).toBe(400);
      expect(error.message).toMatch(message);
      expect(await resultOf(sdk.webhooks.countWebhooks(), Count)).toBe(before);
    },
  );

  it.each([
    ['no Authorization header', undefined],
    ['a wrong API key', 'Bearer not-the-devnet-key-0123456789'],
  ])(
    "answers 401 with the document's Error shape to a request with %s (the message's wording is the double's)",
    async (_case, authorization) => {
      await story('authentication');
      expect(
        await rawApi(devnet.eventService.url, 'GET', '/webhooks', authorization === undefined ? {} : { authorization }),
      ).toEqual({
        status: 401,
        error: { status: 401, message: 'invalid or missing API key' },
      });
    },
  );

  it('delivers with a delivery log of records with integer ids of their own, counted, and resets failedCalls on success (deliveredAt set on the 2xx: the double\'s convention; SPEC: "last updated")', async () => {
    await story('delivery log');
    const receiver = await startRecordingReceiver([500]);
    cleanups.push(() => receiver.close());
    const webhook = await newWebhook('sdk-log', receiver.url);
    const receipt = await chain.mintStablecoin(freshAddress(), 7n);

    const posts = await receiver.postsUntil(
      'the mint delivered after one 500',
      (seen) => seen.some((post) => post.status === 200 && post.rawBody.includes(receipt.transactionHash)),
      WAIT_MS,
    );
    const items = JSON.parse(posts.find((post) => post.status === 200)!.rawBody.toString()) as { id: string }[];
    const records = await waitFor({
      what: `webhook ${webhook.id}'s log to mark the mint delivered`,
      timeoutMs: WAIT_MS,
      probe: () => resultOf(sdk.webhooks.listWebhookEvents(webhook.id, 1_000, 0), z.array(WebhookEventRecord)),
      isDone: (found) => found.length > 0 && found.every((record) => record.deliveredAt !== undefined),
      describe: (found) =>
        `${found.length} record(s), ${found.filter((record) => record.deliveredAt).length} delivered`,
    });
    expect(
      records.every((record) => Number.isInteger(record.id)),
      'integer record ids',
    ).toBe(true);
    expect(records.map((record) => String(record.id))).not.toContain(items[0]!.id);
    expect(records.every((record) => Date.parse(record.deliveredAt!) >= Date.parse(record.createdAt))).toBe(true);
    expect(await resultOf(sdk.webhooks.countWebhookEvents(webhook.id), Count)).toBe(records.length);
    expect(
      await resultOf(sdk.webhooks.listWebhookEvents(webhook.id), z.array(WebhookEventRecord)),
      'the default page',
    ).toHaveLength(Math.min(records.length, DEFAULT_PAGE_SIZE));
    const after = await resultOf(sdk.webhooks.getWebhook(webhook.id), WebhookEndpoint);
    expect(after.failedCalls, 'failed calls since the last success').toBe(0);
    expect(after.lastError).toBe('answered HTTP 500');
  });
});

describe('chains, addresses, links and event monitors, through the vendor SDK', () => {
  it("reports the chain's id and head", async () => {
    await story('chain status');
    const status = await resultOf(sdk.chains.getChainStatus(CHAIN), ChainStatus);
    const head = await chain.publicClient.getBlockNumber();
    expect(status.chainID).toBe(devnet.chainId);
    expect(BigInt(status.blockNumber)).toBeGreaterThanOrEqual(head - 2n);
    expect(
      await rawApi(devnet.eventService.url, 'GET', '/chains/polygon/status', {
        authorization: `Bearer ${devnet.eventService.apiKey.reveal()}`,
      }),
      "the document's own error example",
    ).toEqual({ status: 404, error: openapiFacts.errorExample.value });
  });

  it('shows each devnet contract at its address, linked with its events synced from the deploy block', async () => {
    await story('linked contracts');
    for (const link of devnetContractLinks(devnet.deployment)) {
      const address = await resultOf(sdk.addresses.getAddress(CHAIN, link.address), AddressDetails);
      expect(address).toMatchObject({
        alias: link.alias,
        address: getAddress(link.address),
        chain: CHAIN,
        contracts: [{ label: link.label }],
      });
      expect(address.alias).toMatch(LABEL_PATTERN);
      const monitor = await waitFor({
        what: `the event monitor of ${link.label} to catch up`,
        timeoutMs: WAIT_MS,
        probe: () => resultOf(sdk.contracts.getEventMonitorStatus(CHAIN, link.address, link.label), EventMonitorStatus),
        isDone: (status) => !status.isProcessingPastLogs,
        describe: (status) =>
          `at block ${status.latestBlockNumber}, processing past logs: ${status.isProcessingPastLogs}`,
      });
      expect(BigInt(monitor.startBlockNumber)).toBe(devnet.deployment.deployBlock);
    }
  });

  it('syncs and delivers nothing of a contract linked without a starting block; linked with one, syncs it from that block', async () => {
    await story('linking');
    const x509 = devnet.deployment.x509;
    const receiver = await startRecordingReceiver();
    cleanups.push(() => receiver.close());
    await newWebhook('sdk-linking', receiver.url);
    const beforeLink = await chain.allowlist(freshAddress());
    const aliased = await resultOf(
      sdk.addresses.setAddress(CHAIN, { alias: 'x509', address: x509 }),
      AddressDetails,
      201,
    );
    expect(aliased).toMatchObject({ alias: 'x509', contracts: [] });
    const linked = await resultOf(sdk.contracts.linkAddressContract(CHAIN, x509, { label: 'x509' }), AddressDetails);
    expect(linked.contracts.map((contract) => contract.label)).toEqual(['x509']);
    expect(await errorOf(sdk.contracts.getEventMonitorStatus(CHAIN, x509, 'x509'))).toMatchObject({ status: 404 });
    const afterLink = await chain.allowlist(freshAddress());

    // A later event of a synced contract, delivered: the service has read past both blocks by then.
    const marker = await chain.mintStablecoin(freshAddress(), 1n);
    const posts = await receiver.postsUntil(
      'the marker mint',
      (seen) => seen.some((post) => post.rawBody.includes(marker.transactionHash)),
      WAIT_MS,
    );
    const unsynced = [beforeLink.transactionHash, afterLink.transactionHash];
    expect(
      posts.filter((post) => unsynced.some((hash) => post.rawBody.includes(hash))),
      'nothing of X509 delivered',
    ).toEqual([]);
    for (const hash of unsynced)
      expect(
        await resultOf(sdk.events.getEventCount(undefined, undefined, undefined, undefined, hash), Count),
        'nothing of X509 listed',
      ).toBe(0);

    await resultOf(
      sdk.contracts.linkAddressContract(CHAIN, 'x509', {
        label: 'x509',
        startingBlock: String(beforeLink.blockNumber),
      }),
      AddressDetails,
    );
    const monitor = await waitFor({
      what: 'the X509 monitor to catch up from its starting block',
      timeoutMs: WAIT_MS,
      probe: () => resultOf(sdk.contracts.getEventMonitorStatus(CHAIN, x509, 'x509'), EventMonitorStatus),
      isDone: (status) => !status.isProcessingPastLogs && BigInt(status.latestBlockNumber) >= marker.blockNumber,
      describe: (status) =>
        `at block ${status.latestBlockNumber}, processing past logs: ${status.isProcessingPastLogs}`,
    });
    expect(BigInt(monitor.startBlockNumber)).toBe(beforeLink.blockNumber);
    const backfilled = await resultOf(
      sdk.events.listEvents(
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        x509,
        undefined,
        'AllowlistUpdated(address,bool)',
        100,
      ),
      z.array(EventData),
    );
    // Newest first: the double's default order (the vendor's own 2020 answers list newest first; its document is silent).
    expect(backfilled.map((event) => event.transaction.txHash)).toEqual([...unsynced].reverse());
    expect(backfilled.at(-1)!.event.inputs.at(-1), 'a bool as a JSON boolean').toEqual({
      name: 'allowed',
      value: true,
      hashed: false,
      type: 'bool',
    });
    expect(
      await errorOf(
        sdk.contracts.linkAddressContract(CHAIN, x509, { label: 'no-such-contract', startingBlock: 'latest' }),
      ),
    ).toEqual({
      status: 404,
      body: { status: 404, message: 'contract no-such-contract not found' },
    });
  });
});

describe('events, through the vendor SDK and in deliveries', () => {
  it("lists and counts events by contract address, signature, block and transaction (amounts with the token's decimals by argument name: the double's convention)", async () => {
    await story('events API');
    const stablecoin = devnet.deployment.tokens.stablecoin;
    const recipient = freshAddress();
    const receipt = await chain.mintStablecoin(recipient, 1_234n);
    const transferSignature = 'Transfer(address,address,uint256)';
    const found = await waitFor({
      what: 'the mint in the events API',
      timeoutMs: WAIT_MS,
      probe: () =>
        resultOf(
          sdk.events.listEvents(undefined, undefined, undefined, undefined, receipt.transactionHash),
          z.array(EventData),
        ),
      isDone: (events) => events.length > 0,
      describe: (events) => `${events.length} event(s)`,
    });
    expect(found).toHaveLength(1);
    const [transfer] = found;
    expect(transfer!.event).toMatchObject({
      name: 'Transfer',
      signature: transferSignature,
      inputs: [
        { name: 'from', value: '0x0000000000000000000000000000000000000000', hashed: false, type: 'address' },
        { name: 'to', value: recipient, hashed: false, type: 'address' },
        // 1234 units at 6 decimals: the double's convention (by argument name); the vendor converts per contract type conversions
        { name: 'value', value: '0.001234', hashed: false, type: 'uint256' },
      ],
      contract: {
        address: getAddress(stablecoin),
        addressAlias: 'stablecoin',
        name: 'Stablecoin',
        label: 'stablecoin',
      },
    });
    expect(transfer!.transaction.method).toEqual({
      name: 'mint',
      signature: 'mint(address,uint256)',
      inputs: [
        { name: 'to', value: recipient, type: 'address' },
        { name: 'amount', value: '0.001234', type: 'uint256' },
      ],
    });
    expect(JSON.parse(transfer!.event.rawFields)).toMatchObject({
      removed: false,
      transactionHash: receipt.transactionHash,
    });
    expect(classifyListedEvent(transfer).kind).toBe('conforms');

    const byFilters = await resultOf(
      sdk.events.listEvents(
        undefined,
        Number(receipt.blockNumber),
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        stablecoin,
        undefined,
        transferSignature,
      ),
      z.array(EventData),
    );
    expect(byFilters.map((event) => event.transaction.txHash)).toContain(receipt.transactionHash);
    expect(
      await resultOf(
        sdk.events.getEventCount(undefined, undefined, undefined, undefined, receipt.transactionHash),
        Count,
      ),
    ).toBe(1);
    const page = await resultOf(sdk.events.listEvents(), z.array(EventData));
    expect(page.length, 'the default page').toBeLessThanOrEqual(DEFAULT_PAGE_SIZE);
  });

  it('delivers every event of the full token ABIs (Approval, ApprovalForAll), values as JSON, the same data as the events API', async () => {
    await story('full ABIs');
    const receiver = await startRecordingReceiver();
    cleanups.push(() => receiver.close());
    await newWebhook('sdk-full-abi', receiver.url);
    const operator: Address = freshAddress();
    const approval = await chain.approveStablecoin(operator, 5_000_000n);
    const operatorApproval = await chain.approveAllCollectibles(operator, true);

    const hashes = [approval.transactionHash, operatorApproval.transactionHash];
    const posts = await receiver.postsUntil(
      'both approvals delivered',
      (seen) => hashes.every((hash) => seen.some((post) => post.rawBody.includes(hash))),
      WAIT_MS,
    );
    const items = posts.flatMap((post) => JSON.parse(post.rawBody.toString()) as unknown[]);
    for (const item of items) expect(classifyItem(item).kind, JSON.stringify(item).slice(0, 200)).toBe('conforms');
    const byTx = (hash: string) =>
      items.filter(
        (item) => (item as { data: { transaction: { txHash: string } } }).data.transaction.txHash === hash,
      ) as { id: string; data: z.output<typeof EventData> & { event: { contract: Record<string, string> } } }[];

    const [approved] = byTx(approval.transactionHash);
    expect(approved!.data.event.name).toBe('Approval');
    expect(approved!.data.event.inputs.map((input) => input.value)).toEqual([devnet.funderAddress, operator, '5']);
    const [forAll] = byTx(operatorApproval.transactionHash);
    expect(forAll!.data.event.name).toBe('ApprovalForAll');
    expect(forAll!.data.event.inputs.at(-1), 'a bool as a JSON boolean').toEqual({
      name: 'approved',
      value: true,
      hashed: false,
      type: 'bool',
    });
    expect(forAll!.data.event.contract).toEqual({
      address: getAddress(devnet.deployment.tokens.erc721),
      addressLabel: 'erc721',
      name: 'Collectible',
      label: 'collectible',
    });

    const [listed] = await resultOf(
      sdk.events.listEvents(undefined, undefined, undefined, undefined, operatorApproval.transactionHash),
      z.array(EventData),
    );
    const { addressLabel, ...contract } = forAll!.data.event.contract;
    expect(listed, 'a delivery carries what the events API lists, the alias spelt addressLabel').toEqual({
      ...forAll!.data,
      event: { ...forAll!.data.event, contract: { ...contract, addressAlias: addressLabel } },
      transaction: { ...forAll!.data.transaction, contract: { ...contract, addressAlias: addressLabel } },
    });
  });
});

describe('the API key of a running devnet', () => {
  it('is read by the command `npm run devnet` prints (the image has no printenv)', async () => {
    await story('API key command');
    const [command, ...args] = eventServiceApiKeyCommand(devnet.containers.eventService.getId().slice(0, 12));
    const { stdout } = await promisify(execFile)(command!, args);
    expect(stdout === devnet.eventService.apiKey.reveal(), 'the command prints exactly the key').toBe(true);
  });
});
