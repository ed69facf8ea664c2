// The contract-event receiver over real HTTP, case by case against the seed's reference receiver (missing body,
// signature or timestamp: 403 empty; signature different: 403 empty; else 200 empty) and the rules beyond the seed
// (replay window, size limit, 400 for a signed non-delivery, de-duplication, configurable header names).
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { signDelivery } from '../../docker/lib/event-webhooks/signature';
import { WEBHOOK_HEADERS, type DeliveredEvent } from '../../docker/lib/event-webhooks/wire';
import { startEventReceiver, type EventReceiver, type EventReceiverOptions } from '../../fixtures/event-webhooks';
import {
  ALICE,
  BOB,
  NIGHTFALL,
  ROUND_ROBIN,
  TEST_WEBHOOK_SECRET,
  TOKEN,
  blockProposed,
  erc20Transfer,
  proposerRotated,
} from '../../docker/lib/event-webhooks/test-deliveries';
import { recordingLogger, type RecordingLogger } from '../../fixtures/log';
import { labels } from '../../fixtures/report';
import { Secret } from '../../fixtures/secrets';
import type { HeaderNames } from '../../fixtures/event-webhooks/verify-delivery';

const NOW = new Date('2026-11-22T10:00:00Z');
const NOW_SECONDS = String(NOW.getTime() / 1000);
const feature = (story: string) => labels({ epic: 'Contract-event webhooks', feature: 'Receiver', story });

let receiver: EventReceiver | undefined;
let logger: RecordingLogger;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function start(options: Partial<EventReceiverOptions> = {}): Promise<EventReceiver> {
  logger = recordingLogger();
  receiver = await startEventReceiver({
    host: '127.0.0.1',
    secret: new Secret(TEST_WEBHOOK_SECRET),
    now: () => NOW,
    contracts: { nightfall: NIGHTFALL, roundRobin: ROUND_ROBIN },
    logger,
    ...options,
  });
  return receiver;
}

interface Post {
  body?: string | Buffer | Readable;
  headers?: Record<string, string>;
}

async function post(url: string, { body, headers = {} }: Post) {
  const response = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: body ?? null });
  return { status: response.statusCode, body: await response.body.text() };
}

/** Headers as the service sends them: signature over exactly `body` and `timestamp`. */
function signedHeaders(body: string | Buffer, timestamp = NOW_SECONDS, names: HeaderNames = WEBHOOK_HEADERS.seed): Record<string, string> {
  return { [names.signature]: signDelivery(TEST_WEBHOOK_SECRET, body, timestamp), [names.timestamp]: timestamp };
}

function bodyOf(...events: DeliveredEvent[]): string {
  return JSON.stringify(events);
}

const oneBlock = () => bodyOf(blockProposed(7, { blockNumber: 42n, logIndex: 0 }));

