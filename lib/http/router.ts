// Plumbing shared by the harness and the doubles (see lib/README.md); decides no verdict.
// A route table as a node:http request listener: the first route whose path and method match handles the request.
// Everything a server answers on its own — no route for the path, a route for the path but not the method, a body
// over the limit or not JSON, a handler's unexpected error — comes from the server's RejectionReplies and is written
// by its errorReply (plain text unless it says otherwise), so each double can answer exactly as the real service does.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { BodyTooLarge, DEFAULT_BODY_LIMIT, readBody } from './body';
import { send, text, type Reply } from './reply';

/** A deliberate error reply, thrown by a handler (or a guard): `message` is written by the server's errorReply. */
export class HttpError extends Error {
  override readonly name: string = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Thrown where the real service's connection task dies: no reply at all, the socket is destroyed. */
export class DropConnection extends Error {
  override readonly name: string = 'DropConnection';
}

export interface ErrorAnswer {
  readonly status: number;
  readonly message: string;
  /** e.g. `allow` with a 405, `retry-after` with a 503. */
  readonly headers?: Readonly<Record<string, string>>;
}
/** A fixed answer, or one that names the request (e.g. "no route /x"). */
type Rejection = ErrorAnswer | ((req: IncomingMessage, path: string) => ErrorAnswer);

export interface RejectionReplies {
  /** No route has this path. */
  readonly unknownPath: Rejection;
  /** A route has this path, none this method. */
  readonly wrongMethod: Rejection;
  /** The body is over the server's limit. */
  readonly tooLarge: Rejection;
  /** ctx.json() met a body that is not JSON. */
  readonly badBody: Rejection;
  /** A handler failed unexpectedly (not an HttpError). */
  readonly internal: Rejection;
}

/** Plain HTTP semantics, for servers that double no particular service (the harness's receivers and stand-ins). */
export const PLAIN_REJECTIONS: RejectionReplies = {
  unknownPath: { status: 404, message: 'Not Found' },
  wrongMethod: { status: 405, message: 'Method Not Allowed' },
  tooLarge: { status: 413, message: 'Payload Too Large' },
  badBody: { status: 400, message: 'Bad Request: the body is not JSON' },
  internal: { status: 500, message: 'Internal Server Error' },
};

/** Handlers destructure it (`({ params, body }) => …`): its functions are properties that need no `this`. */
export interface RouteContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The request path without the query string, undecoded. */
  readonly path: string;
  readonly url: URL;
  /** Decoded `:name` segments of the route's path. */
  readonly params: Readonly<Record<string, string>>;
  /** The whole body, within the server's limit (read once; later calls return the same bytes). */
  readonly body: () => Promise<Buffer>;
  /** The body parsed as JSON (shape unchecked: validate it with zod at the call site). */
  readonly json: () => Promise<unknown>;
}

/** A Reply to send, or nothing when the handler wrote the response itself (or, on purpose, never answers). */
type RouteHandler = (ctx: RouteContext) => Reply | void | Promise<Reply | void>;

export interface Route {
  /** An HTTP method, or 'ANY' for routes without a method filter. */
  readonly method: string;
  /** e.g. `/v1/balance/:ercAddress/:tokenId`; `*` matches every path. */
  readonly path: string;
  readonly handler: RouteHandler;
}

export interface RouterOptions {
  readonly rejections: RejectionReplies;
  /** Default DEFAULT_BODY_LIMIT (1 MiB). */
  readonly bodyLimitBytes?: number;
  /** How an error answer is written; default plain text of the message. */
  readonly errorReply?: (answer: ErrorAnswer) => Reply;
  /** Runs before routing; throws an HttpError to refuse (e.g. a missing API key). */
  readonly guard?: (req: IncomingMessage, path: string) => void;
  /** Turns a handler's own error types into deliberate replies. */
  readonly mapError?: (error: unknown) => HttpError | undefined;
  /** Told about every deliberate error reply. */
  readonly onHttpError?: (error: HttpError, req: IncomingMessage) => void;
  /** Told about unexpected handler errors and dropped connections, e.g. to log them. */
  readonly onUnexpectedError?: (error: unknown, req: IncomingMessage) => void;
}

/**
 * Matches a raw request path against a pattern: literal segments compare with the raw segment, parameters are
 * percent-decoded and must not be empty; one trailing slash is tolerated (as warp's `end()` does). Returns the
 * parameters, or undefined for "not this route".
 */
export function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  if (!path.startsWith('/')) return undefined;
  if (pattern === '*') return {};
  const want = pattern.split('/').slice(1);
  const got = path.split('/').slice(1);
  if (got.length === want.length + 1 && got[got.length - 1] === '') got.pop();
  if (got.length !== want.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const actual = got[i]!;
    if (!segment.startsWith(':')) {
      if (segment !== actual) return undefined;
      continue;
    }
    if (actual === '') return undefined;
    try {
      params[segment.slice(1)] = decodeURIComponent(actual);
    } catch {
      return undefined;
    }
  }
  return params;
}

/** A request listener for http.createServer (or startHttpServer) that dispatches to the route table. */
export function createRouter(routes: readonly Route[], options: RouterOptions): RequestListener {
  const {
    rejections,
    bodyLimitBytes = DEFAULT_BODY_LIMIT,
    errorReply = ({ status, message, headers }) =>
      text(status, message, headers === undefined ? undefined : { ...headers }),
  } = options;
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const answer = (rejection: Rejection) =>
      errorReply(typeof rejection === 'function' ? rejection(req, path) : rejection);
    const fail = (error: unknown): void => {
      if (res.headersSent || error instanceof DropConnection) {
        if (error instanceof DropConnection) options.onUnexpectedError?.(error, req);
        req.socket.destroy();
        return;
      }
      // The rest of the body is never read: the connection goes once the reply is out.
      if (error instanceof BodyTooLarge) {
        const reply = answer(rejections.tooLarge);
        return send(res, { ...reply, headers: { ...reply.headers, connection: 'close' } });
      }
      if (error instanceof BadJson) return send(res, answer(rejections.badBody));
      const deliberate = error instanceof HttpError ? error : options.mapError?.(error);
      if (deliberate) {
        options.onHttpError?.(deliberate, req);
        send(res, errorReply({ status: deliberate.status, message: deliberate.message }));
        return;
      }
      options.onUnexpectedError?.(error, req);
      send(res, answer(rejections.internal));
    };
    void (async () => {
      options.guard?.(req, path);
      const forPath = routes.flatMap((route) => {
        const params = matchPath(route.path, path);
        return params ? [{ route, params }] : [];
      });
      const match = forPath.find(({ route }) => route.method === 'ANY' || route.method === req.method);
      if (!match) return send(res, answer(forPath.length === 0 ? rejections.unknownPath : rejections.wrongMethod));
      let body: Promise<Buffer> | undefined;
      const ctx: RouteContext = {
        req,
        res,
        path,
        url: new URL(req.url ?? '/', 'http://localhost'),
        params: match.params,
        body: () => (body ??= readBody(req, bodyLimitBytes)),
        json: async () => {
          const bytes = await ctx.body();
          try {
            return JSON.parse(bytes.toString('utf8')) as unknown;
          } catch {
            throw new BadJson();
          }
        },
      };
      const reply = await match.route.handler(ctx);
      if (reply) send(res, reply);
    })().catch(fail);
  };
}

class BadJson extends Error {
  override readonly name = 'BadJson';
}
