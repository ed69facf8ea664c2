import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../lib/env-logger';
import type { IncomingRequest } from './filters';
import { HandlerPanic, reject } from './rejections';
import { text } from './reply';
import { dispatch, type Route } from './server';

const lines: string[] = [];
const log = createLogger('test', { rustLog: 'error', write: (l) => lines.push(l) });
const req = (method: string, path: string): IncomingRequest => ({ method, path, headers: {}, body: Buffer.alloc(0) });

const routes: Route[] = [
  { path: ['v1', 'any'], handle: async () => text(200, 'any') },
  { path: ['v1', 'get'], method: 'GET', handle: async () => text(200, 'got') },
  { path: ['v1', 'token'], method: 'GET', handle: async () => Promise.reject(reject('NoSuchToken')) },
  { path: ['v1', 'private'], method: 'GET', handle: async () => Promise.reject(reject('other', 'BadKeyRequest')) },
  { path: ['v1', 'bug'], method: 'GET', handle: async () => Promise.reject(new TypeError('boom')) },
  { path: ['v1', 'panic'], method: 'GET', handle: async () => Promise.reject(new HandlerPanic('expect failed')) },
];

describe('dispatch (warp rejection mapping)', () => {
  it('404 NOT_FOUND only when no route has the path; a method mismatch is 500', async () => {
    expect(await dispatch(routes, req('GET', '/v1/none'), log)).toMatchObject({ status: 404, body: 'NOT_FOUND' });
    expect(await dispatch(routes, req('POST', '/v1/get'), log)).toMatchObject({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
    expect(await dispatch(routes, req('DELETE', '/v1/any'), log)).toMatchObject({ status: 200, body: 'any' });
  });

  it('maps ClientRejections to their status and text, every other failure to 500', async () => {
    expect(await dispatch(routes, req('GET', '/v1/token'), log)).toMatchObject({ status: 404, body: 'No such token' });
    expect(await dispatch(routes, req('GET', '/v1/private'), log)).toMatchObject({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
    expect(await dispatch(routes, req('GET', '/v1/bug'), log)).toMatchObject({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
    expect(lines.some((l) => l.includes('unhandled rejection: BadKeyRequest'))).toBe(true);
  });

  it('lets a handler panic through, so that the server can drop the connection', async () => {
    await expect(dispatch(routes, req('GET', '/v1/panic'), log)).rejects.toBeInstanceOf(HandlerPanic);
  });
});