describe('contract-event receiver: refusals (nothing is handed on)', () => {
  const refusals: [story: string, expected: { status: number; reason: string }, request: () => Post][] = [
    ['a tampered body', { status: 403, reason: 'signature mismatch' }, () => {
      const body = oneBlock();
      return { body: body.replace('"event.emitted"', '"event.emitteD"'), headers: signedHeaders(body) };
    }],
    ['a tampered signature', { status: 403, reason: 'signature mismatch' }, () => {
      const body = oneBlock();
      const headers = signedHeaders(body);
      const signature = headers[WEBHOOK_HEADERS.seed.signature]!;
      return { body, headers: { ...headers, [WEBHOOK_HEADERS.seed.signature]: `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}` } };
    }],
    ['an unsigned delivery', { status: 403, reason: 'missing signature' }, () => ({ body: oneBlock(), headers: { [WEBHOOK_HEADERS.seed.timestamp]: NOW_SECONDS } })],
    ['a delivery without timestamp', { status: 403, reason: 'missing timestamp' }, () => {
      const body = oneBlock();
      return { body, headers: { [WEBHOOK_HEADERS.seed.signature]: signDelivery(TEST_WEBHOOK_SECRET, body, '') } };
    }],
    ['an empty body', { status: 403, reason: 'missing body' }, () => ({ body: '', headers: signedHeaders('') })],
    ['a stale delivery (signed 301 s ago)', { status: 403, reason: 'stale timestamp' }, () => {
      const body = oneBlock();
      return { body, headers: signedHeaders(body, String(Number(NOW_SECONDS) - 301)) };
    }],
    ['a delivery from the future (signed 301 s ahead)', { status: 403, reason: 'future timestamp' }, () => {
      const body = oneBlock();
      return { body, headers: signedHeaders(body, String(Number(NOW_SECONDS) + 301)) };
    }],
    ['a signed body that is not JSON', { status: 400, reason: 'body not JSON' }, () => ({ body: '[{"id":', headers: signedHeaders('[{"id":') })],
    ['a signed JSON object instead of an array', { status: 400, reason: 'not a delivery' }, () => {
      const body = JSON.stringify(blockProposed(7, { blockNumber: 42n, logIndex: 0 }));
      return { body, headers: signedHeaders(body) };
    }],
    ['a signed array of an unknown event kind', { status: 400, reason: 'not a delivery' }, () => {
      const body = JSON.stringify([{ ...blockProposed(7, { blockNumber: 42n, logIndex: 0 }), event: 'event.removed' }]);
      return { body, headers: signedHeaders(body) };
    }],
  ];

  it.each(refusals)('refuses %s', async (story, expected, build) => {
    await feature(`Refuses ${story}`);
    const { inbox, url } = await start();
    expect(await post(url(), build())).toEqual({ status: expected.status, body: '' });
    expect(inbox.entries()).toEqual([]);
    expect(inbox.verdicts.map(({ status, accepted, reason }) => ({ status, accepted, reason }))).toEqual([{ status: expected.status, accepted: false, reason: expected.reason }]);
  });

  it('refuses a body over the limit with 413 as soon as its declared length says so', async () => {
    await feature('Refuses an oversized delivery');
    const { inbox, url } = await start();
    const body = Buffer.alloc(1024 * 1024 + 1, 0x20);
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 413, body: '' });
    expect(inbox.entries()).toEqual([]);
    expect(inbox.verdicts.map((v) => [v.status, v.reason, v.bytes])).toEqual([[413, 'body too large', 0]]);
  });

  it('refuses a streamed body (no declared length) with 413 once it passes the limit', async () => {
    await feature('Refuses an oversized delivery');
    const { inbox, url } = await start({ maxBodyBytes: 64 * 1024 });
    const chunks = Array.from({ length: 32 }, () => Buffer.alloc(4 * 1024, 0x20));
    const result = await post(url(), { body: Readable.from(chunks), headers: signedHeaders(Buffer.concat(chunks)) });
    expect(result).toEqual({ status: 413, body: '' });
    expect(inbox.entries()).toEqual([]);
    expect(inbox.verdicts.map((v) => [v.status, v.reason])).toEqual([[413, 'body too large']]);
  });

  it('refuses everything until it knows the webhook\'s secret', async () => {
    await feature('Waits for the webhook secret');
    const { inbox, url, useSecret } = await start({ secret: undefined });
    const body = oneBlock();
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 403, body: '' });
    useSecret(new Secret(TEST_WEBHOOK_SECRET));
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 200, body: '' });
    expect(inbox.verdicts.map((v) => v.reason ?? 'accepted')).toEqual(['no secret yet', 'accepted']);
  });

  it('answers 404 to another path and 405 to another method', async () => {
    await feature('Accepts POSTs to its path only');
    const { inbox, url, port } = await start();
    const body = oneBlock();
    expect(await post(`http://127.0.0.1:${port}/other`, { body, headers: signedHeaders(body) })).toEqual({ status: 404, body: '' });
    const get = await request(url(), { method: 'GET' });
    expect({ status: get.statusCode, allow: get.headers.allow, body: await get.body.text() }).toEqual({ status: 405, allow: 'POST', body: '' });
    expect(inbox.entries()).toEqual([]);
  });
});

