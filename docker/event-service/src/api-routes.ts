// The service's API under /api/v0, as the vendor's document describes it (curvegrid/multibaas-sdk-go @ 816cbf0 :
// api/openapi.yaml, SPEC below): a success is `{status, message, result}` (a delete: `{status, message}`), an error
// exactly `{status, message}` (SPEC Error :7044-7062, additionalProperties false); pages hold 10 records unless `limit`
// says otherwise (SPEC :7123-7128). The bearer API key is required on every route (401 otherwise); unknown ids,
// addresses and contracts are 404; invalid bodies and parameters 400. The routes a user of the harness needs: webhooks
// and their delivery logs (with counts), the events API, the chain's status, addresses with their linked contracts,
// linking, and the event monitors' status. /v1/health (no key) is only for the container's health check.
import type * as Sdk from '@curvegrid/multibaas-sdk';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import type { PublicClient } from 'viem';
import { z } from 'zod';
import { DEFAULT_BODY_LIMIT } from '../../../lib/http/body';
import { json, text } from '../../../lib/http/reply';
import { createRouter, HttpError, type RouteContext } from '../../../lib/http/router';
import { Conflict, NotFound, type AddressBook } from './address-book';
import type { DeliveryDispatcher } from './delivery-dispatcher';
import type { EventStore } from './event-store';
import type { Log } from './log';
import { planFor, type PlanSetting } from './plan';
import type { ApiKey } from './settings';
import type { WebhookRegistry } from './webhook-registry';
import {
  AddressAliasCreate,
  EventFilter,
  LinkRequest,
  Page,
  WebhookCreate,
  type AddressView,
  type IndexingStatus,
  type ListedEvent,
} from './wire';

const API = '/api/v0';
/** SPEC ChainName :3261-3266: the only chain. Anything else gets the document's own error example. */
const CHAIN = 'ethereum';

/** A deliberate error answer: the error body with this status and message. */
class ApiError extends HttpError {}

const WebhookId = z.coerce.number().int().positive();

export interface ApiDeps {
  registry: WebhookRegistry;
  dispatcher: DeliveryDispatcher;
  book: AddressBook;
  store: EventStore;
  client: Pick<PublicClient, 'getBlockNumber'>;
  chainId: number;
  apiKey: ApiKey;
  /** Which deployment `GET /plan` shows; an older deployment has no such route. */
  plan: PlanSetting;
  /** Rows per page at most (settings.ts `EVENT_SERVICE_PAGE_CAP`); undefined: as many as `limit` asks. */
  pageCap?: number | undefined;
  log: Log;
}

/** What a handler answers: a result in the envelope, none (a BaseResponse), and the status (200 unless said). */
type Answer = { result: unknown; status?: number } | { status?: number; noResult: true };
type Handler = (params: Readonly<Record<string, string>>, req: RouteContext, url: URL) => Answer | Promise<Answer>;
interface Route {
  method: string;
  path: string;
  handler: Handler;
}

