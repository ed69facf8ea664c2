// The harness's side of contract-event webhooks against the devnet's event service: the typed API client's errors, the
// pull path reading the events API into the event inbox, and the subscription a scenario takes — push (signed
// deliveries to the receiver, a slug label, stale webhooks swept), pull (the events API, no webhook at all), and auto
// falling back to pulling when pushes never come. The events are real: the funder mints and escrows stablecoin, the
// devnet's proposer puts the deposit into a block.
import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOfType } from '../support/failure-of';
import { NightfallApiError } from '../../fixtures/api';
import {
  awaitBlockProposed,
  awaitTransferTo,
  EventInbox,
  EventServiceClient,
  EventsPuller,
  subscribeToContractEvents,
  WEBHOOK_LABEL_PREFIX,
  type ContractEventSubscription,
} from '../../fixtures/event-webhooks';
import { BLOCK_PROPOSED_SIGNATURE } from '../../fixtures/event-webhooks/contract-events';
import { labels } from '../../fixtures/report';
import { Secret } from '../../fixtures/secrets';
import type { Target } from '../../fixtures/target';
import { waitFor } from '../../fixtures/waits';
import { devnetEvents } from '../event-service/support/devnet-events';
import { devnetPerFile } from '../support/devnet-per-file';

const BATCH_WINDOW_SECONDS = 1;
const WAIT_MS = 60_000;
/** A URL nothing answers: `.invalid` never resolves (RFC 6761). */
const NOWHERE = 'https://nightfall-e2e.invalid/contract-events';

const local = devnetPerFile({ batchWindowSeconds: BATCH_WINDOW_SECONDS });
let api: EventServiceClient;
let chain: ReturnType<typeof devnetEvents>;

beforeAll(() => {
  api = new EventServiceClient({ baseUrl: local.devnet.eventService.url, apiKey: local.devnet.eventService.apiKey });
  chain = devnetEvents(local.devnet);
});

afterAll(async () => {
  await api?.close();
});

/** Escrows a deposit of `value` and waits for the inbox to hold the BlockProposed of the L2 block it goes into. */
async function depositIntoNextBlock(inbox: EventInbox, value: bigint) {
  const next = await chain.nextL2Block();
  await chain.escrowStablecoin(value, 1n);
  return awaitBlockProposed(inbox, next, { timeoutMs: WAIT_MS });
}

/** A fresh L1 address to send tokens to, so that each test finds its own Transfer. */
const freshRecipient = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

describe('the event service API client', () => {
  it('fails an unknown webhook id with an error naming the method, the URL and the status', async () => {
    await labels({ epic: 'Contract-event webhooks', feature: 'API client', story: 'errors' });
    const error = await failureOfType(api.getWebhook(999_999), NightfallApiError);
    expect(error.kind).toBe('status');
    expect(error.status).toBe(404);
    expect(error.method).toBe('GET');
    expect(error.url).toBe(`${local.devnet.eventService.url}/api/v0/webhooks/999999`);
    expect(error.message).toContain('GET /webhooks/999999 answered 404');
  });

  it('fails a wrong API key with 401 and prints neither key', async () => {
    await labels({ epic: 'Contract-event webhooks', feature: 'API client', story: 'errors' });
    const wrongKey = new Secret(`wrong-api-key-${randomBytes(8).toString('hex')}`);
    const outsider = new EventServiceClient({ baseUrl: local.devnet.eventService.url, apiKey: wrongKey });
    try {
      const error = await failureOfType(outsider.listWebhooks(), NightfallApiError);
      expect(error.status).toBe(401);
      const printed = `${error.message}\n${JSON.stringify(error)}\n${error.responseBody ?? ''}`;
      expect(printed).not.toContain(wrongKey.reveal());
      expect(printed).not.toContain(local.devnet.eventService.apiKey.reveal());
    } finally {
      await outsider.close();
    }
  });

  it('keeps the signing secret of a created webhook wrapped, and its answer bodies redacted in the exchanges', async () => {
    await labels({ epic: 'Contract-event webhooks', feature: 'API client', story: 'secrets' });
    const exchanges: string[] = [];
    const observed = new EventServiceClient({
      baseUrl: local.devnet.eventService.url,
      apiKey: local.devnet.eventService.apiKey,
      onExchange: (e) => exchanges.push(JSON.stringify(e)),
    });
    try {
      const webhook = await observed.createWebhook({
        label: 'secret-stays-wrapped',
        url: NOWHERE,
        subscriptions: ['event.emitted'],
      });
      expect(webhook.secret).toBeInstanceOf(Secret);
      expect(JSON.stringify(webhook)).not.toContain(webhook.secret.reveal());
      await observed.getWebhook(webhook.id);
      expect(exchanges).toHaveLength(2);
      for (const exchange of exchanges) {
        expect(exchange).not.toContain(webhook.secret.reveal());
        expect(exchange).not.toContain(local.devnet.eventService.apiKey.reveal());
      }
      await observed.deleteWebhook(webhook.id);
    } finally {
      await observed.close();
    }
  });
});

