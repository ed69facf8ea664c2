// Wires the event-delivery service together: the address book (links and their event monitors), the monitors feeding
// the event store and the dispatcher, and the API server. Used by main.ts in the container and directly by in-process
// tests. Nothing is synced until a user links a contract with a starting block, as on MultiBaas.
import { createPublicClient, defineChain, http, type Abi, type Address, type PublicClient } from 'viem';
import { startHttpServer } from '../../../lib/http/serve';
import { openChainWake } from '../../lib/chain-wake';
import { createLogger } from '../../lib/env-logger';
import { AddressBook, type ChainLookups } from './address-book';
import { apiRequestListener } from './api-routes';
import type { LibraryContract } from './contract-library';
import { DeliveryDispatcher } from './delivery-dispatcher';
import { EventMonitors } from './event-monitors';
import { EventStore } from './event-store';
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
  close(): Promise<void>;
}

export async function startEventService(
  settings: EventServiceSettings,
  options: StartOptions,
): Promise<RunningEventService> {
  const log = options.log ?? createLogger('event_service', { rustLog: settings.rustLog });
  const chain = defineChain({
    id: settings.chainId,
    name: 'nightfall-l1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  });
  const client: PublicClient = createPublicClient({ chain, transport: http(settings.rpcUrl) });

  const registry = new WebhookRegistry();
  const store = new EventStore(settings.listing.order);
  const book = new AddressBook(chainLookups(client));
  const dispatcher = new DeliveryDispatcher({
    registry,
    retry: settings.retry,
    afterDelete: settings.afterDelete,
    timeoutMs: settings.deliveryTimeoutMs,
    log,
  });
  const wake = await openChainWake(
    settings.ethereumClientUrl,
    { kind: 'newHeads' },
    {
      onError: (message) => log.warn(`New-heads subscription failed, polling instead: ${message}`),
    },
  );
  const monitors = new EventMonitors({
    client,
    book,
    store,
    pollMs: settings.pollMs,
    wake,
    onBlock: (block) => dispatcher.offer(block),
    log,
  });

  const server = await startHttpServer(
    apiRequestListener({
      registry,
      dispatcher,
      book,
      store,
      client,
      chainId: settings.chainId,
      apiKey: settings.apiKey,
      plan: settings.plan,
      pageCap: settings.listing.pageCap,
      log,
    }),
    { port: options.port, ...(options.host === undefined ? {} : { host: options.host }) },
  );
  const { port } = server;

  const stop = new AbortController();
  const following = monitors.run(stop.signal);
  log.info(
    `Event service listening on port ${port}; plan ${settings.plan}; retries ${settings.retry.retries} (${settings.retry.minMs}..${settings.retry.maxMs} ms); events ${settings.listing.order}, page cap ${settings.listing.pageCap ?? 'none'}; no contract linked yet`,
  );

  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      stop.abort();
      wake?.close();
      await Promise.all([server.close(), following, dispatcher.close()]);
    },
  };
}

/** The chain facts a link needs; `decimals()` is read where the contract's ABI has it (MultiBaas's decimalsFunction). */
function chainLookups(client: PublicClient): ChainLookups {
  return {
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    blockHash: async (blockNumber) => (await client.getBlock({ blockNumber })).hash,
    decimals: async (address: Address, contract: LibraryContract) => {
      const hasDecimals = contract.abi.some(
        (item) => item.type === 'function' && item.name === 'decimals' && item.inputs.length === 0,
      );
      if (!hasDecimals) return undefined;
      const abi = [
        { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
      ] as const satisfies Abi;
      return Number(await client.readContract({ address, abi, functionName: 'decimals' }));
    },
  };
}
