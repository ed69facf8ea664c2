// The testnet target against the devnet standing in for the live network: its clients start from the profile's
// configuration alone (L1 and the proposer by URL, the harness starts only the clients), for both client builds, and
// certification goes through the client's route — here a stand-in, as the simulator has none — and is believed only
// once the X509 contract says so.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NightfallClient } from '../../fixtures/api';
import { publicChainClient } from '../../fixtures/chain';
import { startClientContainer, startDevnet, type ClientContainer, type Devnet } from '../../fixtures/network';
import { Secret } from '../../fixtures/secrets';
import {
  CertificationError,
  clientContainerOptions,
  isCertified,
  NoNativeCoinToCertify,
  testnetProfileFrom,
  testnetTarget,
  type Target,
} from '../../fixtures/target';
import { startCertificationRouteStub, type CertificationRouteStub } from '../support/doubles/certification-route-stub';
import { allowlist, fundedFunders, giveNative, standInSettingsOf } from './devnet-as-testnet';

/** Enough native coin for an address to pay its own certification on the devnet. */
const GAS_MONEY = 10n ** 16n;

let devnet: Devnet;
let funderKey: Secret<Hex>;
const clients: ClientContainer[] = [];
const stubs: CertificationRouteStub[] = [];

beforeAll(async () => {
  devnet = await startDevnet();
  const [funder] = await fundedFunders(devnet, [{ native: 10n ** 18n, WGAS: '1', dUSD: '5' }]);
  funderKey = funder!.key;
});

afterAll(async () => {
  await Promise.allSettled([...clients.map((client) => client.stop()), ...stubs.map((stub) => stub.close())]);
  await devnet?.stop();
});

function standIn(overrides: Record<string, unknown> = {}): Target {
  const env = standInSettingsOf(devnet, funderKey, overrides);
  return testnetTarget(testnetProfileFrom(env));
}

/** A certificate and key for `address`, as files and as the profile's certificates. */
function certificateFor(address: Address): Record<string, { certificate: string; privateKey: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'testnet-certify-'));
  const [certificate, privateKey] = [join(dir, 'client.crt.der'), join(dir, 'client.key.der')];
  writeFileSync(certificate, `certificate of ${address}`);
  writeFileSync(privateKey, `key of ${address}`);
  return { [address]: { certificate, privateKey } };
}

async function certificationRoute(
  certify: Parameters<typeof startCertificationRouteStub>[0],
): Promise<CertificationRouteStub> {
  const stub = await startCertificationRouteStub(certify);
  stubs.push(stub);
  return stub;
}

describe('clients configured by the testnet profile', () => {
  it.each(['plume', 'head'] as const)(
    'start on the stand-in as the %s build, reach L1 and list the registered proposers',
    async (build) => {
      const target = standIn({ clientBuild: build, clientEnv: { RUST_LOG: 'debug' } });
      const signingKey = new Secret(generatePrivateKey());
      const name = `testnet-${build}`;
      const client = await startClientContainer({
        ...clientContainerOptions(target.clients, { name, signingKey }),
        name,
        signingKey,
      });
      clients.push(client);

      const proposers = await new NightfallClient({ baseUrl: client.baseUrl, name }).proposers();
      expect(proposers.map((p) => p.url)).toEqual(target.expectedProposerUrls);
      const env = (
        await client.container.exec([
          'node',
          '-e',
          'process.stdout.write(JSON.stringify([process.env.NF4_SIM_CLIENT_BUILD, process.env.RUST_LOG]))',
        ])
      ).stdout;
      expect(JSON.parse(env)).toEqual([build, 'debug']);
      expect(client.logs()).not.toContain(signingKey.reveal().slice(2));
    },
  );
});

describe('certification on the testnet target', () => {
  it('certifies an address through its client with the configured certificate, and only once', async () => {
    const address = privateKeyToAddress(generatePrivateKey());
    // The client pays for its certification from the address's own funds.
    await giveNative(devnet, [address], GAS_MONEY);
    const target = standIn({ certificates: certificateFor(address) });
    const { publicClient } = publicChainClient(target.chain);
    // What the real client's route ends in: the contract links the certificate to the address.
    const route = await certificationRoute(async () => {
      await allowlist(devnet, [address]);
      return true;
    });
    expect(await isCertified(publicClient, target.contracts.x509, address)).toBe(false);

    await target.certify([address], new Map([[address, route.url]]));

    expect(await isCertified(publicClient, target.contracts.x509, address)).toBe(true);
    expect(route.received).toHaveLength(1);
    expect(new TextDecoder().decode(route.received[0]!.certificate)).toBe(`certificate of ${address}`);
    await target.certify([address], new Map([[address, route.url]]));
    expect(route.received, 'an address already certified is left alone').toHaveLength(1);
  });

  it('refuses an uncertified address without a certificate, saying how to configure one', async () => {
    const address = privateKeyToAddress(generatePrivateKey());
    const route = await certificationRoute(async () => true);
    const error = await standIn()
      .certify([address], new Map([[address, route.url]]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CertificationError);
    expect((error as Error).message).toContain(
      `client address ${address} is not certified on chain and no certificate is configured for it`,
    );
    expect((error as Error).message).toContain('certificates');
    expect(route.received).toEqual([]);
  });

  it("does not take the client's word for it: the contract must certify the address", async () => {
    const address = privateKeyToAddress(generatePrivateKey());
    await giveNative(devnet, [address], GAS_MONEY);
    const route = await certificationRoute(async () => true);
    const error = await standIn({ certificates: certificateFor(address) })
      .certify([address], new Map([[address, route.url]]))
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain(
      `the client of ${address} reported it certified, but x509Check(${address}) is still false`,
    );
  });

  it('refuses by name an address that holds no native coin, without asking its client: it could not pay (N14)', async () => {
    const address = privateKeyToAddress(generatePrivateKey());
    const route = await certificationRoute(async () => true);
    const error = await standIn({ certificates: certificateFor(address) })
      .certify([address], new Map([[address, route.url]]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoNativeCoinToCertify);
    expect((error as Error).message).toContain(`${address} is not certified and holds no native coin`);
    expect((error as Error).message).toContain('needs a pre-certified key (E2E_TESTNET_CLIENT_KEYS)');
    expect(route.received).toEqual([]);
  });
});
