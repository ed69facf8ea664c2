// An in-process devnet for the client simulator's tests: a real anvil (1 s blocks and the block gas limit of the
// devnet's L1), the contracts of one generation deployed with deployDevnet, the in-process proposer (fast batching),
// and fresh client identities that are funded,
// given stablecoins and certified (allowlisted) by the funder. Clients are started in-process with startClient, keep
// their log lines for assertions and come with the harness's typed client of their API (fixtures/api).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { erc1155Abi, erc3525Abi, erc721Abi, stablecoinAbi } from '../../../../docker/contracts/abi';
import { startClient, type RunningClient, type StartClientOptions } from '../../../../docker/client/src/client';
import { deployDevnet, type ContractGeneration, type DevnetDeployment } from '../../../../docker/deployer/deploy';
import { writeAddressesFile } from '../../../../docker/lib/addresses';
import { loadClientSettings, loadProposerSettings } from '../../../../docker/lib/settings';
import type { Log } from '../../../../docker/proposer/src/log';
import { startProposer, type RunningProposer } from '../../../../docker/proposer/src/proposer';
import { NightfallClient, type Exchange, type TokenRef } from '../../../../fixtures/api';
import { anvilDevSigner, DEPLOYER_ACCOUNT_INDEX, devnetDeployRoles } from '../../../../fixtures/network/dev-accounts';
import { ANVIL_L1_ARGUMENTS } from '../../../../fixtures/network/anvil';
import { ephemeralPort } from '../../../../fixtures/network/ephemeral-port';
import { startAnvil, type AnvilProcess } from '../../../support/anvil-process';
import { setProposerAssembly } from './raw-http';
import { startWebhookSink, type WebhookSink } from './webhook-sink';

/** Stablecoin units (6 decimals) each client identity starts with. */
const STARTING_STABLECOIN = 1_000_000_000n;

interface ClientIdentity {
  readonly key: Hex;
  readonly address: Address;
}

export interface TestClient extends RunningClient {
  readonly identity: ClientIdentity;
  readonly dataDir: string;
  /** Every log line the client wrote (never contains its signing key). */
  readonly logs: string[];
  /** The harness's typed client of this client's API (closed with it). */
  readonly api: NightfallClient;
  /** Every HTTP exchange `api` had, bodies redacted: for assertions on what went over the wire. */
  readonly exchanges: Exchange[];
  /** Where its notifications go, if it was given a sink. */
  readonly hooks: WebhookSink | undefined;
}

export interface TestClientOptions {
  readonly build?: 'plume' | 'head';
  /** Names the client in the typed client's errors ("alice: POST /v1/deposit answered …"). */
  readonly name?: string;
  /** Sends the client's notifications to this sink (see ClientDevnet.webhookSink). */
  readonly webhooks?: WebhookSink;
  /** Reuse a store directory (restart); a fresh one by default. */
  readonly dataDir?: string;
  readonly maxQueueSize?: number;
  readonly quirks?: StartClientOptions['quirks'];
  /**
   * The client's JSON-RPC endpoint instead of the devnet's anvil (e.g. a proxy that fails chosen calls); its
   * subscription for new logs stays on anvil's WebSocket.
   */
  readonly rpcUrl?: string;
}

export interface ClientDevnet {
  readonly rpcUrl: string;
  readonly deployment: DevnetDeployment;
  /** The devnet's stablecoin as request bodies name it. */
  readonly stablecoin: TokenRef;
  readonly publicClient: PublicClient;
  readonly proposer: RunningProposer;
  /** Every line the in-process proposer logged. */
  readonly proposerLogs: readonly string[];
  readonly identities: readonly ClientIdentity[];
  startTestClient(identity: ClientIdentity, options?: TestClientOptions): Promise<TestClient>;
  /** A webhook receiver for clients' notifications, closed with the devnet. */
  webhookSink(): Promise<WebhookSink>;
  /** Holds (and releases) the proposer's block assembly: submitted transactions stay unproposed meanwhile. */
  pauseProposer(): Promise<void>;
  resumeProposer(): Promise<void>;
  stablecoinBalance(owner: Address): Promise<bigint>;
  /** The funder (owner of the devnet tokens) mints NFT-style tokens to `to`. */
  mintErc721(to: Address, tokenId: bigint): Promise<void>;
  mintErc1155(to: Address, id: bigint, amount: bigint): Promise<void>;
  /** Returns the new ERC-3525 token id. */
  mintErc3525(to: Address, slot: bigint, value: bigint): Promise<bigint>;
  /** Sets an account's native coin balance (anvil_setBalance), e.g. below what a 500M-gas transaction reserves. */
  setNativeBalance(owner: Address, wei: bigint): Promise<void>;
  stop(): Promise<void>;
}

