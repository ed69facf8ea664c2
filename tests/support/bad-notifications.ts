/**
 * Test support: the kinds of bad delivery a Nightfall client's webhook (or anything that reaches the receiver's port)
 * can send the notification receiver, each a named fast-check generator of the bytes on the wire, with what the receiver
 * documents for it (fixtures/notifications/receiver.ts): 400 not JSON or not a notification, 404 not its path, 405 not
 * a POST, 413 too large (each kept in `inbox.rejected`, redacted), or 200 and recorded, with what the inbox then reads.
 * The real client sends `reqwest .json(&payload)` (application/json) of a serde enum tagged `event_type`, unsigned
 * (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/services/data_publisher.rs:20-33,
 * nightfall_client/src/domain/notifications.rs:4-17). fixtures/notifications/receiver.property.test.ts sends each.
 */
import fc from 'fast-check';
import type { RawPost } from '../../fixtures/event-webhooks/raw-http-post';
import type { Inbox } from '../../fixtures/notifications/inbox';
import {
  blockEvent,
  depositEvent,
  OTHER_REQUEST_ID,
  REQUEST_ID,
  withdrawEvent,
} from '../../fixtures/notifications/test-payloads';

/** The receiver's body limit in these tests. */
export const NOTIFICATION_MAX_BODY_BYTES = 16 * 1024;
/** A stand-in private key planted in bad deliveries (test vector, not a key of anything): it must never be printed. */
export const PLANTED_NOTIFICATION_KEY = '7a'.repeat(32);

const JSON_TYPE: [string, string] = ['content-type', 'application/json'];

export function jsonPost(
  body: unknown,
  { path = '/webhook', contentType = 'application/json' }: { path?: string; contentType?: string } = {},
): RawPost {
  return {
    path,
    headers: [['content-type', contentType]],
    body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  };
}

export interface BadNotification {
  readonly name: string;
  readonly family: 'framing and size' | 'not JSON' | 'not a notification' | 'routing' | 'repeats and order';
  /** Good deliveries first (each answered 200), then the bad one. */
  readonly cases: fc.Arbitrary<{ readonly before: readonly RawPost[]; readonly post: RawPost }>;
  readonly expected:
    /** Refused: this status, the reason matching, nothing recorded as received. */
    | { readonly status: 400 | 404 | 405 | 413; readonly reason: RegExp }
    /** Taken (200): what the inbox must read afterwards. */
    | { readonly status: 200; readonly reads: (inbox: Inbox) => unknown; readonly equals: unknown };
  readonly numRuns?: number;
}

const single = (post: fc.Arbitrary<RawPost>) => post.map((p) => ({ before: [], post: p }));

/** A field of a valid payload replaced (or removed, with `undefined`). */
function spoiled(payload: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...payload };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

const PAYLOADS = { deposit: depositEvent(), withdraw: withdrawEvent(), block: blockEvent(7, [REQUEST_ID]) } as const;
const payload = fc
  .constantFrom(...(Object.keys(PAYLOADS) as (keyof typeof PAYLOADS)[]))
  .map((name) => PAYLOADS[name] as Record<string, unknown>);
