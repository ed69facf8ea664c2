// Preflight against the devnet standing in for the live network (tests/testnet/devnet-as-testnet.ts): it passes on a
// well-configured profile, and each misconfiguration fails it alone, in seconds, with a message that names the problem
// and the fix — before any funds move. A real client image's configuration is refused by name before anything starts;
// the simulator, tagged under another name, stands in for a real image there.
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pRetry, { AbortError } from 'p-retry';
import { createPublicClient, http, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostAddressForContainers, startClientContainer, startDevnet, type Devnet } from '../../fixtures/network';
import { plumeAddressesToml } from '../../fixtures/network/addresses-file';
import { dockerEngine } from '../../fixtures/network/engine';
import {
  ClientNotCertified,
  formatPreflightReport,
  FunderTooPoor,
  GasAllowanceTooSmall,
  ImageMissing,
  preflight,
  PreflightFailed,
  ProposerNotRegistered,
  ProposerUnreachable,
  roundTripPlan,
  WrongChainId,
  type PreflightFailure,
} from '../../fixtures/testnet/preflight';
import { explorationPlan, type ExplorationShape } from '../../fixtures/testnet/preflight/exploration-cost';
import { redact, Secret } from '../../fixtures/secrets';
import { testnetProfileFrom, testnetTarget, type Target } from '../../fixtures/target';
import { writeStandInEnvFile } from '../../fixtures/faults/stand-in-profile';
import { allowlist, fundedFunders, STAND_IN_GAS_ALLOWANCE, standInSettingsOf } from './devnet-as-testnet';

/** Every call of preflight gives up after this; a whole preflight stays within a few of them. */
const CALL_TIMEOUT_MS = 2_000;
const PREFLIGHT_BOUND_MS = 4 * CALL_TIMEOUT_MS;
/** A passing preflight also starts one client (a few seconds for the simulator on a busy 2-core machine). */
const CLIENT_START_BOUND_MS = 30_000;

let devnet: Devnet;
let richFunder: Secret<Hex>;
let poorFunder: { key: Secret<Hex>; address: Address };
/** Allowlisted by the X509 owner: stands in for a pre-certified client key. */
const certified = privateKeyToAddress(generatePrivateKey());
/** Not certified, but a certificate is configured for it. */
const certifiable = privateKeyToAddress(generatePrivateKey());
const uncertified = privateKeyToAddress(generatePrivateKey());
const certificates = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'preflight-certs-'));
  const [certificate, privateKey] = [join(dir, 'client.crt.der'), join(dir, 'client.key.der')];
  writeFileSync(certificate, Buffer.from('308201', 'hex'));
  writeFileSync(privateKey, Buffer.from('308204', 'hex'));
  return { [certifiable]: { certificate, privateKey } };
})();

beforeAll(async () => {
  devnet = await startDevnet();
  const [rich, poor] = await fundedFunders(devnet, [
    // The round trip of both tokens needs 4 allowances (STAND_IN_GAS_ALLOWANCE) plus gas, 1 WGAS and 5 dUSD.
    { native: 4n * parseEther(STAND_IN_GAS_ALLOWANCE) + parseEther('1'), WGAS: '1', dUSD: '5' },
    { native: parseEther('0.05'), WGAS: '0.5', dUSD: '0' },
  ]);
  richFunder = rich!.key;
  poorFunder = poor!;
  await allowlist(devnet, [certified]);
});

afterAll(async () => {
  await devnet?.stop();
});

function standIn(overrides: Record<string, unknown> = {}, funder: Secret<Hex> = richFunder): Target {
  const env = standInSettingsOf(devnet, funder, { certificates: certificates, ...overrides });
  return testnetTarget(testnetProfileFrom(env));
}

/** Runs preflight with the run's clients; returns its failures (none when it passed) and how long it took. */
async function run(target: Target, clientAddresses: readonly Address[] = [certified, certifiable]) {
  const started = performance.now();
  const outcome = await preflight(target, {
    plan: roundTripPlan(target.tokens, clientAddresses, { collections: target.collections }),
    callTimeoutMs: CALL_TIMEOUT_MS,
  }).then(
    (report) => ({ report, error: undefined }),
    (error: unknown) => ({ report: undefined, error }),
  );
  return { ...outcome, elapsedMs: performance.now() - started };
}

