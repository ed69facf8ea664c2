// A client's own route on the limiting endpoint (docker/rpc-limits, /clients/<name>) in front of the real anvil, and
// the faults a scenario arms on it: the next call of a method refused with a 429 or cut, by selector for an eth_call;
// pushes over the relayed WebSocket delivered, held back by a lag, or cut; one client's faults never touch another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { createPublicClient, createTestClient, http, toFunctionSelector, webSocket } from 'viem';
import { foundry } from 'viem/chains';
import { startRpcLimits, type RpcLimitsService } from '../../docker/rpc-limits/src/service';
import { startAnvil, type AnvilProcess } from '../support/anvil-process';

/** Bound of a wait that a push must end. */
const PUSH_BOUND_MS = 20_000;
const LAYER2_BLOCK_NUMBER = toFunctionSelector('layer2_block_number()');
const quiet = { info: () => undefined, warn: () => undefined };

let anvil: AnvilProcess;
let limits: RpcLimitsService;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  limits = await startRpcLimits(
    { upstreamUrl: anvil.rpcUrl, maxLogRange: 100, maxLogResults: 10_000, requestsPerSecond: 1_000, burst: 1_000 },
    { port: 0, host: '127.0.0.1', log: quiet },
  );
});

afterAll(async () => {
  for (const close of closers) await close();
  await limits?.close();
  await anvil?.stop();
});

const base = () => `http://127.0.0.1:${limits.port}`;
const route = (client: string) => `${base()}/clients/${client}`;
const mine = () =>
  createTestClient({ mode: 'anvil', chain: foundry, transport: http(anvil.rpcUrl) }).mine({ blocks: 1 });

async function control(
  client: string,
  path: 'faults' | 'lag',
  body: unknown,
): Promise<{ status: number; text: string }> {
  const { statusCode, body: answer } = await request(`${base()}/v1/clients/${client}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: statusCode, text: await answer.text() };
}

async function rpc(
  client: string,
  method: string,
  params: unknown[] = [],
): Promise<{ status: number; body: { result?: unknown; error?: { code: number; message: string } } }> {
  const { statusCode, body } = await request(route(client), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: statusCode, body: (await body.json()) as { result?: unknown } };
}

const callWith = (selector: string) => [
  { to: '0x0000000000000000000000000000000000000001', data: `${selector}` },
  'latest',
];

/** Subscribes to new heads through `client`'s route; resolves each push's arrival time, or the socket's failure. */
async function subscribeHeads(client: string) {
  const { transport } = createPublicClient({
    transport: webSocket(route(client).replace(/^http/, 'ws'), { reconnect: false }),
  });
  const pushes: number[] = [];
  const failures: string[] = [];
  let notify: (() => void) | undefined;
  await transport.subscribe({
    params: ['newHeads'],
    onData: () => {
      pushes.push(Date.now());
      notify?.();
    },
    onError: (error: Error) => {
      failures.push(error.message);
      notify?.();
    },
  });
  // Closing the socket ends the subscription; an unsubscribe would wait for an answer a cut socket never gives.
  closers.push(async () => (await transport.getRpcClient()).close());
  /** Resolves once there are `count` pushes or a failure, or after the bound. */
  const settled = (count: number) =>
    new Promise<void>((resolve) => {
      const bound = setTimeout(resolve, PUSH_BOUND_MS);
      notify = () => {
        if (pushes.length >= count || failures.length > 0) {
          clearTimeout(bound);
          resolve();
        }
      };
      notify();
    });
  return { pushes, failures, settled };
}

describe("a client's own L1 route and its faults", () => {
  it("refuses the client's next eth_call to the armed selector with a provider's 429, once; other calls pass", async () => {
    expect(
      (await control('alice', 'faults', { action: 'refuse', method: 'eth_call', selector: LAYER2_BLOCK_NUMBER }))
        .status,
    ).toBe(200);
    const other = await rpc('alice', 'eth_call', callWith(toFunctionSelector('get_proposers()')));
    const refused = await rpc('alice', 'eth_call', callWith(LAYER2_BLOCK_NUMBER));
    const again = await rpc('alice', 'eth_call', callWith(LAYER2_BLOCK_NUMBER));
    expect([other.status, refused.status, again.status]).toEqual([200, 429, 200]);
    expect(refused.body.error).toMatchObject({ code: -32005, message: 'project ID request rate exceeded' });
    expect(limits.clientFaults('alice').fired).toEqual([
      expect.objectContaining({ action: 'refuse', method: 'eth_call', selector: LAYER2_BLOCK_NUMBER }),
    ]);
  });

  it("cuts the connection of the client's next call of the armed method, forwarding nothing; the one after passes", async () => {
    await control('carol', 'faults', { action: 'cut', method: 'eth_getTransactionByHash' });
    const hash = `0x${'ab'.repeat(32)}`;
    await expect(rpc('carol', 'eth_getTransactionByHash', [hash])).rejects.toThrow(/other side closed|socket/i);
    expect(await rpc('carol', 'eth_getTransactionByHash', [hash])).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 1, result: null },
    });
  });

  it("arms a fault against one client only: another client's same call passes", async () => {
    await control('dave', 'faults', { action: 'refuse', method: 'eth_blockNumber' });
    expect((await rpc('erin', 'eth_blockNumber')).status).toBe(200);
    expect((await rpc('dave', 'eth_blockNumber')).status).toBe(429);
  });

  it('serves a client an eth_getLogs over more blocks than the harness may ask (no range cap on a client route)', async () => {
    await createTestClient({ mode: 'anvil', chain: foundry, transport: http(anvil.rpcUrl) }).mine({ blocks: 150 });
    expect((await rpc('frank', 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }])).body.result).toEqual([]);
    const { statusCode, body } = await request(`${base()}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getLogs',
        params: [{ fromBlock: '0x0', toBlock: 'latest' }],
      }),
    });
    expect([statusCode, ((await body.json()) as { error?: { code: number } }).error?.code]).toEqual([200, -32602]);
  });

  it("relays the client's WebSocket to the node: a new head is pushed through", async () => {
    const heads = await subscribeHeads('grace');
    await mine();
    await heads.settled(1);
    expect({ pushes: heads.pushes.length, failures: heads.failures }).toEqual({ pushes: 1, failures: [] });
  });

  it("holds the client's pushes for the lag: a head mined now reaches it no sooner than the lag", async () => {
    const heads = await subscribeHeads('heidi');
    expect((await control('heidi', 'lag', { seconds: 2 })).status).toBe(200);
    const minedAt = Date.now();
    await mine();
    await heads.settled(1);
    expect(heads.failures).toEqual([]);
    expect(heads.pushes[0]! - minedAt, 'held at least the lag').toBeGreaterThanOrEqual(2_000);
  });

  it("cuts the client's socket at the node's next push when eth_subscription is armed to be cut", async () => {
    const heads = await subscribeHeads('ivan');
    await control('ivan', 'faults', { action: 'cut', method: 'eth_subscription' });
    await mine();
    await heads.settled(1);
    expect({ pushes: heads.pushes.length, failed: heads.failures.length > 0 }).toEqual({ pushes: 0, failed: true });
  });

  it('refuses a fault it cannot arm, saying why, and a route name that is not a client name', async () => {
    expect(await control('judy', 'faults', { action: 'refuse', method: 'eth_call', selector: '0x1234' })).toEqual({
      status: 400,
      text: 'selector: a 4-byte selector, 0x and 8 hex digits',
    });
    expect((await control('Not_A_Name', 'lag', { seconds: 1 })).status).toBe(404);
  });
});
