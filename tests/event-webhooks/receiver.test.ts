// The contract-event receiver over real HTTP, case by case against the receiver rules of
// docs/contract-event-webhooks.md (missing body, signature or timestamp: 403 empty; signature different: 403 empty;
// else 200 empty) and the rules a real, retrying sender needs: once the signature verifies the answer is 200,
// whatever the body holds (unusable items and odd timestamps become findings); before the secret is known 503,
// retryable and not a refusal; a size limit sized for real batches; de-duplication; configurable header names.
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startEventReceiver,
  WEBHOOK_HEADERS,
  type DeliveredEvent,
  type EventReceiver,
  type EventReceiverOptions,
} from '../../fixtures/event-webhooks';
import { signatureOf } from '../../fixtures/event-webhooks/signature';
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
} from '../../fixtures/event-webhooks/test-deliveries';
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
  const response = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body ?? null,
  });
  return { status: response.statusCode, body: await response.body.text() };
}

/** Headers as the service sends them: signature over exactly `body` and `timestamp`. */
function signedHeaders(
  body: string | Buffer,
  timestamp = NOW_SECONDS,
  names: HeaderNames = WEBHOOK_HEADERS.neutral,
): Record<string, string> {
  return { [names.signature]: signatureOf(TEST_WEBHOOK_SECRET, body, timestamp), [names.timestamp]: timestamp };
}

function bodyOf(...events: DeliveredEvent[]): string {
  return JSON.stringify(events);
}

const oneBlock = () => bodyOf(blockProposed(7, { blockNumber: 42n, logIndex: 0 }));

describe('contract-event receiver: refusals (nothing is handed on)', () => {
  const refusals: [story: string, expected: { status: number; reason: string }, request: () => Post][] = [
    [
      'a tampered body',
      { status: 403, reason: 'signature mismatch' },
      () => {
        const body = oneBlock();
        return { body: body.replace('"event.emitted"', '"event.emitteD"'), headers: signedHeaders(body) };
      },
    ],
    [
      'a tampered signature',
      { status: 403, reason: 'signature mismatch' },
      () => {
        const body = oneBlock();
        const headers = signedHeaders(body);
        const signature = headers[WEBHOOK_HEADERS.neutral.signature]!;
        return {
          body,
          headers: {
            ...headers,
            [WEBHOOK_HEADERS.neutral.signature]: `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`,
          },
        };
      },
    ],
    [
      'an unsigned delivery',
      { status: 403, reason: 'missing signature' },
      () => ({ body: oneBlock(), headers: { [WEBHOOK_HEADERS.neutral.timestamp]: NOW_SECONDS } }),
    ],
    [
      'a delivery without timestamp',
      { status: 403, reason: 'missing timestamp' },
      () => {
        const body = oneBlock();
        return { body, headers: { [WEBHOOK_HEADERS.neutral.signature]: signatureOf(TEST_WEBHOOK_SECRET, body, '') } };
      },
    ],
    ['an empty body', { status: 403, reason: 'missing body' }, () => ({ body: '', headers: signedHeaders('') })],
  ];

  it.each(refusals)('refuses %s', async (story, expected, build) => {
    await feature(`Refuses ${story}`);
    const { inbox, url } = await start();
    expect(await post(url(), build())).toEqual({ status: expected.status, body: '' });
    expect(inbox.entries()).toEqual([]);
    expect(inbox.verdicts.map(({ status, outcome, reason }) => ({ status, outcome, reason }))).toEqual([
      { status: expected.status, outcome: 'refused', reason: expected.reason },
    ]);
  });

  it('refuses a body over the limit with 413 as soon as its declared length says so', async () => {
    await feature('Refuses an oversized delivery');
    const { inbox, url } = await start({ maxBodyBytes: 1024 * 1024 });
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

  it("answers 503 with Retry-After until it knows the webhook's secret, counted as deferred, not refused", async () => {
    await feature('Waits for the webhook secret');
    const { inbox, url, useSecret } = await start({ secret: undefined });
    const body = oneBlock();
    const early = await request(url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signedHeaders(body) },
      body,
    });
    expect({
      status: early.statusCode,
      retryAfter: early.headers['retry-after'],
      body: await early.body.text(),
    }).toEqual({ status: 503, retryAfter: '5', body: '' });
    useSecret(new Secret(TEST_WEBHOOK_SECRET));
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 200, body: '' });
    expect(inbox.verdicts.map((v) => [v.outcome, v.reason ?? null])).toEqual([
      ['deferred', 'no secret yet'],
      ['accepted', null],
    ]);
    expect(inbox.verdicts.filter((v) => v.outcome === 'refused')).toEqual([]);
    expect(inbox.deliveredBlocks()).toEqual(new Set([7]));
  });

  it('answers 200 to a delivery signed by a webhook the run swept, counted as stale, not refused, and reads nothing of it (F16)', async () => {
    await feature('Tells a swept webhook from a forger');
    const { inbox, url, rememberSwept } = await start();
    const swept = 'secret-of-a-killed-runs-webhook';
    rememberSwept([{ id: 41, secret: new Secret(swept) }]);
    const body = oneBlock();
    const late = {
      [WEBHOOK_HEADERS.neutral.signature]: signatureOf(swept, body, NOW_SECONDS),
      [WEBHOOK_HEADERS.neutral.timestamp]: NOW_SECONDS,
    };
    expect(await post(url(), { body, headers: late })).toEqual({ status: 200, body: '' });
    expect(await post(url(), { body, headers: late })).toEqual({ status: 200, body: '' });
    expect(inbox.verdicts.map((v) => [v.status, v.outcome, v.reason, v.resent?.attempt ?? 1])).toEqual([
      [200, 'stale', 'swept webhook', 1],
      [200, 'stale', 'swept webhook', 2],
    ]);
    expect(inbox.entries()).toEqual([]);
    expect(inbox.summary()).toContain('2 stale (signed by a swept webhook)');
    expect(inbox.summary()).toContain('0 refused');
    expect(logger.lines.some((line) => line.includes('stale event delivery') && line.includes('webhook 41'))).toBe(
      true,
    );
  });

  it('answers 404 to another path and 405 to another method', async () => {
    await feature('Accepts POSTs to its path only');
    const { inbox, url, port } = await start();
    const body = oneBlock();
    expect(await post(`http://127.0.0.1:${port}/other`, { body, headers: signedHeaders(body) })).toEqual({
      status: 404,
      body: '',
    });
    const get = await request(url(), { method: 'GET' });
    expect({ status: get.statusCode, allow: get.headers.allow, body: await get.body.text() }).toEqual({
      status: 405,
      allow: 'POST',
      body: '',
    });
    expect(inbox.entries()).toEqual([]);
  });
});