describe('the pull path', () => {
  it("reads Nightfall's BlockProposed from the events API into the event inbox: each event once, marked pulled and unverified", async () => {
    await labels({ epic: 'Contract-event webhooks', feature: 'Pull path', story: 'events API' });
    const nightfall = local.target.contracts.nightfall;
    const inbox = new EventInbox({ contracts: { nightfall } });
    const puller = new EventsPuller({
      client: api,
      filter: { contractAddress: nightfall, eventSignature: BLOCK_PROPOSED_SIGNATURE },
      fromBlock: await chain.publicClient.getBlockNumber(),
      everyMs: 60_000, // the test polls by hand
      pageSize: 2, // several pages per poll
      sink: (event, { pulledAt }) => inbox.add(event, { source: 'pull', receivedAt: pulledAt, verified: false }),
      onFinding: (finding) => inbox.recordFinding(finding),
    });
    const next = await chain.nextL2Block();
    await chain.escrowStablecoin(3n, 1n);

    const block = await waitFor({
      what: `the BlockProposed of L2 block ${next} pulled from the events API`,
      timeoutMs: WAIT_MS,
      probe: async () => {
        await puller.pollOnce();
        return inbox.findBlockProposed(next);
      },
      isDone: (found) => found !== undefined,
      describe: () => `${inbox.summary()}; puller ${JSON.stringify(puller.state)}`,
    });
    expect([...block!.entry.sources]).toEqual(['pull']);
    expect(block!.entry.verified).toBe(false);
    expect(inbox.findings, 'the double lists events as the document describes them').toEqual([]);

    const before = puller.state;
    expect(await puller.pollOnce(), 'a poll with nothing new').toBe(0);
    expect(puller.state.newEvents).toBe(before.newEvents);
    expect(
      inbox.entries().every((entry) => entry.duplicates <= 1),
      'no event handed on as new twice',
    ).toBe(true);
  });
});

