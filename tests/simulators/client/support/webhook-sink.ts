// A minimal webhook receiver for the client's notifications: answers 200 at once and keeps every JSON payload, and
// emits 'received' so that waits can wake up immediately.
import { EventEmitter } from 'node:events';
import { empty } from '../../../../lib/http/reply';
import { createRouter, PLAIN_REJECTIONS, type RouteContext } from '../../../../lib/http/router';
import { startHttpServer } from '../../../../lib/http/serve';

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
  const receive = {
    method: 'ANY',
    path: '*',
    handler: async ({ json }: RouteContext) => {
      payloads.push((await json()) as Record<string, unknown>);
      events.emit('received');
      return empty(200);
    },
  };
  const server = await startHttpServer(createRouter([receive], { rejections: PLAIN_REJECTIONS }), {
    host: '127.0.0.1',
  });
  return {
    url: `${server.url}/webhook`,
    payloads,
    events,
    clear: () => void payloads.splice(0),
    close: () => server.close(),
  };
}
