import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { empty, text } from '../../lib/http/reply';
import { createRouter, type RejectionReplies, type Route } from '../../lib/http/router';
import { startHttpServer, type RunningHttpServer } from '../../lib/http/serve';
import { CLIENT_REJECTIONS, PROPOSER_REJECTIONS, WarpBodyRejection, warpJson } from './warp';

const routes: Route[] = [
  { method: 'ANY', path: '/v1/health', handler: () => text(200, 'Healthy') },
  { method: 'GET', path: '/v1/balance/:erc/:id', handler: ({ params }) => text(200, `${params.erc}|${params.id}`) },
  { method: 'POST', path: '/v1/transaction', handler: async ({ body }) => (await body(), empty(201)) },
  {
    method: 'GET',
    path: '/v1/boom',
    handler: () => {
      throw new Error('bug');
    },
  },
];

async function call(base: string, method: string, path: string, body?: string) {
  const r = await request(`${base}${path}`, { method: method as 'GET', ...(body === undefined ? {} : { body }) });
  return { status: r.statusCode, type: r.headers['content-type'], text: await r.body.text() };
}

const servers: RunningHttpServer[] = [];
const serve = async (rejections: RejectionReplies) => {
  const server = await startHttpServer(createRouter(routes, { rejections, onUnexpectedError: () => undefined }), {
    host: '127.0.0.1',
  });
  servers.push(server);
  return server.url;
};
afterAll(() => Promise.all(servers.map((server) => server.close())));

describe('the real client’s warp rejections', () => {
  let base: string;
  beforeAll(async () => (base = await serve(CLIENT_REJECTIONS)));

  it('unknown path → 404 NOT_FOUND; wrong method, oversized body, a handler’s bug → 500 INTERNAL_SERVER_ERROR, as text', async () => {
    expect(await call(base, 'GET', '/v1/nope')).toEqual({
      status: 404,
      type: 'text/plain; charset=utf-8',
      text: 'NOT_FOUND',
    });
    const internal = { status: 500, type: 'text/plain; charset=utf-8', text: 'INTERNAL_SERVER_ERROR' };
    expect(await call(base, 'POST', '/v1/balance/a/b')).toEqual(internal);
    expect(await call(base, 'POST', '/v1/transaction', 'x'.repeat(1024 * 1024 + 1))).toEqual(internal);
    expect(await call(base, 'GET', '/v1/boom')).toEqual(internal);
    expect(await call(base, 'POST', '/v1/transaction', '{}')).toMatchObject({ status: 201, text: '' });
  });
});

describe('the real proposer’s warp rejections', () => {
  it('has no 404: even an unknown path is 500 INTERNAL_SERVER_ERROR', async () => {
    const base = await serve(PROPOSER_REJECTIONS);
    expect(await call(base, 'GET', '/v1/nope')).toMatchObject({ status: 500, text: 'INTERNAL_SERVER_ERROR' });
    expect(await call(base, 'DELETE', '/v1/health')).toMatchObject({ status: 200, text: 'Healthy' });
  });
});

describe('warpJson (warp::body::json)', () => {
  it('accepts no Content-Type or application/json (any case, with parameters)', () => {
    expect(warpJson(Buffer.from('{"a":1}'), undefined)).toEqual({ a: 1 });
    expect(warpJson(Buffer.from('[2]'), 'Application/JSON; charset=utf-8')).toEqual([2]);
  });

  it('refuses another content type, non-UTF-8 and malformed JSON with a 500 rejection', () => {
    for (const type of ['text/plain', 'application/ld+json', 'application/json-patch', 'json']) {
      expect(() => warpJson(Buffer.from('{}'), type), type).toThrow(WarpBodyRejection);
    }
    expect(() => warpJson(Buffer.from([0x22, 0xff, 0x22]), undefined)).toThrow(WarpBodyRejection);
    expect(() => warpJson(Buffer.from('{'), 'application/json')).toThrow(
      expect.objectContaining({ status: 500, message: 'INTERNAL_SERVER_ERROR' }),
    );
  });
});
