// Preflight against the devnet standing in for the live network (tests/testnet/devnet-as-testnet.ts): it passes on a
// well-configured profile, and each misconfiguration fails it alone, in seconds, with a message that names the problem
// and the fix — before any funds move.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../fixtures/network';
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
} from '../../fixtures/preflight';
import { redact, type Secret } from '../../fixtures/secrets';
import { readTestnetProfile, testnetTarget, type Target } from '../../fixtures/target';
import { allowlist, fundedFunders, testnetEnvironmentOf } from './devnet-as-testnet';

/** Every call of preflight gives up after this; a whole preflight stays within a few of them. */
const CALL_TIMEOUT_MS = 2_000;
const PREFLIGHT_BOUND_MS = 4 * CALL_TIMEOUT_MS;

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
  return JSON.stringify({ [certifiable]: { certificate, privateKey } });
})();

beforeAll(async () => {
  devnet = await startDevnet();
  const [rich, poor] = await fundedFunders(devnet, [
    // The round trip of both tokens needs 4 allowances of 0.1 (the default) plus gas, 1 WGAS and 5 dUSD.
    { native: parseEther('1'), WGAS: '1', dUSD: '5' },
    { native: parseEther('0.05'), WGAS: '0.5', dUSD: '0' },
  ]);
  richFunder = rich!.key;
  poorFunder = poor!;
  await allowlist(devnet, [certified]);
});

afterAll(async () => {
  await devnet?.stop();
});

function standIn(overrides: Record<string, string> = {}, funder: Secret<Hex> = richFunder): Target {
  const env = testnetEnvironmentOf(devnet, funder, { E2E_TESTNET_CERTIFICATES: certificates, ...overrides });
  return testnetTarget(readTestnetProfile(env), env);
}

/** Runs preflight with the run's clients; returns its failures (none when it passed) and how long it took. */
async function run(target: Target, clientAddresses: readonly Address[] = [certified, certifiable]) {
  const started = performance.now();
  const outcome = await preflight(target, { plan: roundTripPlan(target.tokens, clientAddresses), callTimeoutMs: CALL_TIMEOUT_MS })
    .then((report) => ({ report, error: undefined }), (error: unknown) => ({ report: undefined, error }));
  return { ...outcome, elapsedMs: performance.now() - started };
}

async function failuresOf(target: Target, clientAddresses?: readonly Address[]): Promise<{ failures: readonly PreflightFailure[]; error: PreflightFailed }> {
  const { error, elapsedMs } = await run(target, clientAddresses);
  expect(error, 'preflight should have failed').toBeInstanceOf(PreflightFailed);
  expect(elapsedMs).toBeLessThan(PREFLIGHT_BOUND_MS);
  return { failures: (error as PreflightFailed).failures, error: error as PreflightFailed };
}

