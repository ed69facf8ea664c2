// npm run devnet [-- --json]: a local devnet with two funded clients, for a person to use by hand. Prints what is
// needed to talk to it (URLs, chain id, the contract generation, contract and token addresses, which account funds)
// and how long it took to start; `--json` prints the same facts as one JSON line on stdout (progress goes to stderr).
// E2E_DEVNET=plume|head picks the generation of the Nightfall contracts and the build the two clients answer as (default
// plume; `E2E_DEVNET=plume,clientBuild=head` pairs them otherwise, fixtures/network/devnet-settings.ts); a pairing that cannot work (a head client on plume-era
// contracts) or a setting that does not parse is refused before anything starts: the refusal alone, exit 2, as
// `npm run e2e` does. Ctrl-C stops it all.
import { parseArgs } from 'node:util';
import { parseEther, parseUnits, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ensureDevnetImages } from '../docker/images';
import { chainClients, devnetTokens, Funder } from '../fixtures/chain';
import { judgePairing, type PairingVerdict } from '../fixtures/builds/pairing';
import { CONSOLE_LEVEL_ENV, createLogger } from '../fixtures/log';
import { isRunRefusal, NOT_STARTED_EXIT_CODE, refusedUnless } from '../fixtures/run/run-refusal';
import { readDevnetSettings, type DevnetSettings } from '../fixtures/network/devnet-settings';
import { startClientContainer, startDevnet, type ClientContainer, type Devnet } from '../fixtures/network';
import { eventServiceApiKeyCommand, formatCommand } from '../fixtures/network/event-service-container';
import { Secret } from '../fixtures/secrets/secret';

/** The real compose file's names for its two clients. */
const CLIENT_NAMES = ['client', 'client2'] as const;
const CLIENT_NATIVE = parseEther('100');
const CLIENT_TOKEN_UNITS = '1000';
const RECEIPT_TIMEOUT_MS = 30_000;
const SAME_SIGNAL_WINDOW_MS = 1_000;

const { values: args } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
// A person starting a devnet by hand watches it come up: info unless E2E_LOG_LEVEL says otherwise (log lines go to
// stderr, so `--json` keeps stdout to its one line).
process.env[CONSOLE_LEVEL_ENV] ??= 'info';
const logger = createLogger('devnet');
const { settings, pairing } = settingsOrExit();

let devnet: Devnet | undefined;
let stopping: Promise<void> | undefined;
let stopRequestedAt = 0;
// Container log streams do not keep node alive; this does, until a signal stops the devnet.
const keepAlive = setInterval(() => undefined, 1 << 30);

const startup = start();
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
startup.then(
  (facts) => console.log(args.json ? JSON.stringify(facts) : describe(facts)),
  (error: Error) => {
    logger.error(`devnet did not start: ${error.message}`);
    void shutdown('failure', 1);
  },
);

/** The devnet's settings and the pairing they name, or the process ends with the refusal alone (exit 2). */
function settingsOrExit(): { settings: DevnetSettings; pairing: PairingVerdict } {
  try {
    const read = refusedUnless(() => readDevnetSettings());
    return { settings: read, pairing: judgePairing(read.clientBuild, read.contracts) };
  } catch (error) {
    // A settings error names the setting and what it accepts; a refused pairing names the settings that fix it.
    if (!isRunRefusal(error)) throw error;
    console.error(error.message);
    process.exit(NOT_STARTED_EXIT_CODE);
  }
}

async function start() {
  const started = performance.now();
  const identities = CLIENT_NAMES.map((name) => {
    const key = new Secret<Hex>(generatePrivateKey());
    return { name, key, address: privateKeyToAccount(key.reveal()).address };
  });
  const { contracts, clientBuild } = settings;
  if (pairing.caveat) logger.warn(`${pairing.summary}: ${pairing.caveat}`);
  const images = await ensureDevnetImages({ log: (line) => logger.info(line) });
  devnet = await startDevnet({ images, contracts, allowlist: identities.map((identity) => identity.address), logger });
  const running = devnet;
  const [clients] = await Promise.all([
    Promise.all(
      identities.map(({ name, key }) =>
        startClientContainer({ devnet: running, name, signingKey: key, build: clientBuild }),
      ),
    ),
    fundClients(
      running,
      identities.map((identity) => identity.address),
    ),
  ]);
  return devnetFacts(running, clients, identities, performance.now() - started);
}

