/**
 * Test support: the kinds of bad answer the events API (MultiBaas `GET /events` and `GET /events/count`) can give the
 * pull path, each a named fast-check generator of what goes on the wire per request, and what the puller must make of
 * it: refuse the poll with one named, redacted NightfallApiError, or take the usable events and leave the rest (as
 * findings). The document promises `200 application/json {status, message, result}` (result: an array of Event, or the
 * count) and an `Error` body for 4XX/5XX, and no order, no page cap, no stable offsets (curvegrid/multibaas-sdk-go @
 * 816cbf075e066b7fca35c21c19dab66795175471 : api/openapi.yaml:1160-1264 list-events, :4988-5046 Event, :7044-7062
 * Error). fixtures/event-webhooks/events-pull.property.test.ts serves each kind to a real puller.
 */
import fc from 'fast-check';
import type { ApiFailureKind } from '../../fixtures/api/errors';
import type { Finding } from '../../fixtures/event-webhooks/inbox-records';
import { blockProposed } from '../../fixtures/event-webhooks/test-deliveries';
import type { Script, WireAnswer } from './doubles/scripted-answer-server';

/** The L1 block the subscription started at: L2 block n is proposed in L1 block 100 + n. */
export const FROM_BLOCK = 105n;
/** The L2 blocks whose `BlockProposed` the good API lists (oldest first): all at or after the subscription. */
export const GOOD_L2_BLOCKS = [5, 6, 7, 8] as const;
/** Rows the puller asks per page: the good list takes two pages. */
export const PULL_PAGE_SIZE = 3;
/** The bound of one poll, in pages. */
export const PULL_MAX_PAGES = 6;
/** The response limit the property tests give the transport. */
export const PULL_MAX_RESPONSE_BYTES = 256 * 1024;

/** A stand-in private key planted in bad answers (test vector, not a key of anything): it must never be printed. */
export const PLANTED_EVENTS_KEY = '6f'.repeat(32);

/** The events API's `Event` of the BlockProposed of L2 block `l2Block` (SPEC Event: no delivery id). */
const eventOf = (l2Block: number): Record<string, unknown> =>
  blockProposed(l2Block, { blockNumber: BigInt(100 + l2Block), logIndex: 0 }).data;

type EventsRequest = Parameters<Extract<Script, (...args: never[]) => WireAnswer>>[0];
type EventsScript = (request: EventsRequest) => WireAnswer;

export interface BadEventsAnswer {
  readonly name: string;
  readonly family: 'transport and framing' | 'not JSON' | 'schema' | 'status' | 'items' | 'pages';
  readonly script: fc.Arbitrary<EventsScript>;
  readonly expected:
    | { readonly outcome: 'refused'; readonly kind: ApiFailureKind; readonly problem?: RegExp }
    /** The poll ends well: these blocks reached the inbox, these findings were told (and no others). */
    | {
        readonly outcome: 'taken';
        readonly blocks: readonly number[];
        readonly findings?: readonly Finding['kind'][];
        readonly maxListRequests?: number;
      };
  readonly numRuns?: number;
}

// ---- Answers ------------------------------------------------------------------------------------------------------

function answer(
  body: string | Buffer,
  status = 200,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): WireAnswer {
  return { wire: 'answer', status, headers, body: Buffer.isBuffer(body) ? body : Buffer.from(body) };
}
/** The document's envelope around `result`. */
const enveloped = (result: unknown, status = 200) =>
  answer(JSON.stringify({ status, message: 'success', result }), status);

const isCount = (request: EventsRequest) => request.path.endsWith('/events/count');

/** The documented API over `events` in that order: the count, and pages by `limit`/`offset`. */
export function goodEventsApi(events: readonly unknown[] = GOOD_L2_BLOCKS.map(eventOf)): EventsScript {
  return (request) => {
    if (isCount(request)) return enveloped(events.length);
    const offset = Number(request.query.get('offset') ?? 0);
    const limit = Number(request.query.get('limit') ?? 10);
    return enveloped(events.slice(offset, offset + limit));
  };
}

/** The good API, but the list pages answered by `bad` (the count stays true). */
const listAnswers =
  (bad: (request: EventsRequest) => WireAnswer): EventsScript =>
  (request) =>
    isCount(request) ? goodEventsApi()(request) : bad(request);
/** The good API, but the count answered by `bad`. */
const countAnswers =
  (bad: WireAnswer): EventsScript =>
  (request) =>
    isCount(request) ? bad : goodEventsApi()(request);

const goodListBody = JSON.stringify({
  status: 200,
  message: 'success',
  result: GOOD_L2_BLOCKS.slice(0, PULL_PAGE_SIZE).map(eventOf),
});
const refused = (kind: ApiFailureKind, problem?: RegExp) => ({
  outcome: 'refused' as const,
  kind,
  ...(problem ? { problem } : {}),
});
const ALL = [...GOOD_L2_BLOCKS];

const jsonOtherThan = (type: 'number' | 'array') =>
  fc
    .jsonValue()
    .filter((value) => (type === 'number' ? typeof value !== 'number' : !Array.isArray(value)) && value !== undefined);

