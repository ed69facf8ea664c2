// Starts a simulated Nightfall client: store, keys, L1 access, the block listener, the queue worker and the HTTP API.
// Used by main.ts in the container and in-process by tests.
import type { ClientPlantedBug } from './planted-bug';
import type { ClientPlantedLeak } from './planted-leak';
import { openChainWake } from '../../lib/chain-wake';
import { feeTokenId } from '../../lib/crypto/commitment';
import { readAddressesFile } from '../../lib/addresses';
import { createLogger, type Logger, type LoggerOptions } from '../../lib/env-logger';
import type { ClientSettings } from '../../lib/settings';
import { buildProfile } from './build-profile';
import { L1 } from './chain/l1';
import { LogTarget, type ClientContext, type Quirks } from './context';
import { clientRoutes } from './http/routes';
import { startHttpServer } from './http/server';
import { KeyHolder } from './keys/key-holder';
import { BlockListener } from './listener/block-listener';
import { startConnectionAliveTask } from './chain/connection-alive';
import { REALISTIC_QUIRKS } from './quirk-settings';
import { createWebhookNotifier } from './notify/webhook';
import { RequestQueue } from './queue/request-queue';
import { QueueWorker } from './queue/worker';
import { ClientStore } from './store/store';

export interface StartClientOptions {
  /** Listening port; 0 = any free port. Defaults to settings.port (3000). */
  readonly port?: number;
  /** Listening address; defaults to 0.0.0.0 (in a container). */
  readonly host?: string;
  readonly quirks?: Partial<Quirks>;
  readonly plantedLeak?: ClientPlantedLeak;
  readonly plantedBug?: ClientPlantedBug;
  /** Where log lines go (default stdout); tests capture them here. */
  readonly logWrite?: LoggerOptions['write'];
}

export interface RunningClient {
  /** Base URL of the HTTP API, e.g. http://127.0.0.1:3000. */
  readonly url: string;
  close(): Promise<void>;
}

export async function startClient(settings: ClientSettings, options: StartClientOptions = {}): Promise<RunningClient> {
  const loggers = new Map<string, Logger>();
  const log = (target: string): Logger => {
    let logger = loggers.get(target);
    if (!logger) {
      logger = createLogger(target, {
        rustLog: settings.rustLog,
        ...(options.logWrite ? { write: options.logWrite } : {}),
      });
      loggers.set(target, logger);
    }
    return logger;
  };

  logSettingsRead(settings, log);
  const addresses = await readAddressesFile(settings.addressesFile);
  const store = await ClientStore.open(settings.dataDir);
  // Requests are dropped at every start (commitments and request mappings are kept), as in the real client, and the
  // listener replays every block from the genesis block whatever was processed before.
  await store.dropRequests();
  const lastProcessed = store.lastProcessedBlock();
  log(LogTarget.main).info(
    `Store at ${settings.dataDir}: ${store.commitments().length} commitment(s), ` +
      `L2 blocks processed before: ${lastProcessed === undefined ? 'none' : `0..${lastProcessed}`}; replaying from L1 block ${settings.genesisBlock}`,
  );
  // Subscribed before the listener's first read, so that no BlockProposed falls between its replay and the stream.
  const println = options.logWrite ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const profile = buildProfile(settings.build);
  const alive = profile.connectionAliveLines
    ? startConnectionAliveTask(println, log('lib::initialisation'))
    : undefined;
  const wake = await openChainWake(
    settings.ethereumClientUrl,
    { kind: 'logs', address: addresses.nightfall },
    {
      onError: (message) =>
        log(LogTarget.listener).warn(`Event subscription failed, polling for logs instead: ${message}`),
    },
  );
  const listener = new BlockListener(settings.genesisBlock, wake);
  const webhookUrl = settings.webhookUrl;
  const ctx: ClientContext = {
    profile,
    quirks: { ...REALISTIC_QUIRKS, ...options.quirks },
    ...(options.plantedLeak ? { plantedLeak: options.plantedLeak } : {}),
    ...(options.plantedBug ? { plantedBug: options.plantedBug } : {}),
    store,
    keys: await KeyHolder.random(),
    queue: new RequestQueue(settings.maxQueueSize),
    l1: new L1({
      rpcUrl: settings.rpcUrl,
      chainId: settings.chainId,
      signingKey: settings.signingKey,
      addresses,
      gasLimits: profile.gasLimits,
      tokenInfoShape: profile.tokenInfoReturns,
    }),
    notifier: createWebhookNotifier(webhookUrl ?? '', log(LogTarget.publisher)),
    webhookUrl,
    feeTokenId: feeTokenId(addresses.nightfall),
    sync: listener,
    log,
    println,
  };

  listener.start(ctx);
  const worker = new QueueWorker(ctx);
  worker.start();
  const server = await startHttpServer(clientRoutes(ctx), {
    port: options.port ?? settings.port,
    ...(options.host ? { host: options.host } : {}),
    log: log(LogTarget.restRejections),
  });
  log(LogTarget.main).info(
    `Starting warp server and request queue (build ${settings.build}, client ${ctx.l1.address})`,
  );

  return {
    url: server.url,
    async close() {
      // Persist first: everything the API has shown is on disk before anything that may be slow to stop (a listener
      // mid-poll, a request mid-proof) can use up docker's grace period and be cut short by SIGKILL. The log lines
      // say, in the container's log the report attaches, how far a shutdown got.
      const main = log(LogTarget.main);
      main.info(`Shutting down: persisting the store (${store.commitments().length} commitment(s))`);
      await store.flush();
      await server.close();
      alive?.stop();
      // The worker drains its queue first (queue/worker.ts, on why), the listener running meanwhile as the real one does.
      await worker.stop();
      await listener.stop();
      await store.flush();
      main.info(`Shut down: store persisted (${store.commitments().length} commitment(s))`);
    },
  };
}

/**
 * The plume client prints every setting it read at trace level, its signing key in clear among them
 * (EYBlockchain/nightfall_4_CE @ plume_testnet_client 4e84c58 : configuration/src/settings.rs:135, the Settings struct
 * deriving Debug at :98-101); master 6ee83be no longer has the line. So a real client's log at RUST_LOG=trace holds the
 * key, and whoever captures it must redact it: the simulator prints it the same way (the fields it has, pretty-printed
 * as Rust's {:#?} does).
 */
function logSettingsRead(settings: ClientSettings, log: (target: string) => { trace(message: string): void }): void {
  if (settings.build !== 'plume') return;
  const fields: [string, string][] = [
    ['signing_key', JSON.stringify(settings.signingKey.reveal())],
    ['ethereum_client_url', JSON.stringify(settings.ethereumClientUrl)],
    ['genesis_block', settings.genesisBlock.toString()],
  ];
  log('configuration::settings').trace(
    `The settings values read were Settings {\n${fields.map(([name, value]) => `    ${name}: ${value},`).join('\n')}\n    ..\n}`,
  );
}
