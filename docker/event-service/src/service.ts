// Wires the event-delivery service together: the contracts from addresses.toml and the token env, the log follower
// feeding the dispatcher, and the API server. Used by main.ts in the container and directly by in-process tests.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, defineChain, http, type PublicClient } from 'viem';
import { readAddressesFile } from '../../lib/addresses';
import { createLogger } from '../../lib/env-logger';
import { apiRequestListener } from './api-routes';
import { ContractCatalog } from './contract-catalog';
import { DeliveryDispatcher } from './delivery-dispatcher';
import { LogFollower } from './log-follower';
import type { Log } from './log';
import type { EventServiceSettings } from './settings';
import { WebhookRegistry } from './webhook-registry';

export interface StartOptions {
  port: number;
  /** Interface to listen on; all interfaces by default (the container's port is published by docker). */
  host?: string;
  log?: Log;
}

export interface RunningEventService {
  url: string;
  /** The next L1 block the service will read: all events before it have been offered to the endpoints. */
  nextBlock(): bigint;
  close(): Promise<void>;
}

export async function startEventService(settings: EventServiceSettings, options: StartOptions): Promise<RunningEventService> {
  const log = options.log ?? createLogger('event_service', { rustLog: settings.rustLog });
  const addresses = await readAddressesFile(settings.addressesFile);
  const catalog = ContractCatalog.forDevnet(addresses, settings.tokens);
  const chain = defineChain({
    id: settings.chainId,
    name: 'nightfall-l1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  });
  const client: PublicClient = createPublicClient({ chain, transport: http(settings.rpcUrl) });

  const registry = new WebhookRegistry();
  const dispatcher = new DeliveryDispatcher({ registry, retry: settings.retry, timeoutMs: settings.deliveryTimeoutMs, log });
  const follower = new LogFollower({
    client,
    catalog,
    startBlock: settings.startBlock,
    pollMs: settings.pollMs,
    onBlock: (block) => dispatcher.offer(block),
    log,
  });

  const server = createServer(apiRequestListener({ registry, dispatcher, apiKey: settings.apiKey, log }));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const stop = new AbortController();
  const following = follower.run(stop.signal);
  log.info(
    `Event service listening on port ${port}; watching ${catalog.addresses.length} contracts from L1 block ` +
      `${settings.startBlock}; retries ${settings.retry.retries} (${settings.retry.minMs}..${settings.retry.maxMs} ms)`,
  );

  return {
    url: `http://127.0.0.1:${port}`,
    nextBlock: () => follower.nextBlock,
    close: async () => {
      stop.abort();
      server.closeAllConnections();
      await Promise.all([new Promise((resolve) => server.close(resolve)), following, dispatcher.close()]);
    },
  };
}
