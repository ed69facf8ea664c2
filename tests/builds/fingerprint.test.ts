// The fingerprint against real simulator containers of both builds: each is recognised for what it was started as,
// the probes leave the client's keys as they were, and a first submission that moves nothing (a transfer the client
// has no commitments for: queued, then Failed) confirms the dated request-id rule.
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NightfallClient, transferBody } from '../../fixtures/api';
import { confirmRequestIds, describeBuild, fingerprintClient } from '../../fixtures/builds';
import { startClientContainer, startDevnet, type Devnet } from '../../fixtures/network';
import { Secret } from '../../fixtures/secrets';
import { recordingLogger } from '../../fixtures/log';
import { waitFor } from '../../fixtures/waits';

const BUILDS = ['plume', 'head'] as const;
let devnet: Devnet;
const clients = new Map<(typeof BUILDS)[number], NightfallClient>();

beforeAll(async () => {
  devnet = await startDevnet();
  await Promise.all(
    BUILDS.map(async (build) => {
      const container = await startClientContainer({
        devnet,
        name: `fingerprint-${build}`,
        signingKey: new Secret(generatePrivateKey()),
        build,
      });
      clients.set(build, new NightfallClient({ baseUrl: container.baseUrl, name: build }));
    }),
  );
});

afterAll(async () => {
  await Promise.all([...clients.values()].map((client) => client.close()));
  await devnet?.stop();
});

const EXPECTED = {
  plume: {
    name: 'plume-like',
    requestIds: 'client-supplied',
    deriveKey: 'full-key-set',
    deEscrow: 'route',
    saltSources: ['notification', 'log-line'],
  },
  head: {
    name: 'head-like',
    requestIds: 'server-generated',
    deriveKey: 'public-key-only',
    deEscrow: 'automatic',
    saltSources: ['notification', 'log-line', 'request-status'],
  },
} as const;

describe.each(BUILDS)('a %s simulator', (build) => {
  it('is fingerprinted as the build it was started as, without changing its keys', async () => {
    const api = clients.get(build)!;
    const loaded = await api.deriveKey({ mnemonic: new Secret(generateMnemonic(wordlist, 256)) });
    const fingerprint = await fingerprintClient(api);
    expect(fingerprint).toMatchObject({ ...EXPECTED[build], requestIdsFrom: 'build-dating', mismatches: [] });
    expect((await api.currentKeys()).zkpPublicKey, 'the key loaded before the fingerprint').toBe(loaded.zkpPublicKey);
    expect(describeBuild(fingerprint)).toMatch(new RegExp(`^${EXPECTED[build].name}: `));
  });

  it('shows its request-id rule on a first submission that moves nothing, as the fingerprint dated it', async () => {
    const api = clients.get(build)!;
    const fingerprint = await fingerprintClient(api);
    const doomed = transferBody({
      token: { address: devnet.deployment.tokens.stablecoin, standard: 'ERC20' },
      value: 1n,
      recipient: (await api.currentKeys()).zkpPublicKey,
      fee: 0n,
    });
    const queued = await api.transfer(doomed);
    const { build: confirmed, mismatch } = confirmRequestIds(fingerprint, queued);
    expect(mismatch).toBeUndefined();
    expect(confirmed).toMatchObject({ requestIds: EXPECTED[build].requestIds, requestIdsFrom: 'first-submission' });
    const status = await waitFor({
      what: `${build}'s unpayable transfer to fail`,
      timeoutMs: 30_000,
      probe: () => api.requestStatus(queued.requestId),
      isDone: (s) => s.status === 'Failed',
      logger: recordingLogger(),
    });
    expect(status.status).toBe('Failed');
  });
});
