// Small helpers for the simulators' node:http servers: body reading with a size limit, text/JSON replies, and a route
// table that rejects like warp does in the real services (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/drivers/rest/mod.rs:64-120, nightfall_proposer/src/drivers/rest/mod.rs:46-84): no route for the
// path → the "not found" reply (client: 404 NOT_FOUND; proposer: 500); a route for the path but not the method, a
// handler's unexpected error, a bad body → 500 INTERNAL_SERVER_ERROR. Handlers signal the real services' typed
// rejections (e.g. 404 "No such token") by throwing HttpError.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

const INTERNAL_SERVER_ERROR = 'INTERNAL_SERVER_ERROR';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** A deliberate reply: plain-text body (may be empty) with a status. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status} ${body}`);
  }
}

/** What warp answers for a body it cannot use (too large, not JSON, wrong Content-Type): a 500 in both services. */
export class BodyRejection extends HttpError {
  constructor(reason: string) {
    super(500, INTERNAL_SERVER_ERROR);
    this.message = reason;
  }
}

export async function readBody(req: IncomingMessage, limitBytes = DEFAULT_BODY_LIMIT): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) {
      req.resume(); // drain the rest so the connection can still carry our reply
      throw new BodyRejection(`body exceeds ${limitBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * warp::body::json(): a missing Content-Type is accepted, any other than application/json (or +json) is rejected,
 * as is malformed JSON. Validate the result with zod at the call site.
 */
export async function readJsonBody(req: IncomingMessage, limitBytes = DEFAULT_BODY_LIMIT): Promise<unknown> {
  const contentType = req.headers['content-type'];
  if (contentType !== undefined && !/^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType)) {
    throw new BodyRejection(`content-type ${contentType} is not JSON`);
  }
  const body = await readBody(req, limitBytes);
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new BodyRejection('body is not valid JSON');
  }
}

export function replyText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** JSON via reply::json; bigints are not JSON — convert them before calling. */
export function replyJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A status with no body (e.g. the proposer's 201 for an accepted transaction). */
export function replyEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-length': 0 });
  res.end();
}

interface RouteContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** Decoded `:name` segments of the path pattern. */
  readonly params: Readonly<Record<string, string>>;
  readonly url: URL;
}

type RouteHandler = (ctx: RouteContext) => unknown;

export interface Route {
  /** An HTTP method, or 'ANY' for the real services' routes without a method filter. */
  readonly method: string;
  /** e.g. `/v1/balance/:ercAddress/:tokenId`. */
  readonly path: string;
  readonly handler: RouteHandler;
}

export interface RejectionReplies {
  /** No route has this path. */
  readonly unknownPath: { readonly status: number; readonly body: string };
  /** Wrong method on a known path, or a handler's unexpected error. */
  readonly other: { readonly status: number; readonly body: string };
}

/** The real client: warp's is_not_found → 404 NOT_FOUND, everything else 500. */
export const CLIENT_REJECTIONS: RejectionReplies = {
  unknownPath: { status: 404, body: 'NOT_FOUND' },
  other: { status: 500, body: INTERNAL_SERVER_ERROR },
};

/** The real proposer has no 404 branch: unknown paths are 500 too. */
export const PROPOSER_REJECTIONS: RejectionReplies = {
  unknownPath: { status: 500, body: INTERNAL_SERVER_ERROR },
  other: { status: 500, body: INTERNAL_SERVER_ERROR },
};

/** Matches `pathname` against a pattern; a single trailing slash is tolerated as in warp. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/').filter(Boolean);
  const trimmed = pathname.endsWith('/') && pathname !== '/' ? pathname.slice(0, -1) : pathname;
  const got = trimmed.split('/').slice(1);
  if (got.length !== want.length || got.some((s) => s === '')) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const actual = got[i]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (segment !== actual) {
      return undefined;
    }
  }
  return params;
}

export interface RouterOptions {
  readonly rejections: RejectionReplies;
  /** Told about unexpected handler errors (not HttpErrors), e.g. to log them. */
  readonly onUnexpectedError?: (error: unknown, req: IncomingMessage) => void;
}

/** A request listener for http.createServer that dispatches to the first route matching path and method. */
export function createRouter(routes: readonly Route[], options: RouterOptions): RequestListener {
  const { rejections, onUnexpectedError } = options;
  return (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const forPath = routes
        .map((route) => ({ route, params: matchPath(route.path, url.pathname) }))
        .filter((m): m is { route: Route; params: Record<string, string> } => m.params !== undefined);
      const match = forPath.find(({ route }) => route.method === 'ANY' || route.method === req.method);
      if (!match) {
        const reply = forPath.length === 0 ? rejections.unknownPath : rejections.other;
        replyText(res, reply.status, reply.body);
        return;
      }
      try {
        await match.route.handler({ req, res, params: match.params, url });
      } catch (error) {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (error instanceof HttpError) {
          replyText(res, error.status, error.body);
          return;
        }
        onUnexpectedError?.(error, req);
        replyText(res, rejections.other.status, rejections.other.body);
      }
    })();
  };
}