async function fundClients(running: Devnet, addresses: Address[]): Promise<void> {
  const { publicClient, walletClient } = chainClients(
    { rpcUrl: running.rpcUrl, chainId: running.chainId },
    running.funderKey,
  );
  const tokens = devnetTokens(running.deployment);
  const funder = new Funder({ publicClient, walletClient, tokens, receiptTimeoutMs: RECEIPT_TIMEOUT_MS, logger });
  await funder.fund(
    addresses.map((to) => ({
      to,
      native: CLIENT_NATIVE,
      tokens: Object.fromEntries(tokens.map((token) => [token.symbol, parseUnits(CLIENT_TOKEN_UNITS, token.decimals)])),
    })),
  );
}

function devnetFacts(running: Devnet, clients: ClientContainer[], identities: { address: Address }[], startMs: number) {
  const { deployment } = running;
  return {
    chainId: running.chainId,
    /** The generation of the Nightfall contracts (E2E_DEVNET's contracts). */
    contractGeneration: running.contracts,
    /** The build both clients answer as (E2E_DEVNET's clientBuild). */
    clientBuild: settings.clientBuild,
    blockTimeSeconds: running.blockTimeSeconds,
    startSeconds: Number((startMs / 1000).toFixed(1)),
    rpcUrl: running.rpcUrl,
    rpcUrlInNetwork: running.ethereumUrlInNetwork,
    proposer: { url: running.proposerUrl, registeredUrl: running.proposerUrlInNetwork },
    // The API key is a secret: printed is the command that reads it from the container, never the key.
    eventService: {
      url: `${running.eventService.url}/api/v0`,
      container: running.containers.eventService.getId().slice(0, 12),
      apiKeyCommand: formatCommand(eventServiceApiKeyCommand(running.containers.eventService.getId().slice(0, 12))),
    },
    clients: clients.map((client, i) => ({
      name: client.name,
      url: client.baseUrl,
      l1Address: identities[i]!.address,
    })),
    contracts: { nightfall: deployment.nightfall, roundRobin: deployment.roundRobin, x509: deployment.x509 },
    tokens: deployment.tokens,
    funder: { account: "anvil's well-known dev account 0", address: running.funderAddress },
    clientFunding: `${CLIENT_NATIVE / 10n ** 18n} ETH and ${CLIENT_TOKEN_UNITS} of each devnet ERC-20 each`,
    dockerNetwork: running.network,
  };
}

function describe(facts: ReturnType<typeof devnetFacts>): string {
  const row = (label: string, value: string) => `  ${label.padEnd(10)} ${value}`;
  return [
    `Nightfall devnet up in ${facts.startSeconds} s: chain id ${facts.chainId}, ${facts.blockTimeSeconds} s blocks, ` +
      `${facts.contractGeneration}-era contracts, ${facts.clientBuild} clients (E2E_DEVNET)`,
    row('L1', `${facts.rpcUrl}  (containers: ${facts.rpcUrlInNetwork})`),
    row('proposer', `${facts.proposer.url}  (registered on chain as ${facts.proposer.registeredUrl})`),
    row(
      'events',
      `${facts.eventService.url}  (contract-event webhooks, MultiBaas API; API key: ${facts.eventService.apiKeyCommand})`,
    ),
    ...facts.clients.map((client) => row(client.name, `${client.url}  L1 account ${client.l1Address}`)),
    row(
      'contracts',
      Object.entries(facts.contracts)
        .map(([name, address]) => `${name} ${address}`)
        .join('  '),
    ),
    row(
      'tokens',
      Object.entries(facts.tokens)
        .map(([name, address]) => `${name} ${address}`)
        .join('  '),
    ),
    row('funder', `${facts.funder.account} (${facts.funder.address}); clients got ${facts.clientFunding}`),
    row('network', `docker network ${facts.dockerNetwork}`),
    'Ctrl-C stops everything.',
  ].join('\n');
}

/**
 * Stops once, whatever asked first, after the start has settled (a start in progress is not abandoned half way).
 * One Ctrl-C arrives several times (from the terminal to the whole process group, and relayed by npm and tsx), so
 * only a signal well after the first one means "exit now" (what is left is removed as a leftover by the next start).
 */
function shutdown(reason: string, exitCode = 0): Promise<void> {
  if (stopping) {
    if (performance.now() - stopRequestedAt > SAME_SIGNAL_WINDOW_MS) {
      logger.warn(`${reason} again: exiting without waiting for the containers to stop`);
      process.exit(130);
    }
    return stopping;
  }
  stopRequestedAt = performance.now();
  logger.info(`${reason}: stopping the devnet`);
  stopping = startup
    .then(
      () => devnet?.stop(),
      () => devnet?.stop(),
    )
    .catch((error: Error) => logger.warn(`stopping: ${error.message}`))
    .finally(() => {
      clearInterval(keepAlive);
      process.exit(exitCode);
    });
  return stopping;
}
