// The service's API under /api/v0, as MultiBaas answers it: every answer is the envelope {status, message, result}
// (result null on errors), the bearer API key is required on every route (401 otherwise), unknown webhook ids are 404,
// invalid bodies and parameters 400. /v1/health (no key) is only for the container's health check.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { z } from 'zod';
import { WebhookCreate } from '../../lib/event-webhooks/wire';
import { DEFAULT_BODY_LIMIT, matchPath, readBody, replyJson, replyText } from '../../lib/http-server';
import type { DeliveryDispatcher } from './delivery-dispatcher';
import type { Log } from './log';
import type { ApiKey } from './settings';
import type { WebhookRegistry } from './webhook-registry';

const API = '/api/v0';
const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 1_000;

/** A deliberate error answer: the envelope with this status and message. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const WebhookId = z.coerce.number().int().positive();
const Page = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
/** The devnet delivers over plain http (containers to the host); anything else is not a webhook URL. */
const Create = WebhookCreate.extend({ url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }) });

export interface ApiDeps {
  registry: WebhookRegistry;
  dispatcher: DeliveryDispatcher;
  apiKey: ApiKey;
  log: Log;
}

type Handler = (params: Record<string, string>, req: IncomingMessage, url: URL) => unknown;
interface Route {
  method: string;
  path: string;
  handler: Handler;
}

export function apiRequestListener(deps: ApiDeps): RequestListener {
  const { registry, dispatcher, log } = deps;
  const webhookOr404 = (params: Record<string, string>) => {
    const id = parsed(WebhookId, params.id, 'webhook id');
    const endpoint = registry.get(id);
    if (!endpoint) throw new ApiError(404, `webhook ${id} not found`);
    return endpoint;
  };
  const routes: Route[] = [
    {
      method: 'POST',
      path: `${API}/webhooks`,
      handler: async (_params, req) => {
        const input = parsed(Create, await readJson(req), 'webhook');
        const endpoint = registry.create(input);
        log.info(`Created webhook ${endpoint.id} "${endpoint.label}" for ${safeUrl(endpoint.url)} (${endpoint.subscriptions.join(', ')})`);
        return endpoint;
      },
    },
    {
      method: 'GET',
      path: `${API}/webhooks`,
      handler: (_params, _req, url) => {
        const { limit, offset } = parsed(Page, Object.fromEntries(url.searchParams), 'page');
        return registry.list(limit, offset);
      },
    },
    { method: 'GET', path: `${API}/webhooks/:id`, handler: (params) => webhookOr404(params) },
    {
      method: 'DELETE',
      path: `${API}/webhooks/:id`,
      handler: (params) => {
        const { id } = webhookOr404(params);
        registry.delete(id);
        dispatcher.forget(id);
        log.info(`Deleted webhook ${id}`);
        return undefined;
      },
    },
    {
      method: 'GET',
      path: `${API}/webhooks/:id/events`,
      handler: (params, _req, url) => {
        const { id } = webhookOr404(params);
        const { limit, offset } = parsed(Page.extend({ limit: Page.shape.limit.default(MAX_PAGE_SIZE) }), Object.fromEntries(url.searchParams), 'page');
        return registry.events(id)!.slice(offset, offset + limit);
      },
    },
  ];

  return (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/v1/health') return replyText(res, 200, 'Healthy');
      try {
        if (!authorised(req, deps.apiKey)) throw new ApiError(401, 'invalid or missing API key');
        const forPath = routes.map((route) => ({ route, params: matchPath(route.path, url.pathname) })).filter((m) => m.params);
        if (forPath.length === 0) throw new ApiError(404, `no route ${url.pathname}`);
        const match = forPath.find(({ route }) => route.method === req.method);
        if (!match) throw new ApiError(405, `${req.method} not allowed on ${url.pathname}`);
        const result = await match.route.handler(match.params!, req, url);
        reply(res, 200, 'success', result);
      } catch (error) {
        if (error instanceof ApiError) return reply(res, error.status, error.message);
        log.error(`${req.method} ${url.pathname} failed: ${String(error)}`);
        reply(res, 500, 'internal error');
      }
    })();
  };
}

/** Always with a result (null on errors and deletes): the envelope's shape does not depend on the outcome. */
function reply(res: ServerResponse, status: number, message: string, result: unknown = null): void {
  replyJson(res, status, { status, message, result });
}

/** Constant time over digests, so neither the key's content nor its length leaks through timing. */
function authorised(req: IncomingMessage, apiKey: ApiKey): boolean {
  const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(apiKey.reveal()));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let body: Buffer;
  try {
    body = await readBody(req, DEFAULT_BODY_LIMIT);
  } catch {
    throw new ApiError(413, `body larger than ${DEFAULT_BODY_LIMIT} bytes`);
  }
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new ApiError(400, 'body is not valid JSON');
  }
}

function parsed<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || what}: ${issue.message}`).join('; ');
  throw new ApiError(400, `invalid ${what}: ${problems}`);
}

/** A URL for the log without credentials that someone may have put into it. */
function safeUrl(url: string): string {
  const parsedUrl = new URL(url);
  parsedUrl.username = parsedUrl.password = '';
  return parsedUrl.toString();
}
