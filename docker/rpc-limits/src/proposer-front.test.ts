import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startRpcLimits, type RpcLimitsService } from './service';

// A proposer double that accepts every transaction with the real proposer's 201 and remembers the bodies.
let proposer: Server;
let received: string[];
let service: RpcLimitsService;
const quiet = { info: () => undefined, warn: () => undefined };

const portOf = (server: Server): number => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

beforeEach(async () => {
  received = [];
  proposer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString());
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => proposer.listen(0, '127.0.0.1', resolve));
  service = await startRpcLimits(
    {
      upstreamUrl: 'http://127.0.0.1:1/',
      maxLogRange: 100,
      maxLogResults: 1_000,
      requestsPerSecond: 5,
      burst: 10,
      proposerUrl: `http://127.0.0.1:${portOf(proposer)}`,
    },
    { port: 0, host: '127.0.0.1', log: quiet },
  );
});

afterEach(async () => {
  await service.close();
  await new Promise<void>((resolve) => proposer.close(() => resolve()));
});

const base = () => `http://127.0.0.1:${service.port}`;
const postTransaction = async (body: string) => {
  const { statusCode, body: answer } = await request(`${base()}/v1/transaction`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await answer.text();
  return statusCode;
};
// `localhost` resolves to the test's own address, so the front takes the test for the client of that name.
const steer = async (method: 'GET' | 'POST', body?: unknown) => {
  const { statusCode, body: answer } = await request(`${base()}/v1/clients/localhost/proposer-conditions`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return {
    status: statusCode,
    state: statusCode === 200 ? (JSON.parse(text) as { counts: { requests: number; lost: number } }) : text,
  };
};

describe('the proposer front', () => {
  it("passes a client's transaction on to the proposer and relays its answer", async () => {
    expect(await postTransaction('{"fee":"0x1"}')).toBe(201);
    expect(received).toEqual(['{"fee":"0x1"}']);
  });

  it("applies the sender's proposer conditions: every second request lost, its connection cut", async () => {
    expect((await steer('POST', { network: { lossEvery: 2 } })).status).toBe(200);
    expect(await postTransaction('{"n":1}')).toBe(201);
    await expect(postTransaction('{"n":2}')).rejects.toThrow();
    expect(received).toEqual(['{"n":1}']);
    expect((await steer('GET')).state).toMatchObject({ counts: { requests: 2, lost: 1 } });
  });

  it('refuses a bad day on the link to the proposer: only a poor network applies there', async () => {
    expect((await steer('POST', { badDay: {} })).status).toBe(400);
  });
});
