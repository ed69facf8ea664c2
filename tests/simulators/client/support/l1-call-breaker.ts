// Test support: a JSON-RPC endpoint in front of the devnet's anvil that forwards every call, except the next one(s)
// a test chose to break, which it answers with a JSON-RPC error as a hosted provider would (a refusal, a limit). It
// records each call's method, so a test can say what the client sent.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { z } from 'zod';

const Call = z.object({
  id: z.union([z.number(), z.string()]),
  method: z.string(),
  params: z.array(z.unknown()).optional(),
});
type Call = z.infer<typeof Call>;

interface Breaker {
  readonly matches: (call: Call) => boolean;
  readonly message: string;
  remaining: number;
}

interface Delay {
  readonly matches: (call: Call) => boolean;
  readonly ms: number;
  remaining: number;
}

export interface L1CallBreaker {
  readonly url: string;
  /** Every call received, in order. */
  readonly calls: readonly Call[];
  /** Answers the next `times` calls that `matches` with the JSON-RPC error -32000 `message` instead of forwarding. */
  breakNext(matches: (call: Call) => boolean, message: string, times?: number): void;
  /** Forwards the next `times` calls that `matches` only after `ms`, as a slow node answers. */
  delayNext(matches: (call: Call) => boolean, ms: number, times?: number): void;
  /** How many of the chosen calls are still to be broken. */
  pending(): number;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startL1CallBreaker(upstream: string): Promise<L1CallBreaker> {
  const calls: Call[] = [];
  const breakers: Breaker[] = [];
  const delays: Delay[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const call = Call.parse(JSON.parse(body)); // viem's http transport sends one call per request
      calls.push(call);
      const breaker = breakers.find((b) => b.remaining > 0 && b.matches(call));
      let answer: string;
      if (breaker) {
        breaker.remaining -= 1;
        answer = JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32000, message: breaker.message } });
      } else {
        const delay = delays.find((d) => d.remaining > 0 && d.matches(call));
        if (delay) {
          delay.remaining -= 1;
          await new Promise((resolve) => setTimeout(resolve, delay.ms));
        }
        const forwarded = await request(upstream, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
        });
        answer = await forwarded.body.text();
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    })().catch((error: unknown) => res.writeHead(502).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    breakNext: (matches, message, times = 1) => void breakers.push({ matches, message, remaining: times }),
    delayNext: (matches, ms, times = 1) => void delays.push({ matches, ms, remaining: times }),
    pending: () => breakers.reduce((sum, b) => sum + b.remaining, 0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
