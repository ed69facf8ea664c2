import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_REJECTIONS,
  HttpError,
  PROPOSER_REJECTIONS,
  createRouter,
  matchPath,
  readJsonBody,
  replyEmpty,
  replyJson,
  replyText,
  type RejectionReplies,
  type Route,
} from './http-server';

const unexpected: unknown[] = [];

const routes: Route[] = [
  { method: 'ANY', path: '/v1/health', handler: ({ res }) => replyText(res, 200, 'Healthy') },
  { method: 'GET', path: '/v1/balance/:erc/:id', handler: ({ res, params }) => replyText(res, 200, `${params.erc}|${params.id}`) },
  { method: 'GET', path: '/v1/missing', handler: () => { throw new HttpError(404, 'No such token'); } },
  { method: 'GET', path: '/v1/boom', handler: () => { throw new Error('bug'); } },
  { method: 'POST', path: '/v1/echo', handler: async ({ req, res }) => replyJson(res, 200, await readJsonBody(req, 64)) },
  { method: 'POST', path: '/v1/transaction', handler: ({ res }) => replyEmpty(res, 201) },
];

async function serve(rejections: RejectionReplies): Promise<{ server: Server; base: string }> {
  const server = createServer(createRouter(routes, { rejections, onUnexpectedError: (e) => unexpected.push(e) }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function call(base: string, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const r = await request(`${base}${path}`, { method: method as 'GET', body, headers });
  return { status: r.statusCode, type: r.headers['content-type'], text: await r.body.text() };
}

describe('matchPath', () => {
  it('binds decoded params and tolerates one trailing slash', () => {
    expect(matchPath('/v1/balance/:a/:b', '/v1/balance/0xAB/0x00')).toEqual({ a: '0xAB', b: '0x00' });
    expect(matchPath('/v1/request/:id', '/v1/request/a%20b')).toEqual({ id: 'a b' });
    expect(matchPath('/v1/fee_balance', '/v1/fee_balance/')).toEqual({});
    expect(matchPath('/v1/fee_balance', '/v1/fee_balance//')).toBeUndefined();
    expect(matchPath('/v1/balance/:a/:b', '/v1/balance/x')).toBeUndefined();
    expect(matchPath('/v1/request/:id', '/v1/request/%E0%A4%A')).toBeUndefined();
  });
});

describe('createRouter with the client\'s rejections', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => ({ server, base } = await serve(CLIENT_REJECTIONS)));
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers any method on ANY routes, as text/plain', async () => {
    for (const m of ['GET', 'POST', 'DELETE']) {
      expect(await call(base, m, '/v1/health')).toEqual({ status: 200, type: 'text/plain; charset=utf-8', text: 'Healthy' });
    }
  });

  it('passes path params', async () => {
    expect((await call(base, 'GET', '/v1/balance/0xabc/0x00')).text).toBe('0xabc|0x00');
  });

  it('maps an unknown path to 404 NOT_FOUND and a wrong method to 500', async () => {
    expect(await call(base, 'GET', '/v1/nope')).toMatchObject({ status: 404, text: 'NOT_FOUND' });
    expect(await call(base, 'POST', '/v1/balance/a/b')).toMatchObject({ status: 500, text: 'INTERNAL_SERVER_ERROR' });
  });

  it('replies a thrown HttpError as is, and hides unexpected errors behind a 500', async () => {
    expect(await call(base, 'GET', '/v1/missing')).toMatchObject({ status: 404, text: 'No such token' });
    const before = unexpected.length;
    expect(await call(base, 'GET', '/v1/boom')).toMatchObject({ status: 500, text: 'INTERNAL_SERVER_ERROR' });
    expect(unexpected.length).toBe(before + 1);
  });

  it('reads JSON with or without a Content-Type and replies application/json', async () => {
    expect(await call(base, 'POST', '/v1/echo', '{"a":1}', { 'content-type': 'application/json' })).toEqual({
      status: 200,
      type: 'application/json',
      text: '{"a":1}',
    });
    expect((await call(base, 'POST', '/v1/echo', '[2]')).text).toBe('[2]');
  });

  it('rejects non-JSON content types, malformed JSON and oversized bodies with 500', async () => {
    const reject = { status: 500, text: 'INTERNAL_SERVER_ERROR' };
    expect(await call(base, 'POST', '/v1/echo', '{}', { 'content-type': 'text/plain' })).toMatchObject(reject);
    expect(await call(base, 'POST', '/v1/echo', '{', { 'content-type': 'application/json' })).toMatchObject(reject);
    expect(await call(base, 'POST', '/v1/echo', JSON.stringify('x'.repeat(100)))).toMatchObject(reject);
  });

  it('sends empty bodies', async () => {
    expect(await call(base, 'POST', '/v1/transaction', '{}')).toMatchObject({ status: 201, text: '' });
  });
});

describe('createRouter with the proposer\'s rejections', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => ({ server, base } = await serve(PROPOSER_REJECTIONS)));
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('maps even an unknown path to 500', async () => {
    expect(await call(base, 'GET', '/v1/nope')).toMatchObject({ status: 500, text: 'INTERNAL_SERVER_ERROR' });
  });
});
