// Wires the simulated proposer together: L1 clients from the settings, the log watcher feeding the mempool, the block
// assembly loop that queues blocks, the finality checker that proposes them once the last rotation is final (and loses
// a block whose propose_block fails, as upstream) and the REST server. Used by main.ts in the container and directly
// by in-process tests.
import { createPublicClient, createWalletClient, defineChain, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { openChainWake } from '../../lib/chain-wake';
import { feeTokenId } from '../../lib/crypto/commitment';
import type { Block, OnChainTransaction } from '../../lib/block-codec';
import { readAddressesFile } from '../../lib/addresses';
import { createLogger } from '../../lib/env-logger';
import { createRouter } from '../../../lib/http/router';
import { startHttpServer } from '../../../lib/http/serve';
import { PROPOSER_REJECTIONS } from '../../lib/warp';
import type { ProposerSettings } from '../../lib/settings';
import { runAssemblyLoop } from './assembly-loop';
import { AssemblyStatus } from './assembly-status';
import { BlockAssembler } from './block-assembler';
import { BlockSubmitter } from './block-submitter';
import { ChainReader } from './chain';
import { runFinalityChecker } from './finality-checker';
import { decodeEscrowEvent, type EscrowEvent } from './deposit-decoder';
import type { Log } from './log';
import { Mempool } from './mempool';
import { NightfallLogWatcher } from './nightfall-log-watcher';
import { PendingBlocks } from './pending-blocks';
import { proposerRoutes } from './routes';
import type { BlockAssemblySettings } from './trigger';

/** How often the watcher asks the node for new Nightfall events when no WebSocket subscription tells it. */
const LOG_POLL_MS = 300;
/** viem's receipt polling; its 4 s default would add seconds to every block on a devnet. */
const RPC_POLLING_MS = 250;

export interface StartOptions {
  port: number;
  /** Interface to listen on; all interfaces by default (the container's port is published by docker). */
  host?: string;
  log?: Log;
  /** Where upstream's println! lines go (stdout in the container). */
  println?: (line: string) => void;
  /** For in-process tests only: a shorter finality checker pass interval and poll than upstream's 5 s and 2 s. */
  finalityTimings?: { intervalMs: number; pollMs: number };
}

interface ProposerStats {
  pendingDeposits: number;
  pendingClientTransactions: number;
  /** Assembled blocks waiting for the finality checker. */
  pendingBlocks: number;
  /** How many times the trigger has looked at the mempool: lets a caller see time pass in the proposer's terms. */
  triggerChecks: number;
}

export interface RunningProposer {
  url: string;
  stats(): ProposerStats;
  close(): Promise<void>;
}

export async function startProposer(settings: ProposerSettings, options: StartOptions): Promise<RunningProposer> {
  const log = options.log ?? createLogger('nightfall_proposer', { rustLog: settings.rustLog });
  const addresses = await readAddressesFile(settings.addressesFile);
  const chain = defineChain({
    id: settings.chainId,
    name: 'nightfall-l1',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [settings.rpcUrl] } },
  });
  const transport = http(settings.rpcUrl);
  const publicClient: PublicClient = createPublicClient({ chain, transport, pollingInterval: RPC_POLLING_MS });
  const account = privateKeyToAccount(settings.signingKey.reveal());
  const walletClient = createWalletClient({ account, chain, transport });

  const reader = new ChainReader(publicClient, addresses);
  const mempool = new Mempool<OnChainTransaction>();
  const status = new AssemblyStatus();
  const feeId = feeTokenId(addresses.nightfall);

  const wake = await openChainWake(
    settings.ethereumClientUrl,
    { kind: 'logs', address: addresses.nightfall },
    {
      onError: (message) => log.warn(`Nightfall event subscription failed, polling for logs instead: ${message}`),
    },
  );
  const watcher = new NightfallLogWatcher({
    client: publicClient,
    nightfall: addresses.nightfall,
    genesisBlock: settings.genesisBlock,
    pollMs: LOG_POLL_MS,
    wake,
    log,
    onDepositEscrowed: (event) => admitDeposit(event),
  });

  async function admitDeposit(event: EscrowEvent): Promise<void> {
    log.info(
      `Proposer: Decoded DepositEscrowed event from transaction ${event.transactionHash}, Deposit Transaction with ` +
        `nf_slot_id ${event.nfSlotId}, value ${event.value}, is now on-chain`,
    );
    const decoded = await decodeEscrowEvent({ client: publicClient, chain: reader, feeTokenId: feeId }, event);
    if (decoded.outcome === 'skipped') log.warn(`Ignoring deposit in ${event.transactionHash}: ${decoded.reason}`);
    if (decoded.outcome === 'pending' && mempool.addDeposit(decoded.deposit)) {
      log.info('Deposit Transaction is valid, storing in database');
    }
  }

  const assemblySettings: BlockAssemblySettings = {
    initialIntervalSecs: settings.blockAssemblyInitialIntervalSecs,
    maxWaitSecs: settings.blockAssemblyMaxWaitSecs,
    targetFillRatio: settings.blockAssemblyTargetFillRatio,
    blockSize: settings.blockSize,
  };
  let triggerChecks = 0;
  const assembler = new BlockAssembler({ mempool, chain: reader, blockSize: settings.blockSize, log });
  const pending = new PendingBlocks<Block>();

  const server = await startHttpServer(
    createRouter(
      proposerRoutes({
        mempool,
        chain: reader,
        status,
        processedL2Blocks: () => watcher.processedL2Blocks,
        isSynchronised: () => watcher.caughtUp,
        log,
      }),
      {
        rejections: PROPOSER_REJECTIONS,
        onUnexpectedError: (error, req) => log.error(`${req.method} ${req.url} failed: ${String(error)}`),
      },
    ),
    { port: options.port, ...(options.host === undefined ? {} : { host: options.host }) },
  );
  const { port } = server;

  const stop = new AbortController();
  const running = [
    watcher.run(stop.signal),
    runAssemblyLoop(
      {
        settings: assemblySettings,
        status,
        pendingCounts: () => mempool.counts(),
        onCheck: () => void triggerChecks++,
        isSynchronised: () => watcher.caughtUp,
        chain: reader,
        proposerAddress: account.address,
        assembler,
        pending,
        log,
      },
      stop.signal,
    ),
    runFinalityChecker(
      {
        client: publicClient,
        registry: reader,
        pending,
        submitter: new BlockSubmitter(publicClient, walletClient, addresses.nightfall, log),
        log,
        println: options.println ?? ((line) => void process.stdout.write(`${line}\n`)),
        ...(options.finalityTimings ?? {}),
      },
      stop.signal,
    ),
  ];
  log.info(
    `Proposer ${account.address} listening on port ${port}; watching Nightfall ${addresses.nightfall} ` +
      `from L1 block ${settings.genesisBlock}`,
  );

  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => {
      const counts = mempool.counts();
      return {
        pendingDeposits: counts.deposits,
        pendingClientTransactions: counts.clientTransactions,
        pendingBlocks: pending.length,
        triggerChecks,
      };
    },
    close: async () => {
      stop.abort();
      wake?.close();
      await Promise.all([server.close(), ...running]);
    },
  };
}
