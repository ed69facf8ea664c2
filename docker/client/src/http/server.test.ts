import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, text } from '../../../../lib/http/reply';
import { createLogger } from '../../../lib/env-logger';
import { HandlerPanic, reject } from './rejections';
import { startHttpServer, type HttpServer, type Route } from './server';

const lines: string[] = [];
const log = createLogger('test', { rustLog: 'error', write: (l) => lines.push(l) });

const routes: Route[] = [
  { path: '/v1/any', handle: async () => text(200, 'any') },
  { path: '/v1/get', method: 'GET', handle: async () => text(200, 'got') },
  {
    path: '/v1/balance/:erc/:id',
    method: 'GET',
    handle: async (_req, params) => text(200, `${params.erc}|${params.id}`),
  },
  {
    path: '/v1/echo',
    method: 'POST',
    handle: async (req) => json(200, { bytes: req.body.length, type: req.headers['content-type'] ?? [] }),
  },
  { path: '/v1/token', method: 'GET', handle: async () => Promise.reject(reject('NoSuchToken')) },
  { path: '/v1/private', method: 'GET', handle: async () => Promise.reject(reject('other', 'BadKeyRequest')) },
  { path: '/v1/bug', method: 'GET', handle: async () => Promise.reject(new TypeError('boom')) },
  { path: '/v1/panic', method: 'GET', handle: async () => Promise.reject(new HandlerPanic('expect failed')) },
];

let server: HttpServer;
beforeAll(async () => void (server = await startHttpServer(routes, { port: 0, host: '127.0.0.1', log })));
afterAll(() => server.close());

async function call(method: string, path: string, body?: string) {
  const r = await request(`${server.url}${path}`, { method: method as 'GET', ...(body === undefined ? {} : { body }) });
  return { status: r.statusCode, type: r.headers['content-type'], body: await r.body.text() };
}

describe('the client simulator’s HTTP server (warp rejection mapping)', () => {
  it('404 NOT_FOUND only when no route has the path; a method mismatch is 500; no method filter takes any method', async () => {
    expect(await call('GET', '/v1/none')).toEqual({
      status: 404,
      type: 'text/plain; charset=utf-8',
      body: 'NOT_FOUND',
    });
    expect(await call('POST', '/v1/get')).toMatchObject({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
    expect(await call('DELETE', '/v1/any')).toMatchObject({ status: 200, body: 'any' });
    expect(await call('GET', '/v1/balance/0x%61b/00/')).toMatchObject({ status: 200, body: '0xab|00' });
  });

  it('maps ClientRejections to their status and text, every other failure to 500, and logs the private ones', async () => {
    expect(await call('GET', '/v1/token')).toMatchObject({ status: 404, body: 'No such token' });
    expect(await call('GET', '/v1/private')).toMatchObject({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
    expect(await call('GET', '/v1/bug')).toMatchObject({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
    expect(lines.some((l) => l.includes('unhandled rejection: BadKeyRequest'))).toBe(true);
    expect(lines.some((l) => l.includes('unexpected error while handling GET /v1/bug'))).toBe(true);
  });

  it('drops the connection without a reply where the real handler panics', async () => {
    await expect(call('GET', '/v1/panic')).rejects.toThrow(/other side closed|socket/i);
    expect(lines.some((l) => l.includes('handler panicked on GET /v1/panic'))).toBe(true);
  });

  it('hands the handler the whole body, with no length limit (warp::body::json has none)', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024);
    expect(JSON.parse((await call('POST', '/v1/echo', big)).body)).toEqual({ bytes: big.length, type: [] });
  });
});
