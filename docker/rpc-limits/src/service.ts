// The devnet's limiting JSON-RPC endpoint: what the harness is given as the devnet's L1 (the simulators, the proposer
// and the event service talk to anvil directly). It forwards what a hosted provider serves and refuses the rest as
// providers do (./refusals.ts): eth_getLogs over more than `maxLogRange` blocks or answering more than
// `maxLogResults` logs, requests beyond the rate (token bucket), and methods a hosted endpoint does not serve.
// GET /v1/health answers for the container's health check; GET /v1/stats says what was forwarded and refused, and the
// busiest second and ten seconds seen (the figures the defaults were chosen by).
import { Pool } from 'undici';
import { z } from 'zod';
import { json, text, type Reply } from '../../../lib/http/reply';
import { createRouter, type RouteContext } from '../../../lib/http/router';
import { startHttpServer } from '../../../lib/http/serve';
import { isServedMethod, refuse, type JsonRpcError, type JsonRpcId } from './refusals';
import type { RpcLimitsSettings } from './settings';
import { RateMeter, TokenBucket } from './token-bucket';

/** Hosted endpoints take bodies of a few MB; a raw transaction or a batch of calls fits well below this. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 30_000;

const JsonRpcCall = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]).optional(),
  method: z.string().min(1),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
});
type JsonRpcCall = z.infer<typeof JsonRpcCall>;
const BlockTag = z.union([z.enum(['latest', 'pending', 'safe', 'finalized', 'earliest']), z.string().regex(/^0x[0-9a-fA-F]+$/)]);
const LogFilter = z.object({ fromBlock: BlockTag.optional(), toBlock: BlockTag.optional(), blockHash: z.string().optional() }).loose();
const HexQuantity = z.string().regex(/^0x[0-9a-fA-F]+$/).transform((hex) => BigInt(hex));

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
  stats(): RpcLimitsStats;
  close(): Promise<void>;
}

export interface RpcLimitsLog {
  info(message: string): void;
  warn(message: string): void;
}

export async function startRpcLimits(
  settings: RpcLimitsSettings,
  options: { port: number; host?: string; log: RpcLimitsLog; now?: () => number },
): Promise<RpcLimitsService> {
  const upstream = new URL(settings.upstreamUrl);
  const pool = new Pool(upstream.origin, { connections: 16, headersTimeout: UPSTREAM_TIMEOUT_MS, bodyTimeout: UPSTREAM_TIMEOUT_MS });
  const bucket = new TokenBucket(settings.requestsPerSecond, settings.burst, options.now);
  const meter = new RateMeter(options.now);
  const stats: RpcLimitsStats = { forwarded: 0, byMethod: {}, refused: { range: 0, results: 0, rate: 0, method: 0, invalid: 0 }, peakPerSecond: 0, peakPer10Seconds: 0 };

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

  const getLogs = async (call: JsonRpcCall, id: JsonRpcId): Promise<JsonRpcAnswer> => {
    const filter = LogFilter.safeParse(Array.isArray(call.params) ? call.params[0] : undefined);
    if (!filter.success) return forward(call); // the node's own answer to a malformed filter
    if (filter.data.blockHash === undefined) {
      let latest: bigint | undefined;
      const numberOf = async (tag: string | undefined): Promise<bigint> => {
        if (tag === 'earliest') return 0n;
        if (tag !== undefined && tag.startsWith('0x')) return BigInt(tag);
        return (latest ??= await latestBlock()); // absent = latest; pending, safe and finalized are latest on anvil
      };
      const from = await numberOf(filter.data.fromBlock);
      const to = await numberOf(filter.data.toBlock);
      if (to - from + 1n > BigInt(settings.maxLogRange)) {
        stats.refused.range++;
        options.log.info(`refused eth_getLogs over ${to - from + 1n} blocks (${from}..${to}); at most ${settings.maxLogRange}`);
        return refuse.range(id, settings.maxLogRange);
      }
    }
    const answer = await forward(call);
    if ('result' in answer && Array.isArray(answer.result) && answer.result.length > settings.maxLogResults) {
      stats.refused.results++;
      options.log.info(`refused eth_getLogs answering ${answer.result.length} logs; at most ${settings.maxLogResults}`);
      return refuse.results(id, settings.maxLogResults);
    }
    return answer;
  };

  const answerCall = async (raw: unknown): Promise<JsonRpcAnswer> => {
    const parsed = JsonRpcCall.safeParse(raw);
    const id = parsed.success ? (parsed.data.id ?? null) : null;
    if (!parsed.success) {
      stats.refused.invalid++;
      return refuse.invalidRequest(id);
    }
    const call = parsed.data;
    stats.byMethod[call.method] = (stats.byMethod[call.method] ?? 0) + 1;
    if (!isServedMethod(call.method)) {
      stats.refused.method++;
      return refuse.method(id, call.method);
    }
    try {
      const answer = call.method === 'eth_getLogs' ? await getLogs(call, id) : await forward(call);
      if ('result' in answer) stats.forwarded++;
      return answer;
    } catch (error) {
      options.log.warn(`the node did not answer ${call.method}: ${error instanceof Error ? error.message : String(error)}`);
      return refuse.upstream(id);
    }
  };

  const handleRpc = async ({ body }: RouteContext): Promise<Reply> => {
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

    // Each call of a batch counts, as providers count them.
    meter.record(calls.length);
    const admitted = bucket.take(calls.length);
    if (!admitted.granted) {
      stats.refused.rate += calls.length;
      const rate = { currentRps: meter.currentPerSecond(), allowedRps: settings.requestsPerSecond, backoffSeconds: admitted.waitMs / 1_000 };
      const refusals = calls.map((call) => refuse.rate(idOf(call), rate));
      return json(429, batch ? refusals : refusals[0]);
    }
    const answers = await Promise.all(calls.map(answerCall));
    return json(200, batch ? answers : answers[0]);
  };

  // Every POST is JSON-RPC, whatever its path; GET serves the health check and the figures; the rest is refused.
  const notRpc = { status: 405, message: 'JSON-RPC is POST' };
  const server = await startHttpServer(
    createRouter(
      [
        { method: 'POST', path: '*', handler: handleRpc },
        { method: 'GET', path: '/v1/health', handler: () => text(200, 'Healthy') },
        {
          method: 'GET',
          path: '/v1/stats',
          handler: () => json(200, { ...stats, peakPerSecond: meter.peakPerSecond, peakPer10Seconds: meter.peakPer10Seconds }),
        },
      ],
      {
        rejections: { unknownPath: notRpc, wrongMethod: notRpc, badBody: notRpc, tooLarge: { status: 413, message: 'request entity too large' }, internal: { status: 500, message: '' } },
        bodyLimitBytes: MAX_BODY_BYTES,
        // A failure of our own is the JSON-RPC "upstream" error, as a provider answers.
        errorReply: ({ status, message }) => (status === 500 ? json(500, refuse.upstream(null)) : text(status, message)),
        onUnexpectedError: (error, req) =>
          options.log.warn(`answering ${req.method} ${req.url} failed: ${error instanceof Error ? error.message : String(error)}`),
      },
    ),
    { port: options.port, host: options.host ?? '0.0.0.0' },
  );
  return {
    port: server.port,
    stats: () => ({ ...stats, byMethod: { ...stats.byMethod }, refused: { ...stats.refused }, peakPerSecond: meter.peakPerSecond, peakPer10Seconds: meter.peakPer10Seconds }),
    close: async () => {
      await server.close();
      await pool.close();
    },
  };
}

function idOf(call: unknown): JsonRpcId {
  const id = (call as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