describe('contract-event receiver: accepted deliveries', () => {
  it('accepts a correctly signed delivery with 200 and an empty body, and hands its events on as verified', async () => {
    await feature('Accepts a signed delivery');
    const { inbox, url } = await start();
    const body = oneBlock();
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 200, body: '' });
    expect(inbox.verifiedBlocks()).toEqual(new Set([7]));
    expect(inbox.verdicts.map(({ status, accepted, events, newEvents }) => ({ status, accepted, events, newEvents }))).toEqual([
      { status: 200, accepted: true, events: 1, newEvents: 1 },
    ]);
  });

  it('answers a replayed delivery with 200 but hands its events on once', async () => {
    await feature('De-duplicates redeliveries');
    const { inbox, url } = await start();
    const body = oneBlock();
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 200, body: '' });
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 200, body: '' });
    expect(inbox.entries()).toHaveLength(1);
    expect(inbox.verdicts.map((v) => v.newEvents)).toEqual([1, 0]);
  });

  it('hands on every event of a delivery mixing Nightfall, RoundRobin and a token, in chain order', async () => {
    await feature('Accepts deliveries mixing contracts');
    const { inbox, url } = await start();
    const transfer = erc20Transfer(TOKEN, ALICE, BOB, 5_000_000n, { blockNumber: 43n, logIndex: 0 });
    const rotation = proposerRotated(BOB, 'http://proposer:3000', { blockNumber: 42n, logIndex: 1 });
    const block = blockProposed(7, { blockNumber: 42n, logIndex: 0 });
    const body = bodyOf(transfer, rotation, block);
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 200, body: '' });
    expect(inbox.entries().map((e) => e.id)).toEqual([block.id, rotation.id, transfer.id]);
    expect(inbox.deliveredBlocks()).toEqual(new Set([7]));
    expect(inbox.proposerRotations().map((r) => r.proposer)).toEqual([BOB]);
    expect(inbox.transfers(TOKEN).map((t) => [t.to, t.valueOrTokenId])).toEqual([[BOB, 5_000_000n]]);
  });

  it.each([
    ['seed', WEBHOOK_HEADERS.seed, WEBHOOK_HEADERS.multibaas],
    ['MultiBaas', WEBHOOK_HEADERS.multibaas, WEBHOOK_HEADERS.seed],
  ] as const)('reads the %s header names when configured so, and refuses the other flavour', async (_flavour, names, other) => {
    await feature('Configurable header names');
    const { inbox, url } = await start({ headers: names });
    const body = oneBlock();
    expect(await post(url(), { body, headers: signedHeaders(body, NOW_SECONDS, other) })).toEqual({ status: 403, body: '' });
    expect(inbox.entries()).toEqual([]);
    expect(await post(url(), { body, headers: signedHeaders(body, NOW_SECONDS, names) })).toEqual({ status: 200, body: '' });
    expect(inbox.deliveredBlocks()).toEqual(new Set([7]));
  });

  it('keeps the secret and the signatures out of its verdicts and log lines', async () => {
    await feature('Never logs secrets');
    const { inbox, url } = await start();
    const good = oneBlock();
    const goodHeaders = signedHeaders(good);
    await post(url(), { body: good, headers: goodHeaders });
    await post(url(), { body: `${good} `, headers: goodHeaders });
    const recorded = JSON.stringify(inbox.verdicts) + logger.lines.join('\n');
    expect(recorded).toContain('signature mismatch');
    expect(recorded).not.toContain(TEST_WEBHOOK_SECRET);
    expect(recorded).not.toContain(goodHeaders[WEBHOOK_HEADERS.seed.signature]);
  });
});
