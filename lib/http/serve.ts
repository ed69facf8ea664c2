// Plumbing shared by the harness and the doubles (see lib/README.md); decides no verdict.
// Starts a node:http server and stops it for good: close() also ends kept-alive and hanging connections, so that a
// test's teardown never waits on a client.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ListenOptions {
  /** 0 (the default): a port the OS picks, without a window for another process to take it. */
  readonly port?: number;
  /** Default 0.0.0.0 (a container's published port); tests pass 127.0.0.1. */
  readonly host?: string;
}

export interface RunningHttpServer {
  readonly server: Server;
  readonly port: number;
  /** http://<host>:<port>, with 127.0.0.1 for a server on every interface. */
  readonly url: string;
  /** A property, not a method: teardowns pass it on detached (`afterAll(server.close)`). */
  readonly close: () => Promise<void>;
}

export async function startHttpServer(
  listener: RequestListener,
  { port = 0, host = '0.0.0.0' }: ListenOptions = {},
): Promise<RunningHttpServer> {
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    server,
    port: bound,
    url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${bound}`,
    // Closing twice is fine (a teardown that runs after an explicit close).
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) =>
          error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING' ? reject(error) : resolve(),
        );
        server.closeAllConnections();
      }),
  };
}
