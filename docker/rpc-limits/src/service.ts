// The devnet's limiting JSON-RPC endpoint: what the harness is given as the devnet's L1 (the simulators, the proposer
// and the event service talk to anvil directly). It forwards what a hosted provider serves and refuses the rest as
// providers do (./refusals.ts): eth_getLogs over more than `maxLogRange` blocks or answering more than
// `maxLogResults` logs, requests beyond the rate (token bucket), and methods a hosted endpoint does not serve.
// GET /v1/health answers for the container's health check; GET /v1/stats says what was forwarded and refused, and the
// busiest second and ten seconds seen (the figures the defaults were chosen by).
// Each client has a route of its own, /clients/<name> (HTTP and WebSocket): its own rate bucket, as each operator has
// their own provider plan, and no block-range limit on eth_getLogs (Infura's: 10,000 results and no range cap, see
// ./refusals.ts), so that the real plume client's one genesis-to-head replay is served as its provider serves it. A
// fault scenario steers a client's route over /v1/clients/<name>/faults and /lag (./client-faults.ts), and puts a bad
// day or a poor network on it over /v1/clients/<name>/conditions (./route-conditions.ts). Given the proposer's URL, it
// also stands where the clients' hosts files send `proposer` and passes their POST /v1/transaction on, under each
// client's proposer conditions (/v1/clients/<name>/proposer-conditions, ./proposer-front.ts).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Pool } from 'undici';
import { z } from 'zod';
import { json, text, type Reply } from '../../../lib/http/reply';
import { createRouter, type Route, type RouteContext } from '../../../lib/http/router';
import { startHttpServer } from '../../../lib/http/serve';
import { DropConnection, HttpError } from '../../../lib/http/router';
import { ArmedFault, ClientFaultBook, LagOrder, type ClientFaultState } from './client-faults';
import { isServedMethod, refuse, type JsonRpcError, type JsonRpcId } from './refusals';
import type { RpcLimitsSettings } from './settings';
import { RateMeter, TokenBucket } from './token-bucket';
import { ConditionsOrder, PoorNetwork, RouteConditions } from './route-conditions';
import { relayToProposer, SenderDirectory } from './proposer-front';
import { relayWebSocket, type Relay } from './ws-relay';

/** Hosted endpoints take bodies of a few MB; a raw transaction or a batch of calls fits well below this. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 30_000;
const CLIENT_NAME = /^[a-z][a-z0-9-]{0,40}$/;
const CLIENT_ROUTE = /^\/clients\/([a-z][a-z0-9-]{0,40})\/?$/;

/** Who a request is from: the harness, or the client the route names, with its own bucket, limits and faults. */
interface Lane {
  bucket: TokenBucket;
  meter: RateMeter;
  stats: RpcLimitsStats;
  maxLogRange: number | undefined;
  faults: ClientFaultBook | undefined;
  conditions: RouteConditions | undefined;
  /** The poor network between this client and the proposer. */
  proposerConditions: RouteConditions | undefined;
  relays: Set<Relay>;
}

/** Only a poor network applies to the link with the proposer (a provider's bad day is an L1 endpoint's). */
const ProposerConditionsOrder = z.object({ network: PoorNetwork.optional() }).strict();

const JsonRpcCall = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string().min(1),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
});
type JsonRpcCall = z.infer<typeof JsonRpcCall>;
const BlockTag = z.union([
  z.enum(['latest', 'pending', 'safe', 'finalized', 'earliest']),
  z.string().regex(/^0x[0-9a-fA-F]+$/),
]);
const LogFilter = z
  .object({ fromBlock: BlockTag.optional(), toBlock: BlockTag.optional(), blockHash: z.string().optional() })
  .loose();
const HexQuantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/)
  .transform((hex) => BigInt(hex));

type JsonRpcAnswer = JsonRpcError | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown };

interface RpcLimitsStats {
  forwarded: number;
  /** Calls received per method, refused ones included. */
  byMethod: Record<string, number>;
  refused: { range: number; results: number; rate: number; method: number; invalid: number };
  peakPerSecond: number;
  peakPer10Seconds: number;
}