// ---- The kinds ----------------------------------------------------------------------------------------------------

export const BAD_EVENTS_ANSWERS: readonly BadEventsAnswer[] = [
  // -- Transport and framing
  {
    name: 'the count: connection reset before any answer',
    family: 'transport and framing',
    script: fc.constant(countAnswers({ wire: 'reset' })),
    expected: refused('network'),
    numRuns: 3,
  },
  {
    name: 'a page cut off on the wire (Content-Length promises more, then the connection closes)',
    family: 'transport and framing',
    script: fc.nat().map((at) =>
      listAnswers(() => ({
        wire: 'raw',
        bytes: Buffer.from(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${goodListBody.length + 50}\r\n\r\n${goodListBody.slice(0, at % goodListBody.length)}`,
        ),
        then: 'close',
      })),
    ),
    expected: refused('network'),
    numRuns: 4,
  },
  {
    name: 'a page larger than the transport takes (cut off at the limit)',
    family: 'transport and framing',
    script: fc
      .integer({ min: 1, max: 64 * 1024 })
      .map((over) => listAnswers(() => answer(`[${' '.repeat(PULL_MAX_RESPONSE_BYTES + over)}]`))),
    expected: refused('network', /exceeded max size/i),
    numRuns: 3,
  },
  {
    name: 'a page that never comes (headers never sent)',
    family: 'transport and framing',
    script: fc.constant(listAnswers(() => ({ wire: 'silence' }))),
    expected: refused('network', /timeout/i),
    numRuns: 1,
  },
  // -- Not JSON, or not the body it claims
  {
    name: 'a proxy HTML page answered 200',
    family: 'not JSON',
    script: fc
      .string({ maxLength: 40 })
      .map((title) =>
        listAnswers(() => answer(`<html><title>${title}</title></html>`, 200, { 'content-type': 'text/html' })),
      ),
    expected: refused('unexpected-body', /not JSON/),
  },
  {
    name: 'a page whose JSON is cut short (framed correctly)',
    family: 'not JSON',
    script: fc
      .nat()
      .map((at) => listAnswers(() => answer(goodListBody.slice(0, 1 + (at % (goodListBody.length - 1)))))),
    expected: refused('unexpected-body', /not JSON/),
  },
  {
    name: 'a page with bytes that are not UTF-8',
    family: 'not JSON',
    script: fc
      .constantFrom([0x80], [0xc3], [0xff], [0xed, 0xa0, 0x80])
      .map((bad) =>
        listAnswers(() =>
          answer(
            Buffer.concat([
              Buffer.from(goodListBody.slice(0, 40)),
              Buffer.from(bad),
              Buffer.from(goodListBody.slice(40)),
            ]),
          ),
        ),
      ),
    expected: refused('unexpected-body', /UTF-8/),
    numRuns: 4,
  },
  {
    // The document names application/json; the harness reads the body for what it is, and a JSON body under another
    // label is the same answer.
    name: 'a good page labelled text/plain (read as the JSON it is)',
    family: 'not JSON',
    script: fc
      .constantFrom('text/plain', 'application/octet-stream', 'text/html; charset=utf-8')
      .map((type) => (request: EventsRequest) => {
        const good = goodEventsApi()(request);
        return good.wire === 'answer' ? { ...good, headers: { 'content-type': type } } : good;
      }),
    expected: { outcome: 'taken', blocks: ALL },
    numRuns: 3,
  },
  // -- Schema: the envelope and the count
  {
    name: 'a count of the wrong JSON type',
    family: 'schema',
    script: jsonOtherThan('number').map((value) => countAnswers(enveloped(value))),
    expected: refused('unexpected-body'),
  },
  {
    name: 'a negative or fractional count',
    family: 'schema',
    script: fc
      .oneof(
        fc.integer({ max: -1 }),
        fc.double({ min: 0.01, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
      )
      .map((value) => countAnswers(enveloped(value))),
    expected: refused('unexpected-body'),
  },
  {
    name: 'an envelope missing a field (status, message or result)',
    family: 'schema',
    script: fc.constantFrom('status', 'message', 'result').map((missing) =>
      listAnswers(() => {
        const body: Record<string, unknown> = { status: 200, message: 'success', result: [eventOf(5)] };
        delete body[missing];
        return answer(JSON.stringify(body));
      }),
    ),
    expected: refused('unexpected-body'),
    numRuns: 3,
  },
  {
    name: 'a page whose result is not a list',
    family: 'schema',
    script: jsonOtherThan('array').map((value) => listAnswers(() => enveloped(value))),
    expected: refused('unexpected-body'),
  },
  {
    name: 'an envelope whose status disagrees with the answer',
    family: 'schema',
    script: fc
      .integer({ min: 201, max: 299 })
      .map((status) => listAnswers(() => answer(JSON.stringify({ status, message: 'success', result: [] })))),
    expected: refused('unexpected-body', /envelope says status/),
  },
  // -- Statuses
  {
    name: 'an Error answer (4XX/5XX) whose body holds a private key (never printed)',
    family: 'status',
    script: fc
      .tuple(fc.constantFrom(400, 401, 403, 404, 429, 500, 502, 503), fc.constantFrom('count', 'list'))
      .map(([status, where]) => {
        const bad = answer(JSON.stringify({ status, message: `failed: signingKey=${PLANTED_EVENTS_KEY}` }), status);
        return where === 'count' ? countAnswers(bad) : listAnswers(() => bad);
      }),
    expected: refused('status'),
  },
  {
    name: 'a redirect (not followed)',
    family: 'status',
    script: fc
      .constantFrom(301, 302, 307)
      .map((status) => listAnswers(() => answer('', status, { location: 'http://127.0.0.1:9/elsewhere' }))),
    expected: refused('status'),
    numRuns: 3,
  },
  {
    name: 'a 2xx other than 200',
    family: 'status',
    script: fc.constantFrom(201, 202, 204).map((status) => listAnswers(() => answer('', status))),
    expected: refused('unexpected-body'),
    numRuns: 3,
  },
  // -- Items: each judged on its own
  {
    name: 'an event whose rawFields are not a log (wrong type, not JSON, a field missing)',
    family: 'items',
    script: fc
      .constantFrom<unknown>(42, 'not json', '{"topics":[]}', null)
      .map((rawFields) =>
        goodEventsApi([
          eventOf(5),
          { ...eventOf(6), event: { ...(eventOf(6).event as object), rawFields } },
          eventOf(7),
          eventOf(8),
        ]),
      ),
    expected: { outcome: 'taken', blocks: [5, 7, 8], findings: ['unusable'] },
    numRuns: 4,
  },
  {
    name: 'an event missing its `event` or with a field of the wrong type elsewhere',
    family: 'items',
    script: fc.constant(
      goodEventsApi([
        eventOf(5),
        { triggeredAt: 'yesterday' },
        eventOf(6),
        { ...eventOf(7), triggeredAt: 7 },
        eventOf(8),
      ]),
    ),
    expected: { outcome: 'taken', blocks: ALL, findings: ['unusable', 'deviation'] },
    numRuns: 1,
  },
  {
    name: 'the same event listed twice (taken once)',
    family: 'items',
    script: fc.integer({ min: 0, max: GOOD_L2_BLOCKS.length - 1 }).map((twice) => {
      const events = GOOD_L2_BLOCKS.map(eventOf);
      events.splice(twice, 0, eventOf(GOOD_L2_BLOCKS[twice]!));
      return goodEventsApi(events);
    }),
    expected: { outcome: 'taken', blocks: ALL },
    numRuns: 4,
  },
  {
    name: 'events in no order at all (taken by key, not by position)',
    family: 'items',
    script: fc
      .shuffledSubarray(GOOD_L2_BLOCKS.map(eventOf), { minLength: GOOD_L2_BLOCKS.length })
      .map((events) => goodEventsApi(events)),
    expected: { outcome: 'taken', blocks: ALL },
    numRuns: 6,
  },
  {
    name: 'events from before the subscription mixed in (left alone)',
    family: 'items',
    script: fc.constant(goodEventsApi([eventOf(1), eventOf(5), eventOf(2), eventOf(6), eventOf(7), eventOf(8)])),
    expected: { outcome: 'taken', blocks: ALL },
    numRuns: 1,
  },
  // -- Pages
  {
    name: 'pages that never end (the count grows without bound, every offset answers a full page)',
    family: 'pages',
    script: fc
      .integer({ min: 1_000, max: 1_000_000 })
      .map(
        (count) => (request: EventsRequest) =>
          isCount(request) ? enveloped(count) : enveloped(GOOD_L2_BLOCKS.slice(0, PULL_PAGE_SIZE).map(eventOf)),
      ),
    expected: { outcome: 'taken', blocks: GOOD_L2_BLOCKS.slice(0, PULL_PAGE_SIZE), maxListRequests: PULL_MAX_PAGES },
    numRuns: 3,
  },
  {
    // Oldest first, the walk goes back from the end the count names: an empty page there ends the poll after the first
    // page. The rest waits for a count that tells the truth (the follow-up poll), and nothing false is recorded.
    name: 'a count larger than the list (the pages at its end are empty)',
    family: 'pages',
    script: fc
      .integer({ min: 5, max: 10_000 })
      .map((count) => (request: EventsRequest) => (isCount(request) ? enveloped(count) : goodEventsApi()(request))),
    expected: { outcome: 'taken', blocks: GOOD_L2_BLOCKS.slice(0, PULL_PAGE_SIZE), maxListRequests: PULL_MAX_PAGES },
    numRuns: 4,
  },
  {
    name: 'a page cap smaller than asked (one row a page)',
    family: 'pages',
    script: fc.constant((request: EventsRequest) =>
      goodEventsApi()({
        ...request,
        query: new URLSearchParams({ offset: request.query.get('offset') ?? '0', limit: '1' }),
      }),
    ),
    expected: { outcome: 'taken', blocks: ALL, maxListRequests: PULL_MAX_PAGES + PULL_PAGE_SIZE },
    numRuns: 1,
  },
];
