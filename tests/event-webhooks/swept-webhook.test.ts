// A killed run's webhook, still aimed at the receiver, is swept when the next run subscribes. Whether MultiBaas still
// sends the deleted webhook's queued retries is undocumented (docs/multibaas-generations.md, "Deleted webhooks"), so a
// double set to keep retrying them shows the worst case: the late POST, signed with the swept webhook's secret, is
// answered 200 and counted stale, never refused (F16) — and it is the same bytes again, counted as a retry.
import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventServiceClient } from '../../fixtures/api/event-service-client';
import { WEBHOOK_HEADERS } from '../../fixtures/event-webhooks/header-names';
import { startEventReceiver, type EventReceiver } from '../../fixtures/event-webhooks/receiver';
import { RECEIVER_PATH, registerWebhook } from '../../fixtures/event-webhooks/subscription';
import { webhookLabel } from '../../fixtures/event-webhooks/webhook-sweep';
import { recordingLogger } from '../../fixtures/log';
import { hostAddressForContainers } from '../../fixtures/network/host-address';
import { startEventServiceContainer, type EventServiceContainer } from '../../fixtures/network/event-service-container';
import { waitFor } from '../../fixtures/waits';
import { devnetEvents } from '../event-service/support/devnet-events';
import { devnetPerFile } from '../support/devnet-per-file';

const WAIT_MS = 60_000;
/** Retries spread over about 15 s (1, 2, 4, 4, 4 s): long enough for the sweep and the new webhook to come between. */
const SLOW_RETRY = { retries: 5, minMs: 1_000, maxMs: 4_000 };

const local = devnetPerFile({ batchWindowSeconds: 1 });
let service: EventServiceContainer;
let client: EventServiceClient;
let receiver: EventReceiver;

beforeAll(async () => {
  const { devnet } = local;
  service = await startEventServiceContainer({
    image: devnet.images.eventService,
    network: devnet.network,
    ethereumUrlInNetwork: devnet.ethereumUrlInNetwork,
    chainId: devnet.chainId,
    deployment: devnet.deployment,
    addressesToml: devnet.addressesToml,
    retry: SLOW_RETRY,
    afterDelete: 'keep-retrying',
    alias: 'event-service-keeps-retrying',
  });
  devnet.addTeardown('event service that keeps retrying deleted webhooks', () => service.container.stop());
  client = new EventServiceClient({ baseUrl: service.url, apiKey: service.apiKey });
  receiver = await startEventReceiver({
    host: await hostAddressForContainers(),
    path: RECEIVER_PATH,
    headers: WEBHOOK_HEADERS.multibaas,
    logger: recordingLogger(),
  });
}, 120_000);

afterAll(async () => {
  await receiver?.close();
  await client?.close();
});

describe('a webhook swept while its deliveries are being retried', () => {
  it(
    'sends its late retry signed with its own secret: the receiver answers 200 and counts it stale, not refused',
    async () => {
      const url = receiver.url({ hostname: 'host.docker.internal' });
      // A killed run's webhook: the receiver does not know its secret, so each of its POSTs is answered 503 and retried.
      const leftover = await client.createWebhook({
        label: webhookLabel('killed-run', randomBytes(3).toString('hex')),
        url,
        subscriptions: ['event.emitted'],
      });
      await devnetEvents(local.devnet).mintStablecoin(getAddress(`0x${randomBytes(20).toString('hex')}`), 1n);
      await waitFor({
        what: "the leftover webhook's first delivery (answered 503)",
        timeoutMs: WAIT_MS,
        probe: () => receiver.inbox.verdicts.map((verdict) => verdict.outcome),
        isDone: (outcomes) => outcomes.includes('deferred'),
        describe: (outcomes) => `outcomes so far: ${outcomes.join(', ') || 'none'}`,
      });

      const { webhook, sweep } = await registerWebhook(client, receiver, {
        label: webhookLabel('next-run', randomBytes(3).toString('hex')),
        url,
      });
      try {
        expect(sweep.removed.map(({ id, why }) => [id, why])).toEqual([[leftover.id, 'aimed at this receiver']]);
        const stale = await waitFor({
          what: "the swept webhook's late retry",
          timeoutMs: WAIT_MS,
          probe: () => receiver.inbox.verdicts.filter((verdict) => verdict.outcome === 'stale'),
          isDone: (verdicts) => verdicts.length > 0,
          describe: () => receiver.inbox.summary(),
        });
        expect(stale[0]).toMatchObject({
          status: 200,
          reason: 'swept webhook',
          detail: `signed with the secret of webhook ${leftover.id}, which this run swept`,
        });
        expect(stale[0]!.resent?.attempt, 'the same bytes as the deferred POST: a retry').toBeGreaterThan(1);
        expect(
          receiver.inbox.verdicts.filter((verdict) => verdict.outcome === 'refused'),
          'deliveries refused',
        ).toEqual([]);
        expect(receiver.inbox.entries(), "nothing of the swept webhook's delivery is read").toEqual([]);
      } finally {
        await client.deleteWebhook(webhook.id);
      }
    },
    WAIT_MS * 3,
  );
});