/** A value of another JSON type than the field's (none of them a valid value of it). */
const otherThanString = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { minLength: 1, maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);
const HEX_DIGIT = fc.constantFrom(...'0123456789abcdef'.split(''));
const hexDigits = (minLength: number, maxLength: number) => fc.string({ unit: HEX_DIGIT, minLength, maxLength });
const notJson = fc.oneof(
  fc.string({ maxLength: 60 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
  fc.constantFrom(
    '{"event_type":',
    "{'event_type':'transaction_event'}",
    'NaN',
    '<html>502 Bad Gateway</html>',
    '\u0000\u0001',
  ),
);

export const BAD_NOTIFICATIONS: readonly BadNotification[] = [
  // -- Framing and size
  {
    name: 'a body over the limit (413, judged on its declared length)',
    family: 'framing and size',
    cases: single(
      fc.integer({ min: NOTIFICATION_MAX_BODY_BYTES + 1, max: 64 * 1024 * 1024 }).map((declaredLength) => ({
        path: '/webhook',
        headers: [JSON_TYPE],
        body: Buffer.alloc(0),
        framing: { declaredLength },
      })),
    ),
    expected: { status: 413, reason: /larger than/ },
    numRuns: 5,
  },
  {
    name: 'a body over the limit, sent chunked',
    family: 'framing and size',
    cases: single(
      fc.integer({ min: 1, max: 32 * 1024 }).map((over) => ({
        path: '/webhook',
        headers: [JSON_TYPE],
        body: Buffer.from(`"${'a'.repeat(NOTIFICATION_MAX_BODY_BYTES + over)}"`),
        framing: 'chunked' as const,
      })),
    ),
    expected: { status: 413, reason: /larger than/ },
    numRuns: 5,
  },
  {
    name: 'a notification cut short (framed correctly, JSON incomplete)',
    family: 'framing and size',
    cases: single(
      fc.tuple(payload, fc.nat()).map(([p, at]) => {
        const full = JSON.stringify(p);
        return jsonPost(full.slice(0, 1 + (at % (full.length - 1))));
      }),
    ),
    expected: { status: 400, reason: /not JSON/ },
  },
  // -- Not JSON
  {
    name: 'a body that is not JSON',
    family: 'not JSON',
    cases: single(notJson.map((text) => jsonPost(text))),
    expected: { status: 400, reason: /not JSON/ },
  },
  {
    name: 'a form-encoded body (wrong content type and form)',
    family: 'not JSON',
    cases: single(
      fc.constant(
        jsonPost(`event_type=transaction_event&uuid=${REQUEST_ID}`, {
          contentType: 'application/x-www-form-urlencoded',
        }),
      ),
    ),
    expected: { status: 400, reason: /not JSON/ },
    numRuns: 1,
  },
  {
    // The real client labels its JSON application/json; the receiver reads the body for what it is.
    name: 'a valid notification labelled text/plain (taken: the body decides)',
    family: 'not JSON',
    cases: single(
      fc
        .constantFrom('text/plain', 'application/octet-stream', '')
        .map((contentType) => jsonPost(depositEvent(), { contentType })),
    ),
    expected: { status: 200, reads: (inbox) => inbox.transactionEvent(REQUEST_ID)?.seq, equals: 1 },
    numRuns: 3,
  },
  // -- Not a notification: wrong types, missing fields, unknown kinds, bad values (a planted key never printed)
  {
    name: 'an unknown event_type, or none',
    family: 'not a notification',
    cases: single(
      fc
        .tuple(
          payload,
          fc.oneof(
            fc.string({ maxLength: 20 }).filter((t) => t !== 'transaction_event' && t !== 'blockchain_event'),
            otherThanString,
            fc.constant(undefined),
          ),
        )
        .map(([p, type]) => jsonPost(spoiled(p, 'event_type', type))),
    ),
    expected: { status: 400, reason: /event_type/ },
  },
  {
    name: 'a required field missing',
    family: 'not a notification',
    cases: single(
      payload.chain((p) =>
        fc
          .constantFrom(...Object.keys(p).filter((field) => field !== 'event_type'))
          .map((field) => jsonPost(spoiled(p, field, undefined))),
      ),
    ),
    expected: { status: 400, reason: /not a client notification/ },
  },
  {
    name: 'a field of the wrong JSON type',
    family: 'not a notification',
    cases: single(
      payload.chain((p) =>
        fc
          .tuple(fc.constantFrom(...Object.keys(p).filter((field) => field !== 'event_type')), otherThanString)
          .filter(
            ([field, value]) => !(field === 'l2_block_number' && Number.isInteger(value) && (value as number) >= 0),
          )
          .map(([field, value]) => jsonPost(spoiled(p, field, value))),
      ),
    ),
    expected: { status: 400, reason: /not a client notification/ },
  },
  {
    name: 'a block number that is negative, fractional or not decimal',
    family: 'not a notification',
    cases: single(
      fc
        .oneof(
          fc.integer({ max: -1 }),
          fc.double({ min: 0.1, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
          fc.constantFrom('0x07', '-7', '7.0', ' 7', ''),
        )
        .map((n) => jsonPost(spoiled(blockEvent(7, [REQUEST_ID]), 'l2_block_number', n))),
    ),
    expected: { status: 400, reason: /l2_block_number/ },
  },
  {
    name: 'a request id that is not a UUID, holding a private key (never printed)',
    family: 'not a notification',
    cases: single(
      fc
        .constantFrom(PLANTED_NOTIFICATION_KEY, `"${PLANTED_NOTIFICATION_KEY}"`, `0x${PLANTED_NOTIFICATION_KEY}`)
        .map((id) => jsonPost(spoiled(depositEvent(), 'uuid', id))),
    ),
    expected: { status: 400, reason: /uuid/ },
    numRuns: 3,
  },
  {
    name: 'a commitment that is not 32 bytes of hex',
    family: 'not a notification',
    cases: single(
      fc
        .oneof(hexDigits(0, 63), hexDigits(65, 80), fc.constant('zz'.repeat(32)))
        .map((bad) => jsonPost(blockEvent(7, [REQUEST_ID], [bad]))),
    ),
    expected: { status: 400, reason: /commitments/ },
  },
  // -- Routing
  {
    name: 'not a POST',
    family: 'routing',
    cases: single(
      fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH').map((method) => ({ ...jsonPost(depositEvent()), method })),
    ),
    expected: { status: 405, reason: /only POST/ },
    numRuns: 4,
  },
  {
    name: 'another path, or a source that is not a slug',
    family: 'routing',
    cases: single(
      fc
        .constantFrom(
          '/',
          '/hook',
          '/webhook/a/b',
          '/webhook/%2e%2e',
          `/webhook/${'x'.repeat(65)}`,
          '/webhook/al%20ice',
        )
        .map((path) => jsonPost(depositEvent(), { path })),
    ),
    expected: { status: 404, reason: /unknown path/ },
    numRuns: 6,
  },
  // -- Repeats and order: taken, and read as the inbox documents
  {
    name: 'the same transaction_event twice (the first one counts)',
    family: 'repeats and order',
    cases: fc.constant({
      before: [jsonPost(withdrawEvent())],
      post: jsonPost(withdrawEvent(REQUEST_ID, 'ab'.repeat(32))),
    }),
    expected: {
      status: 200,
      reads: (inbox) => [inbox.transactionEvents(REQUEST_ID).length, inbox.transactionEvent(REQUEST_ID)?.seq],
      equals: [2, 1],
    },
    numRuns: 1,
  },
  {
    name: 'a block re-announced, in any order (the lowest number holds the request)',
    family: 'repeats and order',
    cases: fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 2, maxLength: 5 }).map((numbers) => {
      const posts = numbers.map((n) => jsonPost(blockEvent(n, [REQUEST_ID])));
      return { before: posts.slice(0, -1), post: posts.at(-1)! };
    }),
    expected: {
      status: 200,
      reads: (inbox) =>
        inbox.blockContaining(REQUEST_ID)?.notification.l2BlockNumber ===
        Math.min(
          ...inbox.received.map((r) => (r.notification.kind === 'block' ? r.notification.l2BlockNumber : Infinity)),
        ),
      equals: true,
    },
  },
  {
    name: 'blocks arriving newest first (the highest is the highest, whatever came last)',
    family: 'repeats and order',
    cases: fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 2, maxLength: 5 }).map((numbers) => {
      const posts = [...numbers].sort((a, b) => b - a).map((n) => jsonPost(blockEvent(n, [OTHER_REQUEST_ID])));
      return { before: posts.slice(0, -1), post: posts.at(-1)! };
    }),
    expected: {
      status: 200,
      reads: (inbox) =>
        inbox.highestL2Block() ===
        Math.max(...inbox.received.map((r) => (r.notification.kind === 'block' ? r.notification.l2BlockNumber : -1))),
      equals: true,
    },
  },
];
