import { createRouter, PLAIN_REJECTIONS, type RouteContext } from '../../../lib/http/router';
import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startRpcLimits, type RpcLimitsService } from './service';
import type { RpcLimitsSettings } from './settings';

// A node that answers every call: block 1,000 is the latest, each eth_getLogs block holds one log.
let node: Server;
let nodeCalls: { method: string; params: unknown }[];
let service: RpcLimitsService;
let clock: number;
const quiet = { info: () => undefined, warn: () => undefined };

async function start(limits: Partial<RpcLimitsSettings> = {}): Promise<void> {
  const address = node.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  service = await startRpcLimits(
    {
      upstreamUrl: `http://127.0.0.1:${port}/`,
      maxLogRange: 100,
      maxLogResults: 1_000,
      requestsPerSecond: 5,
      burst: 10,
      ...limits,
    },
    { port: 0, host: '127.0.0.1', log: quiet, now: () => clock },
  );
}

beforeEach(async () => {
  clock = 0;
  nodeCalls = [];
  // A JSON-RPC node double: the test's answers, on the harness's HTTP base (lib/http).
  const answerRpc = async ({ res, json }: RouteContext): Promise<void> => {
    const call = (await json()) as { id: number; method: string; params: [{ fromBlock: string; toBlock: string }] };
    nodeCalls.push({ method: call.method, params: call.params });
    let result: unknown = '0x1';
    if (call.method === 'eth_blockNumber') result = '0x3e8';
    if (call.method === 'eth_getLogs') {
      const [from, to] = [Number(call.params[0].fromBlock), Number(call.params[0].toBlock ?? '0x3e8')];
      result = Array.from({ length: to - from + 1 }, (_, i) => ({ blockNumber: `0x${(from + i).toString(16)}` }));
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
  };
  node = createServer(
    createRouter([{ method: 'ANY', path: '*', handler: async (ctx) => void (await answerRpc(ctx)) }], {
      rejections: PLAIN_REJECTIONS,
    }),
  );
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  await service?.close();
  await new Promise<void>((resolve) => node.close(() => resolve()));
});

/** One JSON-RPC reply; a batch answers with an array of them (`rpc<RpcReply[]>`). */
type RpcReply = { id?: number; result?: unknown; error?: { code: number; message: string } };

async function rpc<Body = RpcReply>(payload: unknown): Promise<{ status: number; body: Body }> {
  const { statusCode, body } = await request(`http://127.0.0.1:${service.port}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: statusCode, body: (await body.json()) as Body };
}
const call = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params });
const logs = (fromBlock: string, toBlock?: string) =>
  call('eth_getLogs', [{ fromBlock, ...(toBlock ? { toBlock } : {}) }]);

describe('the devnet limiting JSON-RPC endpoint', () => {
  it('passes ordinary calls and an eth_getLogs within the limits to the node, answers unchanged', async () => {
    await start();
    expect(await rpc(call('eth_chainId', [], 7))).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 7, result: '0x1' },
    });
    const answer = await rpc(logs('0x1', '0x64'));
    expect(answer.status).toBe(200);
    expect(answer.body.result).toHaveLength(100);
    expect(nodeCalls.map((c) => c.method)).toEqual(['eth_chainId', 'eth_getLogs']);
    expect(service.stats()).toMatchObject({ forwarded: 2, refused: { range: 0, results: 0, rate: 0 } });
  });

  it('refuses an eth_getLogs over more blocks than the limit as a node does (reth: -32602), without asking the node', async () => {
    await start();
    expect(await rpc(logs('0x1', '0x65'))).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'query exceeds max block range 100' } },
    });
    expect(nodeCalls).toEqual([]);
  });

  it('counts an open end and block 0 as they are: from 0 (earliest) to the latest block is the whole chain', async () => {
    await start();
    expect((await rpc(logs('earliest'))).body.error).toEqual({
      code: -32602,
      message: 'query exceeds max block range 100',
    });
    expect((await rpc(logs('0x384'))).body.error).toEqual({
      code: -32602,
      message: 'query exceeds max block range 100',
    }); // 900..1000
    expect((await rpc(logs('0x385'))).body.result).toHaveLength(100); // 901..1000
  });

  it('refuses an answer of more logs than the limit as Infura does (-32005)', async () => {
    await start({ maxLogResults: 20 });
    expect((await rpc(logs('0x1', '0x15'))).body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32005, message: 'query returned more than 20 results' },
    });
    expect((await rpc(logs('0x1', '0x14'))).body.result).toHaveLength(20);
  });

  it("answers a burst beyond the bucket with HTTP 429 and Infura's body, then serves again at the rate", async () => {
    await start({ requestsPerSecond: 5, burst: 10 });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await rpc(call('eth_blockNumber', [], i)));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers[10]).toEqual({
      status: 429,
      body: {
        jsonrpc: '2.0',
        id: 10,
        error: {
          code: -32005,
          message: 'project ID request rate exceeded',
          data: {
            see: 'https://infura.io/docs/ethereum/jsonrpc/ratelimits',
            current_rps: 11,
            allowed_rps: 5,
            backoff_seconds: 0.2,
          },
        },
      },
    });
    clock += 200; // one token back at 5 per second
    expect((await rpc(call('eth_blockNumber'))).status).toBe(200);
    expect((await rpc(call('eth_blockNumber'))).status).toBe(429);
    expect(service.stats()).toMatchObject({ refused: { rate: 3 }, peakPerSecond: 14 });
  });

  it('counts each call of a batch against the rate, and checks each call of it', async () => {
    await start({ burst: 3 });
    const batch = await rpc<RpcReply[]>([
      call('eth_chainId', [], 1),
      logs('0x1', '0x200'),
      call('eth_blockNumber', [], 3),
    ]);
    expect(batch.status).toBe(200);
    expect(batch.body.map((a) => [a.id, a.error?.code])).toEqual([
      [1, undefined],
      [1, -32602],
      [3, undefined],
    ]);
    const refused = await rpc<RpcReply[]>([call('eth_chainId', [], 4)]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual([
      expect.objectContaining({ id: 4, error: expect.objectContaining({ code: -32005 }) }),
    ]);
  });

  it("refuses methods a hosted endpoint does not serve: node control and signing with the node's keys", async () => {
    await start();
    for (const method of ['anvil_mine', 'evm_setAutomine', 'eth_sendTransaction', 'eth_signTypedData_v4']) {
      expect((await rpc(call(method))).body.error).toEqual({
        code: -32601,
        message: `the method ${method} does not exist/is not available`,
      });
    }
    expect(nodeCalls).toEqual([]);
    expect((await rpc(call('eth_sendRawTransaction', ['0x02']))).body.result).toBe('0x1');
  });
});

describe("a client's route under conditions", () => {
  const control = async (method: 'POST' | 'GET', body?: unknown) => {
    const { statusCode, body: answer } = await request(`http://127.0.0.1:${service.port}/v1/clients/alice/conditions`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return { status: statusCode, body: (await answer.json()) as { counts: Record<string, number> } };
  };
  const clientCall = async (payload: unknown) => {
    try {
      const { statusCode, body } = await request(`http://127.0.0.1:${service.port}/clients/alice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: statusCode, body: (await body.json()) as RpcReply };
    } catch (error) {
      return { cut: (error as Error).message };
    }
  };

  it("meets the client's calls on a bad day: a 429, a cut before the node, an answer lost after it, then a good answer", async () => {
    await start({ burst: 100 });
    const order = {
      badDay: {
        reads: { cycle: 4, rateLimitAt: 1, dropAt: 2, loseAnswerAt: 3 },
        sends: { cycle: 2, rateLimitAt: 1, loseAnswerAt: 2 },
        latency: { every: 100, ms: 1 },
      },
    };
    expect((await control('POST', order)).status).toBe(200);
    const answers = [];
    for (let id = 1; id <= 4; id++) answers.push(await clientCall(call('eth_blockNumber', [], id)));
    expect(answers[0]).toMatchObject({ status: 429, body: { id: 1, error: { code: -32005 } } });
    expect(answers[1]).toHaveProperty('cut');
    expect(answers[2]).toHaveProperty('cut');
    expect(answers[3]).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 4, result: '0x3e8' } });
    expect(nodeCalls.length, 'only the lost answer and the good one reached the node').toBe(2);
    expect((await control('GET')).body.counts).toMatchObject({
      requests: 4,
      rateLimited: 1,
      dropped: 1,
      answersLost: 1,
    });
    // The harness's route is not the client's: it meets none of it.
    expect((await rpc(call('eth_blockNumber'))).status).toBe(200);
  });

  it('refuses an order it cannot keep, saying which field', async () => {
    await start();
    const { statusCode, body } = await request(`http://127.0.0.1:${service.port}/v1/clients/alice/conditions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ network: { lossEvery: 1 } }),
    });
    expect(statusCode).toBe(400);
    expect(await body.text()).toContain('network.lossEvery');
  });
});
