import { request as nodeRequest } from 'node:http';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from './body';
import { json, text } from './reply';
import {
  createRouter,
  DropConnection,
  HttpError,
  matchPath,
  PLAIN_REJECTIONS,
  type RejectionReplies,
  type Route,
  type RouterOptions,
} from './router';
import { startHttpServer, type RunningHttpServer } from './serve';

class Missing extends Error {}

const routes: Route[] = [
  { method: 'ANY', path: '/v1/health', handler: () => text(200, 'Healthy') },
  { method: 'GET', path: '/v1/items/count', handler: () => text(200, 'count') },
  {
    method: 'GET',
    path: '/v1/items/:id',
    handler: ({ params, url }) => json(200, { id: params.id, q: url.searchParams.get('q') }),
  },
  { method: 'POST', path: '/v1/echo', handler: async ({ json: body }) => json(200, await body()) },
  { method: 'POST', path: '/v1/size', handler: async ({ body }) => text(200, String((await body()).length)) },
  {
    method: 'GET',
    path: '/v1/teapot',
    handler: () => {
      throw new HttpError(418, 'short and stout');
    },
  },
  {
    method: 'GET',
    path: '/v1/missing',
    handler: () => {
      throw new Missing('item 7');
    },
  },
  {
    method: 'GET',
    path: '/v1/bug',
    handler: () => {
      throw new TypeError('bug');
    },
  },
  {
    method: 'GET',
    path: '/v1/drop',
    handler: () => {
      throw new DropConnection('task died');
    },
  },
  { method: 'GET', path: '/v1/self', handler: ({ res }) => void res.writeHead(204).end() },
];

async function call(base: string, method: string, path: string, body?: string, headers: Record<string, string> = {}) {
  const r = await request(`${base}${path}`, {
    method: method as 'GET',
    ...(body === undefined ? {} : { body }),
    headers,
  });
  return { status: r.statusCode, type: r.headers['content-type'], text: await r.body.text() };
}

describe('matchPath', () => {
  it('binds decoded params, compares literals raw and tolerates one trailing slash', () => {
    expect(matchPath('/v1/balance/:a/:b', '/v1/balance/0xAB/0x00')).toEqual({ a: '0xAB', b: '0x00' });
    expect(matchPath('/v1/balance/:a/:b', '/v1/balance/0x%61b/00/')).toEqual({ a: '0xab', b: '00' });
    expect(matchPath('/v1/request/:id', '/v1/request/a%20b')).toEqual({ id: 'a b' });
    expect(matchPath('/v1/fee_balance', '/v1/fee_balance/')).toEqual({});
    expect(matchPath('/v1/fee_balance', '/v1/fee_balance//')).toBeUndefined();
    expect(matchPath('/v1/balance/:a/:b', '/v1/balance//00')).toBeUndefined();
    expect(matchPath('/v1/balance/:a/:b', '/v1/balance/x')).toBeUndefined();
    expect(matchPath('/v1/request/:id', '/v1/request/%E0%A4%A')).toBeUndefined();
    expect(matchPath('/v1/health', '/v1/heal%74h')).toBeUndefined();
    expect(matchPath('*', '/anything/at/all')).toEqual({});
    expect(matchPath('*', 'http://absolute-form/')).toBeUndefined();
  });
});