describe('contract-event receiver: authentic deliveries are answered 200, whatever they hold', () => {
  const authentic: [story: string, body: () => string, timestamp: string, finding: { kind: string; detail: RegExp }][] =
    [
      ['a body that is not JSON', () => '[{"id":', NOW_SECONDS, { kind: 'unusable', detail: /not JSON/ }],
      [
        'a JSON object instead of an array',
        () => JSON.stringify(blockProposed(7, { blockNumber: 42n, logIndex: 0 })),
        NOW_SECONDS,
        { kind: 'unusable', detail: /not a JSON array/ },
      ],
      [
        'an item of an unknown kind',
        () => JSON.stringify([{ ...blockProposed(7, { blockNumber: 42n, logIndex: 0 }), event: 'event.removed' }]),
        NOW_SECONDS,
        { kind: 'unusable', detail: /event/ },
      ],
      [
        'a delivery signed 301 s ago (a retry signed long ago)',
        oneBlock,
        String(Number(NOW_SECONDS) - 301),
        { kind: 'timestamp', detail: /signed 301 s ago/ },
      ],
      [
        'a delivery signed 301 s ahead',
        oneBlock,
        String(Number(NOW_SECONDS) + 301),
        { kind: 'timestamp', detail: /signed 301 s ahead/ },
      ],
    ];

  it.each(authentic)(
    'takes %s with 200 (never a retry loop) and records a finding',
    async (story, build, timestamp, finding) => {
      await feature(`Answers 200 once the signature verifies: ${story}`);
      const { inbox, url } = await start();
      const body = build();
      expect(await post(url(), { body, headers: signedHeaders(body, timestamp) })).toEqual({ status: 200, body: '' });
      expect(inbox.verdicts.map((v) => v.outcome)).toEqual(['accepted']);
      expect(inbox.findings).toMatchObject([
        { kind: finding.kind, source: 'push', detail: expect.stringMatching(finding.detail) },
      ]);
    },
  );

  it('hands on the usable items of a delivery that also holds one it cannot use (a value that is any JSON is usable)', async () => {
    await feature('Answers 200 once the signature verifies: mixed items');
    const { inbox, url } = await start();
    const usable = blockProposed(7, { blockNumber: 42n, logIndex: 0 });
    (usable.data.event.inputs as { value: unknown }[])[0]!.value = true; // any JSON
    const broken = {
      ...blockProposed(8, { blockNumber: 43n, logIndex: 0 }),
      data: { event: { name: 'BlockProposed' } },
    };
    const body = JSON.stringify([usable, broken]);
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 200, body: '' });
    expect(inbox.deliveredBlocks()).toEqual(new Set([7]));
    expect(inbox.verdicts.map(({ events, newEvents, unusable }) => ({ events, newEvents, unusable }))).toEqual([
      { events: 2, newEvents: 1, unusable: 1 },
    ]);
    expect(inbox.findings).toMatchObject([{ kind: 'unusable', itemId: broken.id, name: 'BlockProposed' }]);
  });

  it('does not count a delivered log marked removed as a delivered block', async () => {
    await feature('Removed logs confirm nothing');
    const { inbox, url } = await start();
    const body = bodyOf(blockProposed(7, { blockNumber: 42n, logIndex: 0, removed: true }));
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 200, body: '' });
    expect(inbox.deliveredBlocks()).toEqual(new Set());
    expect(inbox.findings).toMatchObject([{ kind: 'removed', name: 'BlockProposed' }]);
  });

  it('takes a delivery as large as a real batch of 256-transaction blocks (several megabytes)', async () => {
    await feature('Body limit sized for real batches');
    const { inbox, url } = await start();
    const item = blockProposed(7, { blockNumber: 42n, logIndex: 0 });
    (item.data as unknown as { transaction: { txData: string } }).transaction.txData =
      `0x${'ab'.repeat(3 * 1024 * 1024)}`;
    const body = bodyOf(item);
    expect(Buffer.byteLength(body)).toBeGreaterThan(6 * 1024 * 1024);
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 200, body: '' });
    expect(inbox.deliveredBlocks()).toEqual(new Set([7]));
  });
});