describe('subscribing to contract events', () => {
  const withSubscription = async (
    subscription: ContractEventSubscription,
    body: (s: ContractEventSubscription) => Promise<void>,
  ) => {
    try {
      await body(subscription);
    } finally {
      expect(await subscription.close(), 'problems while closing').toEqual([]);
    }
  };

  it('push: a Transfer arrives in a delivery whose signature verified, and closing deletes the webhook', async () => {
    await labels({ epic: 'Contract-event webhooks', feature: 'Push path', story: 'subscription' });
    const subscription = await subscribeToContractEvents(local.target, {
      mode: 'push',
      label: 'Push test',
      publicClient: chain.publicClient,
    });
    await withSubscription(subscription, async ({ inbox, mode, webhook }) => {
      expect(mode).toBe('push');
      expect(webhook!.url).toMatch(/^http:\/\/host\.docker\.internal:\d+\/contract-events$/);
      expect(webhook!.label).toMatch(new RegExp(`^${WEBHOOK_LABEL_PREFIX}push-test-[0-9a-f]{6}$`));
      const recipient = freshRecipient();
      await chain.mintStablecoin(recipient, 7n);
      const transfer = await awaitTransferTo(inbox, local.devnet.deployment.tokens.stablecoin, recipient, {
        timeoutMs: WAIT_MS,
        valueOrTokenId: 7n,
      });
      expect([...transfer.entry.sources]).toEqual(['push']);
      expect(transfer.entry.verified).toBe(true);
      expect(inbox.verdicts.filter((v) => v.outcome !== 'accepted')).toEqual([]);
      expect(
        inbox.findings.filter((finding) => finding.kind !== 'removed'),
        'the double delivers items as the document describes them',
      ).toEqual([]);
    });
    expect(
      (await failureOfType(api.getWebhook(subscription.webhook!.id), NightfallApiError)).status,
      'the webhook is gone after close',
    ).toBe(404);
  });

  it('push: closing also removes a leftover webhook aimed at the same receiver (it would post with a secret the receiver does not know)', async () => {
    await labels({ epic: 'Contract-event webhooks', feature: 'Push path', story: 'stale webhooks' });
    const subscription = await subscribeToContractEvents(local.target, {
      mode: 'push',
      label: 'sweep test',
      publicClient: chain.publicClient,
    });
    const leftover = await api.createWebhook({
      label: `${WEBHOOK_LABEL_PREFIX}crashed-run`,
      url: subscription.webhook!.url,
      subscriptions: ['event.emitted'],
    });
    const problems = await subscription.close();
    expect(problems).toEqual([]);
    expect((await failureOfType(api.getWebhook(leftover.id), NightfallApiError)).status).toBe(404);
    expect(subscription.describe().staleWebhooksRemoved).toEqual([
      { id: leftover.id, label: leftover.label, why: 'aimed at this receiver' },
    ]);
  });

  it('pull: the BlockProposed of a deposit reaches the inbox from the events API, with no receiver and no webhook at all', async () => {
    await labels({ epic: 'Contract-event webhooks', feature: 'Pull path', story: 'subscription' });
    const webhooksBefore = await api.countWebhooks();
    const subscription = await subscribeToContractEvents(local.target, {
      mode: 'pull',
      label: 'pull test',
      publicClient: chain.publicClient,
    });
    await withSubscription(subscription, async ({ inbox, mode, webhook }) => {
      expect(mode).toBe('pull');
      expect(webhook).toBeUndefined();
      expect(await api.countWebhooks()).toBe(webhooksBefore);
      const block = await depositIntoNextBlock(inbox, 5n);
      expect([...block.entry.sources]).toEqual(['pull']);
      expect(inbox.verdicts, 'nothing was pushed').toEqual([]);
    });
  });

  it('auto: falls back to pulling, and says why, when the L1 shows a new block but no delivery was pushed', async () => {
    await labels({ epic: 'Contract-event webhooks', feature: 'Auto mode', story: 'fallback to pull' });
    // The service is told to deliver to a port where nothing listens: pushes fail, as behind NAT.
    const unreachable: Target = {
      ...local.target,
      eventService: {
        ...local.target.eventService!,
        reachesHarness: { kind: 'public-url', url: 'http://host.docker.internal:9/contract-events', listenPort: 0 },
      },
    };
    const subscription = await subscribeToContractEvents(unreachable, {
      mode: 'auto',
      label: 'auto test',
      publicClient: chain.publicClient,
      pace: { pushGraceMs: 1_000, judgeEveryMs: 250, pullEveryMs: 250 },
    });
    await withSubscription(subscription, async ({ inbox }) => {
      expect(subscription.mode, 'pushing until the judge says otherwise').toBe('push');
      const block = await depositIntoNextBlock(inbox, 6n);
      expect(subscription.mode).toBe('pull');
      expect(subscription.fallback).toMatch(
        /^no delivery was pushed within 1\.0 s although L1 block \d+ holds L2 block \d+/,
      );
      expect([...block.entry.sources]).toEqual(['pull']);
    });
  });

  it('auto: keeps pushing, and never pulls, when the pushed deliveries arrive', async () => {
    await labels({ epic: 'Contract-event webhooks', feature: 'Auto mode', story: 'push works' });
    // A short grace (the service polls the L1 every 250 ms): had the judge missed the pushes, it would fall back within
    // a few seconds, well inside the wait for its verdict below.
    const subscription = await subscribeToContractEvents(local.target, {
      mode: 'auto',
      label: 'auto push test',
      publicClient: chain.publicClient,
      pace: { pushGraceMs: 5_000, judgeEveryMs: 250, pullEveryMs: 250 },
    });
    await withSubscription(subscription, async ({ inbox }) => {
      const block = await depositIntoNextBlock(inbox, 6n);
      expect([...block.entry.sources]).toEqual(['push']);
      expect(block.entry.verified).toBe(true);
      const judged = await waitFor({
        what: 'the auto judge to decide about the push path',
        timeoutMs: WAIT_MS,
        probe: () => subscription.describe(),
        isDone: (described) => described.pushVerdict !== undefined,
        describe: (described) => `verdict ${String(described.pushVerdict)}, mode ${String(described.mode)}`,
      });
      expect(judged.pushVerdict).toBe('pushing');
      expect(subscription.mode).toBe('push');
      expect(subscription.fallback).toBeUndefined();
      expect(judged.pulls, 'the events API was never read').toMatchObject({ polls: 0, failedPolls: 0, eventsRead: 0 });
    });
  });
});