describe('createRouter', () => {
  const unexpected: unknown[] = [];
  const served: RunningHttpServer[] = [];
  const serve = async (options: RouterOptions) => {
    const server = await startHttpServer(
      createRouter(routes, { ...options, onUnexpectedError: (e) => unexpected.push(e) }),
      { host: '127.0.0.1' },
    );
    served.push(server);
    return server.url;
  };
  afterAll(() => Promise.all(served.map((server) => server.close())));

  describe('with plain HTTP rejections', () => {
    let base: string;
    beforeAll(async () => (base = await serve({ rejections: PLAIN_REJECTIONS, bodyLimitBytes: 64 })));

    it('dispatches by path then method; a literal listed first wins over a parameter', async () => {
      for (const m of ['GET', 'POST', 'DELETE'])
        expect(await call(base, m, '/v1/health')).toEqual({
          status: 200,
          type: 'text/plain; charset=utf-8',
          text: 'Healthy',
        });
      expect((await call(base, 'GET', '/v1/items/count')).text).toBe('count');
      expect(JSON.parse((await call(base, 'GET', '/v1/items/a%2Fb?q=1')).text)).toEqual({ id: 'a/b', q: '1' });
    });

    it('answers an unknown path 404 and a known path with the wrong method 405', async () => {
      expect(await call(base, 'GET', '/v1/nope')).toMatchObject({ status: 404, text: 'Not Found' });
      expect(await call(base, 'DELETE', '/v1/items/1')).toMatchObject({ status: 405, text: 'Method Not Allowed' });
    });

    it('answers a body over the limit with the configured rejection, and keeps the connection usable', async () => {
      expect(await call(base, 'POST', '/v1/size', 'x'.repeat(64))).toMatchObject({ status: 200, text: '64' });
      expect(await call(base, 'POST', '/v1/size', 'x'.repeat(65))).toMatchObject({
        status: 413,
        text: 'Payload Too Large',
      });
      expect(await call(base, 'POST', '/v1/echo', 'x'.repeat(100_000))).toMatchObject({ status: 413 });
      expect(await call(base, 'GET', '/v1/health')).toMatchObject({ status: 200 });
    });

    it('cuts a stream with no declared length off at the limit: 413 while the sender is still sending', async () => {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const req = nodeRequest(`${base}/v1/size`, { method: 'POST' }, (res) => {
          resolve(res.statusCode);
          res.resume();
          req.destroy();
        });
        req.on('error', reject);
        req.write('x'.repeat(100)); // chunked; never ended
      });
      expect(status).toBe(413);
    });

    it('parses JSON bodies and answers malformed ones with the bad-body rejection', async () => {
      expect(await call(base, 'POST', '/v1/echo', '{"a":[1]}')).toEqual({
        status: 200,
        type: 'application/json',
        text: '{"a":[1]}',
      });
      expect(await call(base, 'POST', '/v1/echo', '{')).toMatchObject({
        status: 400,
        text: 'Bad Request: the body is not JSON',
      });
    });

    it('replies a thrown HttpError as is, hides an unexpected error behind the internal rejection and reports it', async () => {
      expect(await call(base, 'GET', '/v1/teapot')).toMatchObject({ status: 418, text: 'short and stout' });
      const before = unexpected.length;
      expect(await call(base, 'GET', '/v1/bug')).toMatchObject({ status: 500, text: 'Internal Server Error' });
      expect(unexpected.slice(before)).toEqual([expect.any(TypeError)]);
    });

    it('drops the connection for a DropConnection; leaves a handler that answered itself alone', async () => {
      await expect(call(base, 'GET', '/v1/drop')).rejects.toThrow();
      expect(await call(base, 'GET', '/v1/self')).toMatchObject({ status: 204, text: '' });
    });

    it('limits bodies to 1 MiB by default', async () => {
      const url = await serve({ rejections: PLAIN_REJECTIONS });
      expect(await call(url, 'POST', '/v1/size', 'x'.repeat(DEFAULT_BODY_LIMIT))).toMatchObject({ status: 200 });
      expect(await call(url, 'POST', '/v1/size', 'x'.repeat(DEFAULT_BODY_LIMIT + 1))).toMatchObject({ status: 413 });
    });
  });

  describe('with an error envelope of its own, a guard and mapped errors', () => {
    let base: string;
    const rejections: RejectionReplies = {
      ...PLAIN_REJECTIONS,
      unknownPath: (req, path) => ({ status: 404, message: `no route ${req.method} ${path}` }),
    };
    beforeAll(
      async () =>
        (base = await serve({
          rejections,
          errorReply: ({ status, message }) => json(status, { status, message }),
          guard: (req, path) => {
            if (path !== '/v1/health' && req.headers.authorization !== 'Bearer key')
              throw new HttpError(401, 'invalid or missing API key');
          },
          mapError: (error) =>
            error instanceof Missing ? new HttpError(404, `${error.message} not found`) : undefined,
        })),
    );
    const key = { authorization: 'Bearer key' };

    it('writes every error answer in the envelope', async () => {
      expect(await call(base, 'GET', '/v1/nope', undefined, key)).toEqual({
        status: 404,
        type: 'application/json',
        text: '{"status":404,"message":"no route GET /v1/nope"}',
      });
      expect(JSON.parse((await call(base, 'GET', '/v1/teapot', undefined, key)).text)).toEqual({
        status: 418,
        message: 'short and stout',
      });
      expect(JSON.parse((await call(base, 'GET', '/v1/missing', undefined, key)).text)).toEqual({
        status: 404,
        message: 'item 7 not found',
      });
    });

    it('refuses before routing when the guard says so', async () => {
      expect(JSON.parse((await call(base, 'GET', '/v1/nope')).text)).toEqual({
        status: 401,
        message: 'invalid or missing API key',
      });
      expect(await call(base, 'GET', '/v1/health')).toMatchObject({ status: 200 });
    });
  });
});

describe('startHttpServer', () => {
  it('listens on a port the OS picks and closes idempotently, ending kept-alive connections', async () => {
    const server = await startHttpServer(createRouter(routes, { rejections: PLAIN_REJECTIONS }), { host: '127.0.0.1' });
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect((await call(server.url, 'GET', '/v1/health')).status).toBe(200);
    await server.close();
    await server.close();
    await expect(call(server.url, 'GET', '/v1/health')).rejects.toThrow();
  });
});
