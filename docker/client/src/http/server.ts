// A node:http server that answers like the real client's warp server: routes are tried by path; no route → 404
// NOT_FOUND; a route whose method filter fails → 500 (warp prefers that rejection over "not found";
// EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/mod.rs:65,113-118); handler
// rejections are mapped by ./rejections. Bodies are read whole before routing, as warp's body filters do.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../../lib/env-logger';
import { matchPath, type IncomingRequest, type PathSegment } from './filters';
import { HandlerPanic, INTERNAL_SERVER_ERROR, NOT_FOUND, Rejection, rejectionReply } from './rejections';
import { text, type Reply } from './reply';

export interface Route {
  readonly path: readonly PathSegment[];
  /** undefined = any method (the real deposit/transfer/withdraw/health/de-escrow routes have no method filter). */
  readonly method?: 'GET' | 'POST';
  handle(req: IncomingRequest, params: Record<string, string>): Promise<Reply>;
}

export interface HttpServer {
  readonly url: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Runs the route table on one request; never throws except HandlerPanic. */
export async function dispatch(routes: readonly Route[], req: IncomingRequest, log: Logger): Promise<Reply> {
  for (const route of routes) {
    const params = matchPath(route.path, req.path);
    if (!params) continue;
    if (route.method && route.method !== req.method) return text(INTERNAL_SERVER_ERROR.status, INTERNAL_SERVER_ERROR.body);
    try {
      return await route.handle(req, params);
    } catch (error) {
      if (error instanceof HandlerPanic) throw error;
      if (error instanceof Rejection) {
        if (error.kind === 'other') log.error(`unhandled rejection: ${error.message}`);
        const { status, body } = rejectionReply(error);
        return text(status, body);
      }
      log.error(`unexpected error while handling ${req.method} ${req.path}: ${String(error)}`);
      return text(INTERNAL_SERVER_ERROR.status, INTERNAL_SERVER_ERROR.body);
    }
  }
  return text(NOT_FOUND.status, NOT_FOUND.body);
}

function send(res: ServerResponse, reply: Reply): void {
  res.statusCode = reply.status;
  res.setHeader('content-type', reply.contentType);
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.end(reply.body);
}

export async function startHttpServer(
  routes: readonly Route[],
  options: { port: number; host?: string; log: Logger },
): Promise<HttpServer> {
  const server = createServer((req, res) => {
    void (async () => {
      const incoming: IncomingRequest = {
        method: req.method ?? 'GET',
        path: (req.url ?? '/').split('?')[0]!,
        headers: req.headersDistinct,
        body: await readBody(req),
      };
      try {
        send(res, await dispatch(routes, incoming, options.log));
      } catch (error) {
        options.log.error(`handler panicked on ${incoming.method} ${incoming.path}: ${String(error)}`);
        req.socket.destroy();
      }
    })().catch((error: unknown) => {
      options.log.error(`request failed: ${String(error)}`);
      req.socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
