// A webhook endpoint for the event service's tests: it records every POST exactly as it arrived (raw bytes and
// headers) and answers with scripted statuses, so a test can check the signature over the bytes sent and make the
// service retry. It verifies nothing itself — the harness's receiver (fixtures/event-webhooks) does that. It listens
// where containers reach the host (host.docker.internal).
import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { empty } from '../../../lib/http/reply';
import { createRouter, PLAIN_REJECTIONS, type RouteContext } from '../../../lib/http/router';
import { startHttpServer } from '../../../lib/http/serve';
import { hostAddressForContainers } from '../../../fixtures/network';
import { waitFor, wakeOnEvent } from '../../../fixtures/waits';

export interface RecordedPost {
  readonly rawBody: Buffer;
  readonly headers: IncomingHttpHeaders;
  readonly status: number;
}

export interface RecordingReceiver {
  /** The URL the event service (in a container) posts to. */
  readonly url: string;
  readonly posts: readonly RecordedPost[];
  /** Waits (bounded) until the POSTs received so far satisfy `isDone`; returns them all. */
  postsUntil(
    what: string,
    isDone: (posts: readonly RecordedPost[]) => boolean,
    timeoutMs: number,
  ): Promise<readonly RecordedPost[]>;
  close(): Promise<void>;
}

/** `answers` are the statuses of the first POSTs in order; every later POST gets 200. */
export async function startRecordingReceiver(answers: readonly number[] = []): Promise<RecordingReceiver> {
  const posts: RecordedPost[] = [];
  const arrivals = new EventEmitter();
  const record = {
    method: 'ANY',
    path: '*',
    handler: async ({ req, body }: RouteContext) => {
      const rawBody = await body();
      const status = answers[posts.length] ?? 200;
      posts.push({ rawBody, headers: req.headers, status });
      arrivals.emit('post');
      return empty(status);
    },
  };
  // Deliveries of the largest blocks are megabytes: no limit that a test could trip over.
  const listener = createRouter([record], { rejections: PLAIN_REJECTIONS, bodyLimitBytes: Number.POSITIVE_INFINITY });
  const server = await startHttpServer(listener, { host: await hostAddressForContainers() });
  return {
    url: `http://host.docker.internal:${server.port}/contract-events`,
    posts,
    postsUntil: (what, isDone, timeoutMs) =>
      waitFor({
        what: `${what} at the recording receiver`,
        timeoutMs,
        probe: () => [...posts],
        isDone,
        describe: (seen) =>
          `${seen.length} POST(s), answered ${seen.map((post) => post.status).join(', ') || 'nothing'}`,
        diagnose: () =>
          'no POST arrived: is the webhook registered, and does the service watch the contract that emitted?',
        wakeOn: wakeOnEvent(arrivals, 'post'),
      }),
    close: () => server.close(),
  };
}