describe('preflight on the devnet standing in for the test network', () => {
  it('passes a well-configured profile in seconds and says what it checked', async () => {
    const { report, error, elapsedMs } = await run(standIn());
    expect(error).toBeUndefined();
    expect(elapsedMs).toBeLessThan(PREFLIGHT_BOUND_MS);
    const text = formatPreflightReport(report!);
    expect(text).toContain(`L1 answers: chain id ${devnet.chainId}`);
    expect(text).toMatch(/funder 0x[0-9a-fA-F]{40} covers the run: needs [\d.]+ ETH, 1 WGAS, 5 dUSD/);
    expect(text).toContain(`image ${devnet.images.client} is present`);
    expect(text).toContain('proposer http://proposer:3000 is registered');
    expect(text).toContain(`proposer http://proposer:3000 (reached at ${devnet.proposerUrl}) answers its health check`);
    expect(text).toContain(`client ${certified} is certified`);
    expect(text).toContain(`client ${certifiable} is not certified yet; it will be certified through its client with`);
    expect(text).toContain(`the contract-event service ${devnet.eventService.url} accepts the API key; deliveries: pull from the delivery log (no public URL)`);
    expect(redact(text)).toBe(text);
  });

  it('fails on a wrong chain id, and says which checks it could not run', async () => {
    const { failures, error } = await failuresOf(standIn({ E2E_TESTNET_CHAIN_ID: '98867' }));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(WrongChainId);
    expect(failures[0]!.message).toBe(`the L1 RPC serves chain id ${devnet.chainId}, the profile expects 98867 — ` +
      'fix: point E2E_TESTNET_RPC_URL at the test network, or correct E2E_TESTNET_CHAIN_ID');
    expect(error.message).toContain('nothing was started and no funds moved');
    expect(error.skipped).toEqual(['funder balances', 'proposer registration', 'client certification']);
  });

  it('fails on a funder too poor for the run, naming every shortfall and where to send it', async () => {
    const { failures } = await failuresOf(standIn({}, poorFunder.key));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(FunderTooPoor);
    const message = failures[0]!.message;
    expect(message).toContain(`the funder ${poorFunder.address} cannot cover the run`);
    expect(message).toMatch(/[\d.]+ ETH more \(holds 0\.05 ETH, needs 0\.4[\d]* ETH\)/);
    expect(message).toContain('0.5 WGAS more (holds 0.5 WGAS, needs 1 WGAS)');
    expect(message).toContain('5 dUSD more (holds 0 dUSD, needs 5 dUSD)');
    expect(message).toContain(`fix: send the missing funds to ${poorFunder.address}`);
  });

  it('fails on a gas allowance that cannot pay for the escrow reservation, naming the allowance needed', async () => {
    const { failures } = await failuresOf(standIn({ E2E_TESTNET_GAS_ALLOWANCE: '0.000001' }));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(GasAllowanceTooSmall);
    expect(failures[0]!.message).toMatch(/each user gets 0\.000001 ETH, but the WGAS depositor's client must be able to commit [\d.]+ ETH/);
    expect(failures[0]!.message).toMatch(/fix: set E2E_TESTNET_GAS_ALLOWANCE to at least [\d.]+/);
  });

  it('fails on a client image that is not on this machine', async () => {
    const { failures } = await failuresOf(standIn({ E2E_TESTNET_CLIENT_IMAGE: 'nightfall-e2e/no-such-client:never' }));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(ImageMissing);
    expect(failures[0]!.message).toMatch(/^the image nightfall-e2e\/no-such-client:never is not on this machine — fix: load or build it first/);
  });

  it('fails on a contract-event service that refuses the API key, without printing the key', async () => {
    const wrongKey = 'f'.repeat(40); // not a secret: a key the service never issued
    const { failures } = await failuresOf(standIn({ E2E_TESTNET_MULTIBAAS_API_KEY: wrongKey }));
    expect(failures.map((f) => [f.name, f.problem])).toEqual([
      ['EventServiceUnavailable', `the contract-event service ${devnet.eventService.url} refuses the API key (HTTP 401)`],
    ]);
    expect(failures[0]!.fix).toMatch(/E2E_TESTNET_MULTIBAAS_API_KEY/);
    expect(failures[0]!.message).not.toContain(wrongKey);
  });

  it('fails on a contract-event service that does not answer', async () => {
    const { failures } = await failuresOf(standIn({ E2E_TESTNET_MULTIBAAS_URL: 'http://127.0.0.1:9' }));
    expect(failures.map((f) => f.name)).toEqual(['EventServiceUnavailable']);
    expect(failures[0]!.problem).toMatch(/^the contract-event service http:\/\/127\.0\.0\.1:9 does not answer: /);
    expect(failures[0]!.fix).toMatch(/E2E_TESTNET_MULTIBAAS_URL/);
  });

  it('fails on a database sidecar image that is not on this machine', async () => {
    const { failures } = await failuresOf(standIn({ E2E_TESTNET_CLIENT_DB_IMAGE: 'nightfall-e2e/no-such-mongo:never' }));
    expect(failures.map((f) => [f.name, f.problem])).toEqual([['ImageMissing', 'the image nightfall-e2e/no-such-mongo:never is not on this machine']]);
  });

  it('fails on an expected proposer that is not registered, listing the registered ones', async () => {
    const { failures } = await failuresOf(standIn({ E2E_TESTNET_EXPECTED_PROPOSERS: 'http://proposer:3000, http://proposer-2:3000' }));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(ProposerNotRegistered);
    expect(failures[0]!.message).toBe(`the expected proposer http://proposer-2:3000 is not registered in RoundRobin ${devnet.deployment.roundRobin}; ` +
      'registered: http://proposer:3000 — fix: correct E2E_TESTNET_EXPECTED_PROPOSERS (URLs exactly as registered), ' +
      'or ask the proposer\'s operator to register it');
  });

  it('fails on a client address that is not certified and has no certificate configured', async () => {
    const { failures } = await failuresOf(standIn(), [certified, uncertified]);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(ClientNotCertified);
    expect(failures[0]!.message).toContain(`client address ${uncertified} is not certified on chain and no certificate is configured for it`);
    expect(failures[0]!.message).toContain(`fix: add {"${uncertified}": {"certificate"`);
  });

  it('reports every problem at once', async () => {
    const { failures, error } = await failuresOf(standIn({ E2E_TESTNET_CLIENT_IMAGE: 'nightfall-e2e/no-such-client:never' }, poorFunder.key), [uncertified]);
    expect(failures.map((failure) => failure.name).sort()).toEqual(['ClientNotCertified', 'FunderTooPoor', 'ImageMissing']);
    expect(error.message).toMatch(/^preflight found 3 problems in \d+ ms; nothing was started and no funds moved:\n1\. \[/);
  });

  // Last: it freezes the devnet's proposer for a moment.
  it('fails on a proposer that accepts connections but does not answer, within its bound', async () => {
    const proposer = (await dockerEngine()).getContainer(devnet.containers.proposer.getId());
    await proposer.pause();
    try {
      const { failures } = await failuresOf(standIn());
      expect(failures).toHaveLength(1);
      expect(failures[0]).toBeInstanceOf(ProposerUnreachable);
      expect(failures[0]!.message).toContain(`the proposer http://proposer:3000 (reached at ${devnet.proposerUrl}) does not answer its health check within ${CALL_TIMEOUT_MS} ms`);
    } finally {
      await proposer.unpause();
    }
  });
});

describe('npm run e2e -- --target testnet', () => {
  /** Runs scripts/e2e.ts with the profile in an env file, as an operator would; nothing of the profile in its env. */
  async function e2e(profile: Record<string, string>, ...args: string[]) {
    const envFile = join(mkdtempSync(join(tmpdir(), 'e2e-env-')), '.env');
    writeFileSync(envFile, Object.entries(profile).map(([name, value]) => `${name}='${value}'`).join('\n'), { mode: 0o600 });
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('E2E_')));
    const { stdout, stderr, code } = await promisify(execFile)('node_modules/.bin/tsx', ['scripts/e2e.ts', '--target', 'testnet', '--env-file', envFile, ...args], { env, timeout: 60_000 })
      .then((out) => ({ ...out, code: 0 }), (error: { stdout: string; stderr: string; code: number }) => error);
    return { output: `${stdout}${stderr}`, code };
  }

  it('runs preflight first and starts nothing when it fails, printing no secret', async () => {
    const profile = testnetEnvironmentOf(devnet, poorFunder.key, { E2E_TESTNET_CERTIFICATES: certificates });
    const { output, code } = await e2e(profile, '--preflight-only');
    expect(code).toBe(2);
    expect(output).toContain('preflight found 1 problem');
    expect(output).toContain(`[FunderTooPoor] the funder ${poorFunder.address} cannot cover the run`);
    expect(output).not.toContain(poorFunder.key.reveal().slice(2));
  });

  it('passes preflight on a well-configured profile', async () => {
    const { output, code } = await e2e(testnetEnvironmentOf(devnet, richFunder, { E2E_TESTNET_CERTIFICATES: certificates }), '--preflight-only');
    expect(output).toContain('preflight passed in');
    expect(code).toBe(0);
    expect(output).not.toContain(richFunder.reveal().slice(2));
  });
});