export interface ClientDevnetOptions {
  readonly clients: number;
  /** The generation of the Nightfall contracts to deploy (deployDevnet's default when absent). */
  readonly contracts?: ContractGeneration;
}

/** Quiet by default; CLIENT_SIM_PROPOSER_LOGS=1 prints the proposer's lines to stderr when diagnosing a test. */
/** The proposer's lines go to `lines` (for assertions on its refusals), and to stderr with CLIENT_SIM_PROPOSER_LOGS. */
function proposerLog(lines: string[]): Log {
  const echo = process.env.CLIENT_SIM_PROPOSER_LOGS !== undefined;
  const write = (m: string) => {
    lines.push(m);
    if (echo) process.stderr.write(`[proposer] ${m}\n`);
  };
  return { info: write, warn: write, error: write };
}

export async function startClientDevnet(options: ClientDevnetOptions): Promise<ClientDevnet> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const anvil: AnvilProcess = await startAnvil({ args: ['--block-time', '1', ...ANVIL_L1_ARGUMENTS] });
    cleanups.push(() => anvil.stop());
    const workDir = await mkdtemp(join(tmpdir(), 'nf4-client-sim-'));
    cleanups.push(() => rm(workDir, { recursive: true, force: true }));

    const identities: ClientIdentity[] = Array.from({ length: options.clients }, () => {
      const key = generatePrivateKey();
      return { key, address: privateKeyToAccount(key).address };
    });
    const proposerPort = await ephemeralPort('127.0.0.1');
    const roles = devnetDeployRoles(`http://127.0.0.1:${proposerPort}`);
    const deployment = await deployDevnet({
      rpcUrl: anvil.rpcUrl,
      ...roles,
      allowlist: identities.map((i) => i.address),
      ...(options.contracts ? { contracts: options.contracts } : {}),
    });
    const addressesFile = join(workDir, 'addresses.toml');
    await writeAddressesFile(addressesFile, deployment);

    const chain = defineChain({
      id: deployment.chainId,
      name: 'client-sim-devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    });
    const publicClient = createPublicClient({
      chain,
      transport: http(anvil.rpcUrl),
      pollingInterval: 100,
    }) as PublicClient;
    const funder = createWalletClient({
      chain,
      transport: http(anvil.rpcUrl),
      account: anvilDevSigner(DEPLOYER_ACCOUNT_INDEX),
    });
    let nonce = await publicClient.getTransactionCount({ address: funder.account.address, blockTag: 'pending' });
    const hashes: Hex[] = [];
    for (const identity of identities) {
      hashes.push(await funder.sendTransaction({ to: identity.address, value: parseEther('10'), nonce: nonce++ }));
      hashes.push(
        await funder.writeContract({
          address: deployment.tokens.stablecoin,
          abi: stablecoinAbi,
          functionName: 'mint',
          args: [identity.address, STARTING_STABLECOIN],
          nonce: nonce++,
          gas: 200_000n,
        }),
      );
    }
    for (const hash of hashes) {
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`funding transaction ${hash} reverted`);
    }

    const baseEnv = {
      NF4_ETHEREUM_CLIENT_URL: anvil.rpcUrl,
      NF4_NETWORK__CHAIN_ID: String(deployment.chainId),
      NF4_CONTRACTS__ADDRESSES_FILE: addressesFile,
      NF4_GENESIS_BLOCK: String(deployment.deployBlock),
      RUST_LOG: 'warn',
    };
    const proposerLines: string[] = [];
    const proposer = await startProposer(
      loadProposerSettings({
        ...baseEnv,
        NF4_SIGNING_KEY: roles.proposer.key,
        NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_MAX_WAIT_SECS: '2',
        NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_INITIAL_INTERVAL_SECS: '1',
      }),
      { port: proposerPort, host: '127.0.0.1', log: proposerLog(proposerLines) },
    );
    cleanups.push(() => proposer.close());

    let clientCount = 0;
    const startTestClient = async (identity: ClientIdentity, o: TestClientOptions = {}): Promise<TestClient> => {
      const index = clientCount++;
      const dataDir = o.dataDir ?? join(workDir, `client-${index}`);
      const settings = loadClientSettings({
        ...baseEnv,
        RUST_LOG: 'info',
        // The ws:// form, as the devnet's containers and real clients get: the listener is then woken by the node's
        // pushes, so a block lands and is taken under the counter's lock within milliseconds, as in the real client
        // (a polling listener would widen N16's race window to its poll interval).
        NF4_ETHEREUM_CLIENT_URL: anvil.rpcUrl.replace(/^http:/, 'ws:'),
        NF4_SIGNING_KEY: identity.key,
        NF4_NIGHTFALL_CLIENT__DB_URL: dataDir,
        NF4_NIGHTFALL_CLIENT__WEBHOOK_URL: o.webhooks?.url ?? '',
        NF4_SIM_CLIENT_BUILD: o.build ?? 'plume',
        ...(o.maxQueueSize ? { NF4_NIGHTFALL_CLIENT__MAX_QUEUE_SIZE: String(o.maxQueueSize) } : {}),
      });
      const logs: string[] = [];
      const client = await startClient(o.rpcUrl ? { ...settings, rpcUrl: o.rpcUrl } : settings, {
        port: 0,
        host: '127.0.0.1',
        logWrite: (line) => logs.push(line),
        ...(o.quirks ? { quirks: o.quirks } : {}),
      });
      const exchanges: Exchange[] = [];
      const api = new NightfallClient({
        baseUrl: client.url,
        name: o.name ?? `client-${index}`,
        onExchange: (e) => exchanges.push(e),
      });
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await api.close();
        await client.close();
      };
      cleanups.push(close);
      return { url: client.url, close, identity, dataDir, logs, api, exchanges, hooks: o.webhooks };
    };

    const webhookSink = async () => {
      const sink = await startWebhookSink();
      cleanups.push(() => sink.close());
      return sink;
    };

    const mined = async (hash: Hex) => {
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`funder transaction ${hash} reverted`);
    };
    const { erc721, erc1155, erc3525 } = deployment.tokens;

    return {
      rpcUrl: anvil.rpcUrl,
      proposerLogs: proposerLines,
      mintErc721: async (to, tokenId) =>
        mined(
          await funder.writeContract({ address: erc721, abi: erc721Abi, functionName: 'mint', args: [to, tokenId] }),
        ),
      mintErc1155: async (to, id, amount) =>
        mined(
          await funder.writeContract({
            address: erc1155,
            abi: erc1155Abi,
            functionName: 'mint',
            args: [to, id, amount],
          }),
        ),
      mintErc3525: async (to, slot, value) => {
        const { request, result } = await publicClient.simulateContract({
          account: funder.account,
          address: erc3525,
          abi: erc3525Abi,
          functionName: 'mint',
          args: [to, slot, value],
        });
        await mined(await funder.writeContract(request));
        return result;
      },
      deployment,
      stablecoin: { address: deployment.tokens.stablecoin, standard: 'ERC20' },
      publicClient,
      proposer,
      identities,
      startTestClient,
      webhookSink,
      pauseProposer: () => setProposerAssembly(proposer.url, 'pause'),
      resumeProposer: () => setProposerAssembly(proposer.url, 'resume'),
      setNativeBalance: async (owner, wei) => {
        await publicClient.request({ method: 'anvil_setBalance', params: [owner, `0x${wei.toString(16)}`] } as never);
      },
      stablecoinBalance: (owner) =>
        publicClient.readContract({
          address: deployment.tokens.stablecoin,
          abi: stablecoinAbi,
          functionName: 'balanceOf',
          args: [owner],
        }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