async function failuresOf(
  target: Target,
  clientAddresses?: readonly Address[],
  boundMs = PREFLIGHT_BOUND_MS,
): Promise<{ failures: readonly PreflightFailure[]; error: PreflightFailed }> {
  const { error, elapsedMs } = await run(target, clientAddresses);
  expect(error, 'preflight should have failed').toBeInstanceOf(PreflightFailed);
  expect(elapsedMs).toBeLessThan(boundMs);
  return { failures: (error as PreflightFailed).failures, error: error as PreflightFailed };
}

describe('preflight on the devnet standing in for the test network', () => {
  it('passes a well-configured profile in seconds and says what it checked', async () => {
    const { report, error, elapsedMs } = await run(standIn());
    expect(error).toBeUndefined();
    expect(elapsedMs).toBeLessThan(PREFLIGHT_BOUND_MS + CLIENT_START_BOUND_MS);
    const text = formatPreflightReport(report!);
    expect(text).toContain(`L1 answers: chain id ${devnet.chainId}`);
    expect(text).toMatch(/funder 0x[0-9a-fA-F]{40} covers the run: needs [\d.]+ ETH, 1 WGAS, 5 dUSD/);
    expect(text).toContain(`image ${devnet.images.client} is present`);
    expect(text).toContain('proposer http://proposer:3000 is registered');
    expect(text).toContain(`proposer http://proposer:3000 (reached at ${devnet.proposerUrl}) answers its health check`);
    expect(text).toContain(`client ${certified} is certified`);
    expect(text).toContain(`client ${certifiable} is not certified yet; it will be certified through its client with`);
    expect(text).toContain(`the contract-event service ${devnet.eventService.url} accepts the API key`);
    // The double answers as the current document: an Address without modules (F14), GET /plan (F24).
    expect(text).toContain(
      `Nightfall ${devnet.deployment.nightfall} is linked in MultiBaas as nightfall_${devnet.deployment.contracts} with its events synced`,
    );
    expect(text).toContain('the MultiBaas plan "devnet double": event_monitor_feature on, event_logging_feature on');
    expect(text).toContain('deliveries: pulled from the events API (no public URL for the receiver)');
    // The plume client's largest fixed gas limit (its de-escrow), against the devnet's block gas limit.
    expect(text).toMatch(
      /the L1 takes the plume client's de-escrow's gas limit of 500,000,000 \(block gas limit [\d,]+\)/,
    );
    expect(text).toMatch(
      new RegExp(
        `a client of ${devnet.images.client} started from the profile and logged that it read addresses\\.toml and started its request queue in `,
      ),
    );
    expect(text).toMatch(
      /neediest user: \w+ recipient, \d+ wei: what it spent before its de-escrow, plus that transaction's reservation of 500000000 gas/,
    );
    expect(redact(text)).toBe(text);
  });

  it('fails on a wrong chain id, and says which checks it could not run', async () => {
    const { failures, error } = await failuresOf(standIn({ chainId: '98867' }));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(WrongChainId);
    expect(failures[0]!.message).toBe(
      `the L1 RPC serves chain id ${devnet.chainId}, the profile expects 98867 — ` +
        'fix: point E2E_TESTNET_RPC_URL at the test network, or correct chainId',
    );
    expect(error.message).toContain('no user client was started and no funds moved');
    expect(error.skipped).toEqual([
      "genesis block and the clients' replay",
      'contract generation and client pairing',
      'funder balances',
      'proposer registration',
      'client certification',
      'gas limits',
      'a client started from the profile',
    ]);
  });

  it('fails on a funder too poor for the run, naming every shortfall and where to send it', async () => {
    const { failures } = await failuresOf(standIn({}, poorFunder.key));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(FunderTooPoor);
    const message = failures[0]!.message;
    expect(message).toContain(`the funder ${poorFunder.address} cannot cover the run`);
    expect(message).toMatch(/[\d.]+ ETH more \(holds 0\.05 ETH, needs 12(\.\d+)? ETH\)/);
    expect(message).toContain('0.5 WGAS more (holds 0.5 WGAS, needs 1 WGAS)');
    expect(message).toContain('5 dUSD more (holds 0 dUSD, needs 5 dUSD)');
    expect(message).toContain(`fix: send the missing funds to ${poorFunder.address}`);
  });

  it("fails on a gas allowance that cannot pay for the plume de-escrow's reservation, naming the allowance needed (N4)", async () => {
    const { failures } = await failuresOf(standIn({ gasAllowance: '0.1' }));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(GasAllowanceTooSmall);
    expect(failures[0]!.message).toMatch(
      /each user gets 0\.1 ETH, but the WGAS recipient's client must be able to commit [\d.]+ ETH/,
    );
    expect(failures[0]!.message).toContain(
      '(the plume client sends its de-escrow with a gas limit of 500,000,000 at twice the gas price',
    );
    expect(failures[0]!.message).toMatch(/fix: set gasAllowance to at least [\d.]+/);
  });

  it('fails on a client image that is not on this machine', async () => {
    const { failures } = await failuresOf(standIn({ clientImage: 'nightfall-e2e/client:no-such-tag' }));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(ImageMissing);
    expect(failures[0]!.message).toMatch(
      /^the image nightfall-e2e\/client:no-such-tag is not on this machine — fix: load or build it first/,
    );
  });

  it('fails on a contract-event service that refuses the API key, without printing the key', async () => {
    const wrongKey = 'f'.repeat(40); // not a secret: a key the service never issued
    const { failures } = await failuresOf(standIn({ multibaasApiKey: wrongKey }));
    expect(failures.map((f) => [f.name, f.problem])).toEqual([
      [
        'EventServiceUnavailable',
        `the contract-event service ${devnet.eventService.url} refuses the API key (HTTP 401)`,
      ],
    ]);
    expect(failures[0]!.fix).toMatch(/E2E_TESTNET_MULTIBAAS_API_KEY/);
    expect(failures[0]!.message).not.toContain(wrongKey);
  });

  it('fails on a contract-event service that does not answer', async () => {
    const { failures } = await failuresOf(standIn({ multibaasUrl: 'http://127.0.0.1:9' }));
    expect(failures.map((f) => f.name)).toEqual(['EventServiceUnavailable']);
    expect(failures[0]!.problem).toMatch(/^the contract-event service http:\/\/127\.0\.0\.1:9 does not answer: /);
    expect(failures[0]!.fix).toMatch(/multibaasUrl/);
  });

  it('fails on a database sidecar image that is not on this machine', async () => {
    const { failures } = await failuresOf(standIn({ clientDbImage: 'nightfall-e2e/no-such-mongo:never' }));
    expect(failures.map((f) => [f.name, f.problem])).toEqual([
      ['ImageMissing', 'the image nightfall-e2e/no-such-mongo:never is not on this machine'],
    ]);
  });

  it('fails on an expected proposer that is not registered, listing the registered ones', async () => {
    const { failures } = await failuresOf(
      standIn({ expectedProposers: ['http://proposer:3000', 'http://proposer-2:3000'] }),
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(ProposerNotRegistered);
    expect(failures[0]!.message).toBe(
      `the expected proposer http://proposer-2:3000 is not registered in RoundRobin ${devnet.deployment.roundRobin}; ` +
        'registered: http://proposer:3000 — fix: correct expectedProposers (URLs exactly as registered), ' +
        "or ask the proposer's operator to register it",
    );
  });

  it('fails on a client address that is not certified and has no certificate configured', async () => {
    const { failures } = await failuresOf(standIn(), [certified, uncertified]);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(ClientNotCertified);
    expect(failures[0]!.message).toContain(
      `client address ${uncertified} is not certified on chain and no certificate is configured for it`,
    );
    expect(failures[0]!.message).toContain(`fix: add {"${uncertified}": {"certificate"`);
  });

  it('reports every problem at once', async () => {
    const { failures, error } = await failuresOf(
      standIn({ clientImage: 'nightfall-e2e/client:no-such-tag' }, poorFunder.key),
      [uncertified],
    );
    expect(failures.map((failure) => failure.name).sort()).toEqual([
      'ClientNotCertified',
      'FunderTooPoor',
      'ImageMissing',
    ]);
    expect(error.message).toMatch(
      /^preflight found 3 problems in \d+ ms; no user client was started and no funds moved:\n1\. \[/,
    );
  });

  // Last: it freezes the devnet's proposer for a moment.
  it('refuses an exploration whose most it can spend exceeds its --budget, and passes one within it (issue #29)', async () => {
    const target = standIn();
    // One raw unit of each token a user: the funder covers the grants, so only the budget is in question.
    const shape: ExplorationShape = {
      steps: 2,
      attempts: 1,
      users: 3,
      grants: Object.fromEntries(target.tokens.map((token) => [token.symbol, 1n])),
      maxDepositFeeWei: 1000n,
      certifies: false,
    };
    const withBudget = (limitWei: bigint) =>
      preflight(target, {
        plan: explorationPlan(shape),
        budget: { shape, limitWei },
        callTimeoutMs: CALL_TIMEOUT_MS,
        startClient: false,
      });
    const refused = await withBudget(1n).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PreflightFailed);
    expect((refused as PreflightFailed).failures.map((f) => [f.name, f.problem])).toEqual([
      [
        'OverBudget',
        expect.stringMatching(
          /^the exploration may spend up to [\d.]+ native coin, more than --budget 0\.000000000000000001 \(gas price \d+ wei; the plume client .*2 commands × at most/,
        ),
      ],
    ]);
    const report = await withBudget(parseEther('1'));
    expect(report.passed.find((line) => line.startsWith('the exploration spends at most'))).toMatch(
      /^the exploration spends at most [\d.]+ of --budget 1 \(/,
    );
  });

  it('fails on a proposer that accepts connections but does not answer, within its bound', async () => {
    const proposer = (await dockerEngine()).getContainer(devnet.containers.proposer.getId());
    // The cgroup freezer may fail to freeze a busy process in time ("unable to freeze"); docker leaves it running.
    await pRetry(
      () =>
        proposer.pause().catch((error: unknown) => {
          throw String(error).includes('unable to freeze') ? error : new AbortError(error as Error);
        }),
      { retries: 3, minTimeout: 1_000 },
    );
    try {
      const { failures } = await failuresOf(standIn());
      expect(failures).toHaveLength(1);
      expect(failures[0]).toBeInstanceOf(ProposerUnreachable);
      expect(failures[0]!.message).toContain(
        `the proposer http://proposer:3000 (reached at ${devnet.proposerUrl}) does not answer its health check within ${CALL_TIMEOUT_MS} ms`,
      );
    } finally {
      await proposer.unpause();
    }
  });
});

/** Runs scripts/e2e.ts with the profile file and its secrets in an env file, as an operator would; nothing of them in its env. */
async function e2e(profile: Record<string, unknown>, ...args: string[]): Promise<{ output: string; code: number }> {
  const { envFile } = writeStandInEnvFile(profile, 'preflight');
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('E2E_')));
  const { stdout, stderr, code } = await promisify(execFile)(
    'node_modules/.bin/tsx',
    ['scripts/e2e.ts', '--target', 'testnet', '--env-file', envFile, ...args],
    { env, timeout: 90_000 },
  ).then(
    (out) => ({ ...out, code: 0 }),
    (error: { stdout: string; stderr: string; code: number }) => error,
  );
  return { output: `${stdout}${stderr}`, code };
}

describe('npm run e2e -- --target testnet', () => {
  it('runs preflight first and starts nothing when it fails, printing no secret', async () => {
    const profile = standInSettingsOf(devnet, poorFunder.key, { certificates: certificates });
    const { output, code } = await e2e(profile, '--preflight-only');
    expect(code).toBe(2);
    expect(output).toContain('preflight found 1 problem');
    expect(output).toContain(`[FunderTooPoor] the funder ${poorFunder.address} cannot cover the run`);
    expect(output).not.toContain(poorFunder.key.reveal().slice(2));
  });

  it('passes preflight on a well-configured profile', async () => {
    const { output, code } = await e2e(
      standInSettingsOf(devnet, richFunder, { certificates: certificates }),
      '--preflight-only',
    );
    expect(output).toContain('preflight passed in');
    expect(code).toBe(0);
    expect(output).not.toContain(richFunder.reveal().slice(2));
  });
});

describe('a real client image', () => {
  /** The simulator under another name: a real image as far as the profile's rules can tell. */
  const realImage = `nightfall-e2e-stand-in/real-client:${randomBytes(4).toString('hex')}`;
  /** Listens on MongoDB's port and logs what mongod logs when it is ready, nothing else: a database sidecar that starts. */
  const mongoStandIn = `nightfall-e2e-stand-in/mongo:${randomBytes(4).toString('hex')}`;
  let configuration: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    docker(['tag', devnet.images.client, realImage]);
    docker(
      ['build', '--quiet', '-t', mongoStandIn, '-'],
      [
        `FROM ${devnet.images.client}`,
        'HEALTHCHECK NONE',
        'ENTRYPOINT ["node", "-e", "require(\'node:net\').createServer((socket) => socket.end()).listen(27017, () => console.log(\'Waiting for connections\'))"]',
        'CMD []',
      ].join('\n'),
    );
    configuration = await configurationServerFor(plumeAddressesToml(devnet.deployment));
  });

  afterAll(async () => {
    await configuration?.close();
    spawnSync('docker', ['rmi', realImage, mongoStandIn]);
  });

  const containersOf = async (image: string) =>
    (await dockerEngine()).listContainers({ all: true, filters: { ancestor: [image] } });

  it('is refused by name in seconds when its configuration is incomplete: before any container starts and any funds move (N1, N8, N10)', async () => {
    const publicClient = createPublicClient({ transport: http(devnet.rpcUrl) });
    const funder = privateKeyToAddress(richFunder.reveal());
    const before = await Promise.all([
      publicClient.getTransactionCount({ address: funder }),
      publicClient.getBalance({ address: funder }),
    ]);
    const profile = standInSettingsOf(devnet, richFunder, {
      clientImage: realImage,
      clientBuild: 'head',
      // The same L1 over HTTP, which the simulator reads and a real client cannot.
      clientEthereumUrl: devnet.ethereumUrlInNetwork.replace(/^ws/, 'http'),
    });

    // Other runs on the same engine may start containers of this image meanwhile: only new ones created from now count.
    const existing = new Set((await containersOf(realImage)).map((c) => c.Id));
    const started = performance.now();
    const { output, code } = await e2e(profile, '--preflight-only');
    const elapsedMs = performance.now() - started;

    expect(code).toBe(2);
    // tsx's start on a busy 2-core machine is most of it; the rules themselves take milliseconds.
    expect(elapsedMs).toBeLessThan(30_000);
    const refused = output
      .split('\n')
      .filter((line) => line.startsWith('- '))
      .map((line) => line.split(':')[0]);
    expect(refused).toEqual([
      '- clientDbImage',
      '- E2E_TESTNET_CLIENT_ETHEREUM_URL',
      '- clientEnv',
      '- contractHashesFile',
      '- verifierAddress',
    ]);
    expect(output).not.toContain(richFunder.reveal().slice(2));
    expect(output).not.toContain(String(profile.clientEthereumUrl));
    // The refused run has exited: a new container whose owner process still lives is another test's, not the run's.
    const ownedByLivingProcess = (labels: Record<string, string>) => {
      const pid = Number(labels['nightfall-e2e.owner']?.split('/')[1]);
      if (!Number.isInteger(pid)) return false;
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const created = (await containersOf(realImage)).filter(
      (c) => !existing.has(c.Id) && !ownedByLivingProcess(c.Labels),
    );
    expect(created, 'no client container was created').toEqual([]);
    expect(
      await Promise.all([
        publicClient.getTransactionCount({ address: funder }),
        publicClient.getBalance({ address: funder }),
      ]),
    ).toEqual(before);
  });

  it('that passes the rules is started once by preflight; one that does not come up is refused and leaves nothing behind (N9, N10)', async () => {
    const target = standIn({
      clientImage: realImage,
      clientBuild: 'plume',
      clientDbImage: mongoStandIn,
      // No network: the client and its database get one of their own.
      clientNetwork: undefined,
      clientEthereumUrl: devnet.ethereumUrlInNetwork.replace(/^http/, 'ws'), // already ws:// on today's devnet
      clientEnv: { NF4_RUN_MODE: 'plume_testnet', NF4_CONFIGURATION_URL: configuration.url },
      timeouts: { serviceHealthy: '20s' },
    });
    expect(target.clients.target.configurationServer?.addressesUrl).toBe(
      `${configuration.url}configuration/toml/addresses.toml`,
    );

    const existing = new Set(
      [...(await containersOf(realImage)), ...(await containersOf(mongoStandIn))].map((c) => c.Id),
    );
    const { failures } = await failuresOf(target, undefined, CLIENT_START_BOUND_MS);

    // Everything up to the start passed, the configuration server included; the stand-in then refuses the database
    // URL a real client is given (the simulator keeps its store in a directory) and exits.
    expect(failures.map((failure) => failure.name)).toEqual(['ClientDidNotStart']);
    expect(failures[0]!.problem).toMatch(
      new RegExp(`^a client of ${realImage} started from the profile did not come up: `),
    );
    expect(failures[0]!.problem).toContain('the simulator stores data in a directory');
    const created = async (image: string) => (await containersOf(image)).filter((c) => !existing.has(c.Id));
    expect(await created(realImage), 'the client container is removed').toEqual([]);
    expect(await created(mongoStandIn), 'its database container is removed').toEqual([]);
  });

  it('gets its database on a network of their own when the profile names none, removed with them (N10)', async () => {
    const name = `own-net-${randomBytes(3).toString('hex')}`;
    // On a network of its own the client reaches L1 as a real one reaches its provider, from outside the devnet's
    // network: here through the host (the bridge gateway) to anvil's published port. It must synchronise to start.
    const l1 = await forwardFromBridge(new URL(devnet.anvilRpcUrl));
    const client = await startClientContainer({
      name,
      signingKey: new Secret(generatePrivateKey()),
      image: devnet.images.client,
      target: { ethereumClientUrl: l1.url, chainId: devnet.chainId, addressesToml: devnet.addressesToml },
      database: { image: mongoStandIn, alias: `${name}-db` },
    });
    let network: string | undefined;
    try {
      const engine = await dockerEngine();
      const networks = Object.keys(
        (await engine.getContainer(client.container.getId()).inspect()).NetworkSettings.Networks,
      ).filter((name) => name.startsWith('nightfall-e2e-net-'));
      expect(networks, "one network of the harness's making").toHaveLength(1);
      network = networks[0]!;
      const attached = Object.values(
        ((await engine.getNetwork(network).inspect()) as { Containers: Record<string, { Name: string }> }).Containers,
      );
      expect(attached).toHaveLength(2);
      const resolved = await client.container.exec([
        'node',
        '-e',
        `require('node:dns').lookup('${name}-db', (e) => process.exit(e ? 1 : 0))`,
      ]);
      expect(resolved.exitCode, 'the client reaches its database by its alias').toBe(0);
      expect(client.urlInNetwork).toBe(`http://${name}:3000`);
    } finally {
      await client.stop();
      await l1.close();
    }
    const gone = await (
      await dockerEngine()
    )
      .getNetwork(network)
      .inspect()
      .then(
        () => false,
        (error: { statusCode?: number }) => error.statusCode === 404,
      );
    expect(gone, `network ${network} was removed with the client`).toBe(true);
  });
});

/** A TCP forward on the docker bridge's gateway address to `target` (on the host's loopback): ws:// for containers. */
async function forwardFromBridge(target: URL): Promise<{ url: string; close: () => Promise<void> }> {
  const host = await hostAddressForContainers();
  const server = createNetServer((inbound) => {
    const outbound = connect(Number(target.port), target.hostname);
    inbound.pipe(outbound).pipe(inbound);
    const drop = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', drop);
    outbound.on('error', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `ws://${host}:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function docker(args: string[], input?: string): void {
  const result = spawnSync('docker', args, { input, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`docker ${args.join(' ')} failed: ${result.stderr}`);
}

/** A plume deployment's configuration server on this machine: addresses.toml and a proving key (made-up bytes). */
async function configurationServerFor(addressesToml: string): Promise<{ url: string; close(): Promise<void> }> {
  const provingKey = Buffer.alloc(4096, 1);
  const server = createServer((req, res) => {
    const body =
      req.url === '/configuration/toml/addresses.toml'
        ? addressesToml
        : req.url === '/proving_key'
          ? provingKey
          : undefined;
    if (body === undefined) return res.writeHead(404).end();
    res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
