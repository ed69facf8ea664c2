// The devnet event service's API, as MultiBaas answers it: webhooks are created with a fresh signing secret, listed in
// pages, read back with their secret and deleted; every answer is the {status, message, result} envelope, and a
// missing or wrong API key, an unknown id or an invalid body gets the matching error envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventServiceClient } from '../../fixtures/event-webhooks/api-client';
import { startDevnet, type Devnet } from '../../fixtures/network';
import { labels } from '../../fixtures/report';
import { rawApi } from './support/raw-api';

let devnet: Devnet;
let api: EventServiceClient;

beforeAll(async () => {
  devnet = await startDevnet();
  api = new EventServiceClient({ baseUrl: devnet.eventService.url, apiKey: devnet.eventService.apiKey });
});

afterAll(async () => {
  await api?.close();
  await devnet?.stop();
});

const receiverUrl = 'http://host.docker.internal:9/contract-events';
const bearer = () => `Bearer ${devnet.eventService.apiKey.reveal()}`;

describe('event service API', () => {
  it('creates a webhook with a fresh 32-byte secret and no failed calls', async () => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'create webhook' });
    const first = await api.createWebhook({ label: 'create one', url: receiverUrl, subscriptions: ['event.emitted'] });
    const second = await api.createWebhook({ label: 'create two', url: receiverUrl, subscriptions: ['event.emitted'] });

    expect(first).toMatchObject({ label: 'create one', url: receiverUrl, subscriptions: ['event.emitted'], failedCalls: 0 });
    expect(first.lastError ?? undefined).toBeUndefined();
    expect(first.secret.reveal()).toMatch(/^[0-9a-f]{64}$/);
    expect(second.id).not.toBe(first.id);
    expect(second.secret.reveal()).not.toBe(first.secret.reveal());
  });

  it('returns a webhook by id with the secret it was created with', async () => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'get webhook' });
    const created = await api.createWebhook({ label: 'get', url: receiverUrl, subscriptions: ['event.emitted', 'transaction.included'] });
    const read = await api.getWebhook(created.id);

    expect(read).toMatchObject({ id: created.id, label: 'get', subscriptions: ['event.emitted', 'transaction.included'] });
    expect(read.secret.reveal()).toBe(created.secret.reveal());
  });

  it('lists webhooks in creation order, a page at a time', async () => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'list webhooks' });
    const first = await api.createWebhook({ label: 'page a', url: receiverUrl, subscriptions: ['event.emitted'] });
    for (const label of ['page b', 'page c']) await api.createWebhook({ label, url: receiverUrl, subscriptions: ['event.emitted'] });
    const all = await api.listWebhooks({ limit: 1_000 });
    const offset = all.findIndex((webhook) => webhook.id === first.id);

    const page = await api.listWebhooks({ limit: 2, offset: offset + 1 });
    expect(page.map((webhook) => webhook.label)).toEqual(['page b', 'page c']);
  });

  it('deletes a webhook, after which it is not found', async () => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'delete webhook' });
    const created = await api.createWebhook({ label: 'delete', url: receiverUrl, subscriptions: ['event.emitted'] });
    await api.deleteWebhook(created.id);

    expect(await rawApi(devnet.eventService.url, 'GET', `/webhooks/${created.id}`, { authorization: bearer() })).toEqual({
      status: 404,
      envelope: { status: 404, message: `webhook ${created.id} not found`, result: null },
    });
    expect((await api.listWebhooks({ limit: 1_000 })).map((webhook) => webhook.id)).not.toContain(created.id);
  });

  it('starts a new webhook with an empty delivery log', async () => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'delivery log' });
    const created = await api.createWebhook({ label: 'empty log', url: receiverUrl, subscriptions: ['transaction.included'] });
    expect(await api.webhookEvents(created.id)).toEqual([]);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong API key', 'Bearer not-the-devnet-key-0123456789'],
    ['a key without the Bearer scheme', 'devnet-key'],
  ])('answers 401 with an error envelope to a request with %s', async (_case, authorization) => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'authentication' });
    expect(await rawApi(devnet.eventService.url, 'GET', '/webhooks', authorization === undefined ? {} : { authorization })).toEqual({
      status: 401,
      envelope: { status: 401, message: 'invalid or missing API key', result: null },
    });
  });

  it.each([
    ['GET', '/webhooks/999999'],
    ['DELETE', '/webhooks/999999'],
    ['GET', '/webhooks/999999/events'],
  ] as const)('answers 404 with an error envelope to %s %s (an unknown id)', async (method, path) => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'unknown webhook' });
    expect(await rawApi(devnet.eventService.url, method, path, { authorization: bearer() })).toEqual({
      status: 404,
      envelope: { status: 404, message: 'webhook 999999 not found', result: null },
    });
  });

  it.each([
    ['a body that is not JSON', '{"label":', /^body is not valid JSON$/],
    ['a webhook without url', JSON.stringify({ label: 'x', subscriptions: ['event.emitted'] }), /^invalid webhook: url: /],
    ['an unknown subscription', JSON.stringify({ label: 'x', url: receiverUrl, subscriptions: ['block.mined'] }), /^invalid webhook: subscriptions\.0: /],
    ['no subscriptions', JSON.stringify({ label: 'x', url: receiverUrl, subscriptions: [] }), /^invalid webhook: subscriptions: /],
    ['a URL that is not http(s)', JSON.stringify({ label: 'x', url: 'ftp://host/x', subscriptions: ['event.emitted'] }), /^invalid webhook: url: must be an http\(s\) URL$/],
  ])('answers 400 with an error envelope to %s', async (_case, body, message) => {
    await labels({ epic: 'Devnet', feature: 'Event service', story: 'invalid webhook' });
    const before = (await api.listWebhooks({ limit: 1_000 })).length;
    const answer = await rawApi(devnet.eventService.url, 'POST', '/webhooks', { authorization: bearer(), body });

    expect(answer.status).toBe(400);
    expect(answer.envelope.status).toBe(400);
    expect(answer.envelope.message).toMatch(message);
    expect((await api.listWebhooks({ limit: 1_000 })).length).toBe(before);
  });
});