describe('contract-event receiver: accepted deliveries', () => {
  it('accepts a correctly signed delivery with 200 and an empty body, and hands its events on as verified', async () => {
    await feature('Accepts a signed delivery');
    const { inbox, url } = await start();
    const body = oneBlock();
    expect(await post(url(), { body, headers: signedHeaders(body) })).toEqual({ status: 200, body: '' });
    expect(inbox.verifiedBlocks()).toEqual(new Set([7]));
    expect(
      inbox.verdicts.map(({ status, outcome, events, newEvents, unusable }) => ({
        status,
        outcome,
        events,
        newEvents,
        unusable,
      })),
    ).toEqual([{ status: 200, outcome: 'accepted', events: 1, newEvents: 1, unusable: 0 }]);
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
    ['brand-neutral (X-Webhook-*)', WEBHOOK_HEADERS.neutral, WEBHOOK_HEADERS.multibaas],
    ['MultiBaas', WEBHOOK_HEADERS.multibaas, WEBHOOK_HEADERS.neutral],
  ] as const)(
    'reads the %s header names when configured so, and refuses the other flavour',
    async (_flavour, names, other) => {
      await feature('Configurable header names');
      const { inbox, url } = await start({ headers: names });
      const body = oneBlock();
      expect(await post(url(), { body, headers: signedHeaders(body, NOW_SECONDS, other) })).toEqual({
        status: 403,
        body: '',
      });
      expect(inbox.entries()).toEqual([]);
      expect(await post(url(), { body, headers: signedHeaders(body, NOW_SECONDS, names) })).toEqual({
        status: 200,
        body: '',
      });
      expect(inbox.deliveredBlocks()).toEqual(new Set([7]));
    },
  );

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
    expect(recorded).not.toContain(goodHeaders[WEBHOOK_HEADERS.neutral.signature]);
  });
});