export interface RpcLimitsService {
  port: number;
  /** The harness's route (every path but /clients/<name>). */
  stats(): RpcLimitsStats;
  /** Each client route's faults and calls. */
  clientFaults(name: string): ClientFaultState;
  close(): Promise<void>;
}

export interface RpcLimitsLog {
  info(message: string): void;
  warn(message: string): void;
}

export async function startRpcLimits(
  settings: RpcLimitsSettings,
  options: { port: number; host?: string; log: RpcLimitsLog; now?: () => number; wallClock?: () => number },
): Promise<RpcLimitsService> {
  const upstream = new URL(settings.upstreamUrl);
  const pool = new Pool(upstream.origin, {
    connections: 16,
    headersTimeout: UPSTREAM_TIMEOUT_MS,
    bodyTimeout: UPSTREAM_TIMEOUT_MS,
  });
  const newLane = (
    maxLogRange: number | undefined,
    faults: ClientFaultBook | undefined,
    conditions?: RouteConditions,
  ): Lane => ({
    bucket: new TokenBucket(settings.requestsPerSecond, settings.burst, options.now),
    meter: new RateMeter(options.now),
    stats: {
      forwarded: 0,
      byMethod: {},
      refused: { range: 0, results: 0, rate: 0, method: 0, invalid: 0 },
      peakPerSecond: 0,
      peakPer10Seconds: 0,
    },
    maxLogRange,
    faults,
    conditions,
    proposerConditions: conditions ? new RouteConditions(options.wallClock) : undefined,
    relays: new Set(),
  });
  const harness = newLane(settings.maxLogRange, undefined);
  const clients = new Map<string, Lane>();
  const clientLane = (name: string): Lane => {
    let lane = clients.get(name);
    if (!lane)
      clients.set(
        name,
        (lane = newLane(undefined, new ClientFaultBook(options.wallClock), new RouteConditions(options.wallClock))),
      );
    return lane;
  };

  const senders = new SenderDirectory(() => [...clients.keys()]);

  const forward = async (call: object): Promise<JsonRpcAnswer> => {
    const response = await pool.request({
      method: 'POST',
      path: upstream.pathname,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
    });
    return (await response.body.json()) as JsonRpcAnswer;
  };

  const latestBlock = async (): Promise<bigint> => {
    const answer = await forward({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] });
    if (!('result' in answer)) throw new Error(`the node answered eth_blockNumber with ${JSON.stringify(answer)}`);
    return HexQuantity.parse(answer.result);
  };

  const getLogs = async (lane: Lane, call: JsonRpcCall, id: JsonRpcId): Promise<JsonRpcAnswer> => {
    const filter = LogFilter.safeParse(Array.isArray(call.params) ? call.params[0] : undefined);
    if (!filter.success) return forward(call); // the node's own answer to a malformed filter
    if (filter.data.blockHash === undefined && lane.maxLogRange !== undefined) {
      let latest: bigint | undefined;
      const numberOf = async (tag: string | undefined): Promise<bigint> => {
        if (tag === 'earliest') return 0n;
        if (tag !== undefined && tag.startsWith('0x')) return BigInt(tag);
        return (latest ??= await latestBlock()); // absent = latest; pending, safe and finalized are latest on anvil
      };
      const from = await numberOf(filter.data.fromBlock);
      const to = await numberOf(filter.data.toBlock);
      if (to - from + 1n > BigInt(lane.maxLogRange)) {
        lane.stats.refused.range++;
        options.log.info(
          `refused eth_getLogs over ${to - from + 1n} blocks (${from}..${to}); at most ${lane.maxLogRange}`,
        );
        return refuse.range(id, lane.maxLogRange);
      }
    }
    const answer = await forward(call);
    if ('result' in answer && Array.isArray(answer.result) && answer.result.length > settings.maxLogResults) {
      lane.stats.refused.results++;
      options.log.info(`refused eth_getLogs answering ${answer.result.length} logs; at most ${settings.maxLogResults}`);
      return refuse.results(id, settings.maxLogResults);
    }
    // A lagging view of the chain: the answer is what the node said now, handed over `lag` later.
    const lagMs = lane.faults?.lagMs ?? 0;
    if (lagMs > 0) await new Promise((resolve) => setTimeout(resolve, lagMs));
    return answer;
  };

  const answerCall = async (lane: Lane, call: JsonRpcCall): Promise<JsonRpcAnswer> => {
    const id = call.id ?? null;
    lane.stats.byMethod[call.method] = (lane.stats.byMethod[call.method] ?? 0) + 1;
    if (!isServedMethod(call.method)) {
      lane.stats.refused.method++;
      return refuse.method(id, call.method);
    }
    try {
      const answer = call.method === 'eth_getLogs' ? await getLogs(lane, call, id) : await forward(call);
      if ('result' in answer) lane.stats.forwarded++;
      return answer;
    } catch (error) {
      options.log.warn(
        `the node did not answer ${call.method}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return refuse.upstream(id);
    }
  };

  const refusedByRate = (lane: Lane, calls: unknown[], batch: boolean, waitMs: number): Reply => {
    lane.stats.refused.rate += calls.length;
    const rate = {
      currentRps: lane.meter.currentPerSecond(),
      allowedRps: settings.requestsPerSecond,
      backoffSeconds: waitMs / 1_000,
    };
    const refusals = calls.map((call) => refuse.rate(idOf(call), rate));
    return json(429, batch ? refusals : refusals[0]);
  };

  const handleRpc = async (lane: Lane, { body }: RouteContext): Promise<Reply> => {
    let payload: unknown;
    try {
      payload = JSON.parse((await body()).toString('utf8'));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error; // over the limit: the router's 413
      return json(200, refuse.parse());
    }
    const batch = Array.isArray(payload);
    const calls: unknown[] = batch ? (payload as unknown[]) : [payload];
    if (calls.length === 0) return json(200, refuse.invalidRequest(null));
    const parsed = calls.map((raw) => JsonRpcCall.safeParse(raw));

    // A fault armed against this client: met by any call of the request, it decides the whole request's fate.
    const faults = lane.faults;
    if (faults) {
      const met = parsed
        .map((call) => (call.success ? faults.meet(call.data) : undefined))
        .find((action) => action !== undefined);
      if (met === 'cut') throw new DropConnection('fault injected: connection cut');
      if (met === 'refuse') return refusedByRate(lane, calls, batch, 1_000);
    }
    // A bad day or a poor network on this client's route: held first, then refused, cut, or its answer lost.
    const treatment = lane.conditions?.treat(
      parsed.some((call) => call.success && call.data.method === 'eth_sendRawTransaction'),
    );
    if (treatment && treatment.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, treatment.delayMs));
    if (treatment?.fate === 'drop') throw new DropConnection('condition injected: connection cut');
    if (treatment?.fate === 'rate-limit') return refusedByRate(lane, calls, batch, 1_000);

    // Each call of a batch counts, as providers count them.
    lane.meter.record(calls.length);
    const admitted = lane.bucket.take(calls.length);
    if (!admitted.granted) return refusedByRate(lane, calls, batch, admitted.waitMs);
    const answers = await Promise.all(
      parsed.map(async (call) => {
        if (call.success) return answerCall(lane, call.data);
        lane.stats.refused.invalid++;
        return refuse.invalidRequest(null);
      }),
    );
    if (treatment?.fate === 'lose-answer') throw new DropConnection('condition injected: answer lost');
    return json(200, batch ? answers : answers[0]);
  };

  const laneOf = (name: string | undefined): Lane => {
    if (!name || !CLIENT_NAME.test(name)) throw new HttpError(404, `no client route /clients/${name ?? ''}`);
    return clientLane(name);
  };
  const faultsOf = (name: string | undefined): ClientFaultBook => laneOf(name).faults!;
  const conditionsOf = (name: string | undefined): RouteConditions => laneOf(name).conditions!;
  const proposerConditionsOf = (name: string | undefined): RouteConditions => laneOf(name).proposerConditions!;
  const proposerUrl = settings.proposerUrl;
  const proposerRoutes: Route[] =
    proposerUrl === undefined
      ? []
      : [
          {
            method: 'GET',
            path: '/v1/clients/:name/proposer-conditions',
            handler: ({ params }) => json(200, proposerConditionsOf(params.name).state()),
          },
          {
            method: 'POST',
            path: '/v1/clients/:name/proposer-conditions',
            handler: async (ctx) => {
              const order = await bodyOf(ProposerConditionsOrder, ctx);
              proposerConditionsOf(ctx.params.name).set(order);
              options.log.info(
                `conditions on client ${ctx.params.name}'s link to the proposer: ${JSON.stringify(order)}`,
              );
              return json(200, proposerConditionsOf(ctx.params.name).state());
            },
          },
          {
            method: 'DELETE',
            path: '/v1/clients/:name/proposer-conditions',
            handler: ({ params }) => {
              proposerConditionsOf(params.name).clear();
              return json(200, proposerConditionsOf(params.name).state());
            },
          },
          // The one path the real client posts to a proposer (client_operation.rs, process_transaction_offchain).
          {
            method: 'POST',
            path: '/v1/transaction',
            handler: async (ctx) => {
              const name = await senders.nameOf(ctx.req.socket.remoteAddress);
              const lane = name === undefined ? undefined : clients.get(name);
              return relayToProposer({
                proposerUrl,
                path: ctx.path,
                body: await ctx.body(),
                contentType: ctx.req.headers['content-type'],
                sender: name && lane?.proposerConditions ? { name, conditions: lane.proposerConditions } : undefined,
                log: options.log,
              });
            },
          },
        ];
  const bodyOf = async <T>(schema: z.ZodType<T>, ctx: RouteContext): Promise<T> => {
    const parsed = schema.safeParse(await ctx.json().catch(() => undefined));
    if (!parsed.success)
      throw new HttpError(
        400,
        parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
      );
    return parsed.data;
  };

  // Every POST is JSON-RPC, whatever its path (a client's route: /clients/<name>); GET serves the health check and
  // the figures; /v1/clients/<name>/… steers a client's faults; the rest is refused.
  const notRpc = { status: 405, message: 'JSON-RPC is POST' };
  const server = await startHttpServer(
    createRouter(
      [
        {
          method: 'GET',
          path: '/v1/clients/:name/faults',
          handler: ({ params }) => json(200, faultsOf(params.name).state()),
        },
        {
          method: 'POST',
          path: '/v1/clients/:name/faults',
          handler: async (ctx) => {
            const fault = await bodyOf(ArmedFault, ctx);
            faultsOf(ctx.params.name).arm(fault);
            options.log.info(
              `armed against client ${ctx.params.name}: ${fault.action} the next ${fault.times} ${fault.method}${fault.selector ? ` to ${fault.selector}` : ''}`,
            );
            return json(200, faultsOf(ctx.params.name).state());
          },
        },
        {
          method: 'POST',
          path: '/v1/clients/:name/lag',
          handler: async (ctx) => {
            const { seconds, forSeconds } = await bodyOf(LagOrder, ctx);
            faultsOf(ctx.params.name).lag(seconds, forSeconds);
            options.log.info(
              `client ${ctx.params.name}'s view of the chain lags by ${seconds} s${forSeconds ? ` for ${forSeconds} s` : ''}`,
            );
            return json(200, faultsOf(ctx.params.name).state());
          },
        },
        {
          method: 'DELETE',
          path: '/v1/clients/:name/faults',
          handler: ({ params }) => {
            faultsOf(params.name).clear();
            conditionsOf(params.name).clear();
            return json(200, faultsOf(params.name).state());
          },
        },
        {
          method: 'GET',
          path: '/v1/clients/:name/conditions',
          handler: ({ params }) => json(200, conditionsOf(params.name).state()),
        },
        {
          method: 'POST',
          path: '/v1/clients/:name/conditions',
          handler: async (ctx) => {
            const order = await bodyOf(ConditionsOrder, ctx);
            conditionsOf(ctx.params.name).set(order);
            options.log.info(`conditions on client ${ctx.params.name}'s route: ${JSON.stringify(order)}`);
            return json(200, conditionsOf(ctx.params.name).state());
          },
        },
        {
          method: 'DELETE',
          path: '/v1/clients/:name/conditions',
          handler: ({ params }) => {
            conditionsOf(params.name).clear();
            return json(200, conditionsOf(params.name).state());
          },
        },
        ...proposerRoutes,
        { method: 'POST', path: '/clients/:name', handler: (ctx) => handleRpc(laneOf(ctx.params.name), ctx) },
        { method: 'POST', path: '*', handler: (ctx) => handleRpc(harness, ctx) },
        { method: 'GET', path: '/v1/health', handler: () => text(200, 'Healthy') },
        {
          method: 'GET',
          path: '/v1/stats',
          handler: () => json(200, { ...statsOf(harness), clientRoutes: clientRoutesSummary([...clients.values()]) }),
        },
      ],
      {
        rejections: {
          unknownPath: notRpc,
          wrongMethod: notRpc,
          badBody: notRpc,
          tooLarge: { status: 413, message: 'request entity too large' },
          internal: { status: 500, message: '' },
        },
        bodyLimitBytes: MAX_BODY_BYTES,
        // A failure of our own is the JSON-RPC "upstream" error, as a provider answers.
        errorReply: ({ status, message }) =>
          status === 500 ? json(500, refuse.upstream(null)) : text(status, message),
        onUnexpectedError: (error, req) => {
          if (error instanceof DropConnection) return;
          options.log.warn(
            `answering ${req.method} ${req.url} failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        },
      },
    ),
    { port: options.port, host: options.host ?? '0.0.0.0' },
  );
  // A client's WebSocket (its subscription; a real image's every call) on its route, relayed to the node's.
  server.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const name = CLIENT_ROUTE.exec((req.url ?? '/').split('?')[0]!)?.[1];
    if (!name) {
      socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const lane = clientLane(name);
    const faults = lane.faults!;
    const conditions = lane.conditions!;
    const relay = relayWebSocket(req, socket, head, upstream, {
      lagMs: () => Math.max(faults.lagMs, conditions.pushDelayMs()),
      onPush: () => faults.meet({ method: 'eth_subscription' }),
    });
    lane.relays.add(relay);
    socket.once('close', () => lane.relays.delete(relay));
  });
  return {
    port: server.port,
    stats: () => statsOf(harness),
    clientFaults: (name) => clientLane(name).faults!.state(),
    close: async () => {
      for (const lane of clients.values()) for (const relay of lane.relays) relay.close();
      await server.close();
      await pool.close();
    },
  };
}

/** The clients' routes together: how many, what they asked and what was refused, and the busiest client's second. */
function clientRoutesSummary(lanes: readonly Lane[]): {
  clients: number;
  forwarded: number;
  refusedByRate: number;
  faultsFired: number;
  busiestClientPeakPerSecond: number;
} {
  return {
    clients: lanes.length,
    forwarded: lanes.reduce((sum, lane) => sum + lane.stats.forwarded, 0),
    refusedByRate: lanes.reduce((sum, lane) => sum + lane.stats.refused.rate, 0),
    faultsFired: lanes.reduce((sum, lane) => sum + (lane.faults?.state().fired.length ?? 0), 0),
    busiestClientPeakPerSecond: Math.max(0, ...lanes.map((lane) => lane.meter.peakPerSecond)),
  };
}

function statsOf(lane: Lane): RpcLimitsStats {
  const { stats, meter } = lane;
  return {
    ...stats,
    byMethod: { ...stats.byMethod },
    refused: { ...stats.refused },
    peakPerSecond: meter.peakPerSecond,
    peakPer10Seconds: meter.peakPer10Seconds,
  };
}

function idOf(call: unknown): JsonRpcId {
  const id = (call as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
