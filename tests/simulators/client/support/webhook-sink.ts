// A minimal webhook receiver for the client's notifications: answers 200 at once and keeps every JSON payload, and
// emits 'received' so that waits can wake up immediately.
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WebhookSink {
  readonly url: string;
  /** Every payload received so far, in arrival order. */
  readonly payloads: readonly Record<string, unknown>[];
  /** Forgets what was received so far. */
  clear(): void;
  readonly events: EventEmitter;
  close(): Promise<void>;
}

export async function startWebhookSink(): Promise<WebhookSink> {
  const payloads: Record<string, unknown>[] = [];
  const events = new EventEmitter();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200).end();
      payloads.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      events.emit('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    payloads,
    events,
    clear: () => void payloads.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