export function apiRequestListener(deps: ApiDeps): RequestListener {
  const { registry, dispatcher, book, store, log } = deps;
  const webhookIdOr404 = (params: Record<string, string>) => {
    const id = parsed(WebhookId, params.id, 'webhook id');
    if (!registry.get(id)) throw new ApiError(404, `webhook ${id} not found`);
    return id;
  };
  const chainOr404 = (params: Record<string, string>) => {
    if (params.chain !== CHAIN) throw new ApiError(404, 'Blockchain Not Found');
  };
  const query = (url: URL) => Object.fromEntries(url.searchParams);
  const startedAt = new Date();
  // The current document's route (curvegrid/multibaas-sdk-typescript @ 65f28a1 : api.ts:3839); an older deployment
  // lacks it and answers as for any unknown path: 404.
  const planRoutes: Route[] =
    deps.plan === 'older-deployment'
      ? []
      : [{ method: 'GET', path: `${API}/plan`, handler: () => ({ result: planFor(deps.plan, startedAt) }) }];
  /** The asked page, cut to the cap: a capped page is shorter than asked although more rows follow. */
  const pageOf = (url: URL): { limit: number; offset: number } => {
    const { limit, offset } = parsed(Page, query(url), 'page');
    return { limit: Math.min(limit, deps.pageCap ?? limit), offset };
  };
  const routes: Route[] = [
    ...planRoutes,
    // ---- webhooks (SPEC :1871-2036)
    {
      method: 'POST',
      path: `${API}/webhooks`,
      handler: async (_params, req) => {
        const endpoint = registry.create(parsed(WebhookCreate, await req.json(), 'webhook'));
        log.info(
          `Created webhook ${endpoint.id} "${endpoint.label}" for ${safeUrl(endpoint.url)} (${endpoint.subscriptions.join(', ')})`,
        );
        return { result: endpoint satisfies Sdk.WebhookEndpoint };
      },
    },
    {
      method: 'GET',
      path: `${API}/webhooks`,
      handler: (_params, _req, url) => {
        const { limit, offset } = pageOf(url);
        return { result: registry.list(limit, offset) satisfies Sdk.WebhookEndpoint[] };
      },
    },
    { method: 'GET', path: `${API}/webhooks/count`, handler: () => ({ result: registry.count() }) },
    {
      method: 'GET',
      path: `${API}/webhooks/:id`,
      handler: (params) => ({ result: registry.get(webhookIdOr404(params))! satisfies Sdk.WebhookEndpoint }),
    },
    {
      method: 'PUT',
      path: `${API}/webhooks/:id`,
      handler: async (params, req) => {
        const id = webhookIdOr404(params);
        return {
          result: registry.update(
            id,
            parsed(WebhookCreate, await req.json(), 'webhook'),
          )! satisfies Sdk.WebhookEndpoint,
        };
      },
    },
    {
      method: 'DELETE',
      path: `${API}/webhooks/:id`,
      handler: (params) => {
        const id = webhookIdOr404(params);
        registry.delete(id);
        dispatcher.forget(id);
        log.info(`Deleted webhook ${id}`);
        return { noResult: true };
      },
    },
    {
      method: 'GET',
      path: `${API}/webhooks/:id/events`,
      handler: (params, _req, url) => {
        const id = webhookIdOr404(params);
        const { limit, offset } = pageOf(url);
        return { result: registry.events(id, limit, offset)! satisfies Sdk.WebhookEvent[] };
      },
    },
    {
      method: 'GET',
      path: `${API}/webhooks/:id/events/count`,
      handler: (params) => ({ result: registry.countEvents(webhookIdOr404(params))! }),
    },

    // ---- events (SPEC :1160-1369)
    {
      method: 'GET',
      path: `${API}/events`,
      handler: (_params, _req, url) => {
        const { limit, offset } = pageOf(url);
        return {
          result: store.list(parsed(EventFilter, withoutPage(url), 'filter'), limit, offset) satisfies ListedEvent[],
        };
      },
    },
    {
      method: 'GET',
      path: `${API}/events/count`,
      handler: (_params, _req, url) => ({ result: store.count(parsed(EventFilter, withoutPage(url), 'filter')) }),
    },

    // ---- chains, addresses, links, event monitors (SPEC :364-603)
    {
      method: 'GET',
      path: `${API}/chains/:chain/status`,
      handler: async (params) => {
        chainOr404(params);
        const blockNumber = Number(await deps.client.getBlockNumber({ cacheTime: 0 }));
        return {
          result: {
            blockNumber,
            version: 'anvil (nightfall-e2e MultiBaas double)',
            chainID: deps.chainId,
            networkID: deps.chainId,
          } satisfies Sdk.ChainStatus,
        };
      },
    },
    {
      method: 'POST',
      path: `${API}/chains/:chain/addresses`,
      handler: async (params, req) => {
        chainOr404(params);
        const { alias, address } = parsed(AddressAliasCreate, await req.json(), 'address alias');
        return { status: 201, result: book.setAlias(address, alias) satisfies AddressView };
      },
    },
    {
      method: 'GET',
      path: `${API}/chains/:chain/addresses/:address`,
      handler: (params) => {
        chainOr404(params);
        return { result: book.get(params.address!) satisfies AddressView };
      },
    },
    {
      method: 'POST',
      path: `${API}/chains/:chain/addresses/:address/contracts`,
      handler: async (params, req) => {
        chainOr404(params);
        const link = parsed(LinkRequest, await req.json(), 'link');
        const address = await book.link(params.address!, link.label, link.startingBlock);
        log.info(
          `Linked ${link.label} to ${address.address}${link.startingBlock === undefined ? ' without sync' : ` syncing events from ${link.startingBlock}`}`,
        );
        return { result: address satisfies AddressView };
      },
    },
    {
      method: 'GET',
      path: `${API}/chains/:chain/addresses/:address/contracts/:contract/status`,
      handler: (params) => {
        chainOr404(params);
        return { result: book.monitorStatus(params.address!, params.contract!) satisfies IndexingStatus };
      },
    },
  ];

  // Literal segments win over parameters (`/webhooks/count` is not webhook "count"): routes are listed so.
  return createRouter(
    [
      // Only for the container's health check: any method, no key.
      { method: 'ANY', path: '/v1/health', handler: () => text(200, 'Healthy') },
      ...routes.map(({ method, path, handler }) => ({
        method,
        path,
        handler: async (ctx: RouteContext) => {
          const answer = await handler(ctx.params, ctx, ctx.url);
          const status = answer.status ?? 200;
          return json(
            status,
            'noResult' in answer
              ? { status, message: 'success' }
              : { status, message: 'success', result: answer.result },
          );
        },
      })),
    ],
    {
      rejections: {
        unknownPath: (_req, path) => ({ status: 404, message: `no route ${path}` }),
        wrongMethod: (req, path) => ({ status: 405, message: `${req.method} not allowed on ${path}` }),
        tooLarge: { status: 413, message: `body larger than ${DEFAULT_BODY_LIMIT} bytes` },
        badBody: { status: 400, message: 'body is not valid JSON' },
        internal: { status: 500, message: 'internal error' },
      },
      errorReply: ({ status, message }) => json(status, { status, message } satisfies Sdk.ModelError),
      guard: (req, path) => {
        if (path !== '/v1/health' && !authorised(req, deps.apiKey))
          throw new ApiError(401, 'invalid or missing API key');
      },
      mapError: (error) =>
        error instanceof NotFound
          ? new ApiError(404, error.message)
          : error instanceof Conflict
            ? new ApiError(409, error.message)
            : undefined,
      onUnexpectedError: (error, req) => log.error(`${req.method} ${req.url} failed: ${String(error)}`),
    },
  );
}

/** Constant time over digests, so neither the key's content nor its length leaks through timing. */
function authorised(req: IncomingMessage, apiKey: ApiKey): boolean {
  const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(apiKey.reveal()));
}

function withoutPage(url: URL): Record<string, string> {
  return Object.fromEntries([...url.searchParams].filter(([name]) => name !== 'limit' && name !== 'offset'));
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
