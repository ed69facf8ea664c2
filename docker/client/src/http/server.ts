// The simulated client's REST server: its route table on lib/http's router with the real client's rejection replies
// (docker/lib/warp.ts): no route → 404 NOT_FOUND; a route whose method filter fails → 500 (warp prefers that
// rejection over "not found"); ClientRejections → their own status and text; a HandlerPanic drops the connection.
// The real routes use warp::body::json() without a length limit, so the body is not limited here either.
import type { Logger } from '../../../lib/env-logger';
import type { Reply } from '../../../../lib/http/reply';
import { createRouter, type Route as HttpRoute } from '../../../../lib/http/router';
import { startHttpServer as listen } from '../../../../lib/http/serve';
import { CLIENT_REJECTIONS } from '../../../lib/warp';
import type { IncomingRequest } from './filters';
import { HandlerPanic, Rejection } from './rejections';

export interface Route {
  /** e.g. `/v1/balance/:ercAddress/:tokenId` (lib/http/router.ts matchPath: warp's `path!(..)` + `end()`). */
  readonly path: string;
  /** undefined = any method (the real deposit/transfer/withdraw/health/de-escrow routes have no method filter). */
  readonly method?: 'GET' | 'POST';
  handle(req: IncomingRequest, params: Record<string, string>): Promise<Reply>;
}

export interface HttpServer {
  readonly url: string;
  close(): Promise<void>;
}

/** The route table as a request listener (exported for tests that serve their own table). */
function clientRequestListener(routes: readonly Route[], log: Logger) {
  const httpRoutes: HttpRoute[] = routes.map((route) => ({
    method: route.method ?? 'ANY',
    path: route.path,
    handler: async ({ req, path, params, body }) =>
      route.handle({ method: req.method ?? 'GET', path, headers: req.headersDistinct, body: await body() }, params),
  }));
  return createRouter(httpRoutes, {
    rejections: CLIENT_REJECTIONS,
    bodyLimitBytes: Number.POSITIVE_INFINITY,
    onHttpError: (error) => {
      if (error instanceof Rejection && error.kind === 'other') log.error(`unhandled rejection: ${error.detail}`);
    },
    onUnexpectedError: (error, req) =>
      log.error(
        error instanceof HandlerPanic
          ? `handler panicked on ${req.method} ${req.url}: ${String(error)}`
          : `unexpected error while handling ${req.method} ${req.url}: ${String(error)}`,
      ),
  });
}

export async function startHttpServer(
  routes: readonly Route[],
  options: { port: number; host?: string; log: Logger },
): Promise<HttpServer> {
  return listen(clientRequestListener(routes, options.log), { port: options.port, host: options.host ?? '0.0.0.0' });
}
