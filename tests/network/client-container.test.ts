// Client containers on the devnet: two start side by side, each healthy on its own loopback port, reaching a host
// listener as host.docker.internal; a restart keeps the store and the URL; logs are captured without the key. A
// client labelled with whom it serves can be adopted by id by another process (a rescue of a killed run's client).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger } from '../../fixtures/log';
import { DEFAULT_CHILD_PATH, NightfallClient } from '../../fixtures/api';
import { keyDerivationPrintables } from '../../fixtures/secrets/key-derivation-secrets';
import { Secret } from '../../fixtures/secrets/secret';
import { waitFor, wakeOnEvent } from '../../fixtures/waits';
import { dockerEngine } from '../../fixtures/network/engine';
import {
  adoptClientContainer,
  AdoptedClientRestartRefused,
  readClientLabels,
  hostAddressForContainers,
  startClientContainer,
  startDevnet,
  type Devnet,
  type StartedClientContainer,
} from '../../fixtures/network';

let devnet: Devnet;
let alice: StartedClientContainer;
let bob: StartedClientContainer;
const aliceKey = new Secret(generatePrivateKey());
const EXTRA_FILE = '/app/configuration/toml/contract_hashes.toml';
const EXTRA_CONTENT = 'nightfall = "0x01"\n';

beforeAll(async () => {
  devnet = await startDevnet();
  [alice, bob] = await Promise.all([
    // Alice's container also gets a file the way a real image gets its contract_hashes.toml.
    // Her plume client also logs its settings at trace, which prints the signing key (see the redaction test).
    startClientContainer({
      devnet,
      name: 'client-alice',
      signingKey: aliceKey,
      files: { [EXTRA_FILE]: EXTRA_CONTENT },
      env: { RUST_LOG: 'info,configuration=trace' },
    }),
    startClientContainer({ devnet, name: 'client-bob', signingKey: new Secret(generatePrivateKey()), build: 'head' }),
  ]);
});

afterAll(async () => {
  await devnet?.stop();
});

/** Runs a node one-liner inside the client container, as its user. */
async function nodeIn(client: StartedClientContainer, script: string): Promise<string> {
  const result = await client.container.exec(['node', '-e', script]);
  expect(result, result.stderr).toMatchObject({ exitCode: 0 });
  return result.stdout;
}

const withoutTimestamp = (line: string) => line.replace(/^\[\S+ /, '[');

async function health(client: Pick<StartedClientContainer, 'baseUrl'>): Promise<string> {
  const response = await fetch(`${client.baseUrl}/v1/health`);
  expect(response.status).toBe(200);
  return (await response.text()).trim();
}

describe('client containers', () => {
  it('get the extra files a real image reads, readable by the client user', async () => {
    expect(await nodeIn(alice, `process.stdout.write(require('fs').readFileSync('${EXTRA_FILE}', 'utf8'))`)).toBe(
      EXTRA_CONTENT,
    );
  });

  it('start in parallel, each healthy on its own 127.0.0.1 port, as the unprivileged user', async () => {
    expect(await health(alice)).toBe('Healthy');
    expect(await health(bob)).toBe('Healthy');
    expect(alice.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(alice.baseUrl).not.toBe(bob.baseUrl);
    expect(await nodeIn(alice, 'process.stdout.write(String(process.getuid()))')).toBe('1000');
  });

  it('reach a host listener on the bridge gateway as host.docker.internal, and each other by name', async () => {
    const server: Server = createServer((_request, response) => response.end('host'));
    server.listen(0, await hostAddressForContainers());
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const fetchText = (url: string) => `fetch('${url}').then((r) => r.text()).then((t) => process.stdout.write(t))`;
      expect(await nodeIn(alice, fetchText(`http://host.docker.internal:${port}/`))).toBe('host');
      expect((await nodeIn(alice, fetchText(`${bob.urlInNetwork}/v1/health`))).trim()).toBe('Healthy');
    } finally {
      server.close();
    }
  });

  it('keeps its store and base URL across a restart, and follows the new process in its log', async () => {
    const baseUrl = alice.baseUrl;
    // The first line the service printed, without its env_logger time stamp: it prints it again when it starts again.
    const startLine = withoutTimestamp(alice.logBuffer.lines()[0] ?? '');
    expect(startLine).not.toBe('');
    await nodeIn(alice, "fs.writeFileSync('/app/data/restart-marker', 'kept')");

    await alice.restart();

    // Stopped on SIGTERM, not killed: the old process had time to persist its store and said so.
    expect(alice.logs()).toMatch(/Shut down: store persisted \(\d+ commitment\(s\)\)/);
    expect(alice.baseUrl).toBe(baseUrl);
    expect(await health(alice)).toBe('Healthy');
    expect(await nodeIn(alice, "process.stdout.write(fs.readFileSync('/app/data/restart-marker', 'utf8'))")).toBe(
      'kept',
    );
    await waitFor({
      what: 'the restarted client to print its start line again',
      timeoutMs: 10_000,
      probe: () => alice.logBuffer.lines().filter((line) => withoutTimestamp(line) === startLine).length,
      isDone: (count) => count >= 2,
      wakeOn: wakeOnEvent(alice.logBuffer, 'line'),
      logger: recordingLogger(),
    });
  });

  it('captures logs from the start with the signing key redacted, where the client printed it', async () => {
    // The plume client prints its settings, signing key in clear, at trace (configuration/src/settings.rs:135 @
    // plume_testnet_client 4e84c58); docker's own copy of the log shows it was printed. Booleans only: a failure
    // message must not quote a log holding the key.
    const raw = (
      await (await dockerEngine()).getContainer(alice.container.getId()).logs({ stdout: true, stderr: true })
    ).toString('utf8');
    const printed = `signing_key: "${aliceKey.reveal()}"`;
    expect(raw.includes(printed), "the client printed its signing key in its settings line (docker's log)").toBe(true);
    const logs = alice.logs();
    expect(
      logs.includes('signing_key: "[redacted]"'),
      'the captured log keeps the settings line with the key redacted',
    ).toBe(true);
    expect(logs.toLowerCase().includes(aliceKey.reveal().slice(2).toLowerCase()), 'the key in the captured log').toBe(
      false,
    );
  });

  it("redacts a key derivation's seed and root key, which the plume client prints, from the captured log", async () => {
    const mnemonic = new Secret(generateMnemonic(english, 256));
    const { seed, rootKey } = await keyDerivationPrintables(mnemonic, DEFAULT_CHILD_PATH);
    const api = new NightfallClient({ baseUrl: alice.baseUrl, name: 'alice' });
    await api.deriveKey({ mnemonic });
    await waitFor({
      what: 'the client to print the derived root key',
      timeoutMs: 10_000,
      probe: () => alice.logBuffer.lines().filter((line) => line.startsWith('Derived root key: ')).length,
      isDone: (count) => count >= 1,
      wakeOn: wakeOnEvent(alice.logBuffer, 'line'),
      logger: recordingLogger(),
    });
    await api.close();
    // Booleans only: a failure message must not quote a log holding them.
    const raw = (
      await (await dockerEngine()).getContainer(alice.container.getId()).logs({ stdout: true, stderr: true })
    ).toString('utf8');
    const seedHex = Buffer.from(seed).toString('hex');
    expect(raw.includes(`Mnemonic seed: ${seedHex}`), "the client printed the seed (docker's log)").toBe(true);
    expect(raw.includes(`Derived root key: ${rootKey}`), "the client printed the root key (docker's log)").toBe(true);
    const logs = alice.logs();
    expect(
      logs.includes('Mnemonic seed: [redacted]') && logs.includes('Derived root key: [redacted]'),
      'both lines kept, redacted',
    ).toBe(true);
    expect(logs.includes(seedHex) || logs.includes(String(rootKey)), 'the seed or root key in the captured log').toBe(
      false,
    );
  });

  it('carries whom it serves in its labels, without its key, and is adopted by id: same API and store, its log followed, never restarted, its end noticed', async () => {
    const carolKey = new Secret(generatePrivateKey());
    const serves = {
      user: 'carol',
      runId: 'run-under-test',
      nightfall: devnet.deployment.nightfall,
      keepForRescue: true,
    };
    const carol = await startClientContainer({ devnet, name: 'client-carol', signingKey: carolKey, serves });
    const engine = await dockerEngine();
    const { Config } = await engine.getContainer(carol.id).inspect();
    expect(readClientLabels(Config.Labels)).toEqual({
      client: 'client-carol',
      user: 'carol',
      l1Address: privateKeyToAddress(carolKey.reveal()),
      chainId: devnet.chainId,
      nightfall: devnet.deployment.nightfall,
      runId: 'run-under-test',
      keepForRescue: true,
    });
    expect(
      JSON.stringify(Config.Labels).toLowerCase().includes(carolKey.reveal().slice(2).toLowerCase()),
      'the key in a label',
    ).toBe(false);
    const { Volumes } = await engine.listVolumes({ filters: { name: [carol.volume] } });
    expect(Volumes?.[0]?.Labels).toMatchObject({
      'nightfall-e2e.role': 'client-store',
      'nightfall-e2e.client': 'client-carol',
      'nightfall-e2e.keep-for-rescue': 'true',
    });

    const adopted = await adoptClientContainer(carol.id);
    expect({
      name: adopted.name,
      id: adopted.id,
      baseUrl: adopted.baseUrl,
      volume: adopted.volume,
      urlInNetwork: adopted.urlInNetwork,
    }).toEqual({
      name: carol.name,
      id: carol.id,
      baseUrl: carol.baseUrl,
      volume: carol.volume,
      urlInNetwork: carol.urlInNetwork,
    });
    expect(await health(adopted)).toBe('Healthy');
    // A marker, then its past lines (and what it prints from now on).
    const startLine = carol.logBuffer.lines()[0]!;
    expect(adopted.logBuffer.lines()).toContain(startLine);
    expect(adopted.logs()).toMatch(/--- adopted by process \d+/);
    await expect(adopted.restart()).rejects.toThrow(AdoptedClientRestartRefused);
    expect(await health(adopted), 'a refused restart leaves it running').toBe('Healthy');

    // Killed by someone else while adopted: its keys are gone, and the adoption says so at once.
    await engine.getContainer(carol.id).kill();
    await expect(adopted.ended).resolves.toBe(
      `client client-carol (container ${carol.id.slice(0, 12)}) stopped while adopted (stopped, killed or removed by another process)`,
    );
    await adopted.stop();
    expect(await engine.listContainers({ all: true, filters: { id: [carol.id] } })).toEqual([]);
    const after = await engine.listVolumes({ filters: { name: [carol.volume] } });
    expect((after.Volumes ?? []).filter((v) => v.Name === carol.volume)).toEqual([]);
    await carol.stop(); // the devnet's own teardown of it is harmless too
  });

  it('is killed at once (its process gone, so it signs nothing), and removed with its store on stop', async () => {
    const { id, volume } = { id: bob.container.getId(), volume: bob.volume };
    await bob.kill();
    await bob.kill(); // killing a client that no longer runs is what killing wanted
    const { State } = await (await dockerEngine()).getContainer(id).inspect();
    expect(State.Running).toBe(false);
    expect(State.ExitCode, 'SIGKILL (128 + 9): no shutdown ran').toBe(137);
    await expect(fetch(`${bob.baseUrl}/v1/health`)).rejects.toThrow();
    await bob.stop();
    await bob.stop(); // a second stop (e.g. the devnet's) is harmless
    const engine = await dockerEngine();
    expect(await engine.listContainers({ all: true, filters: { id: [id] } })).toEqual([]);
    const { Volumes } = await engine.listVolumes({ filters: { name: [volume] } });
    expect((Volumes ?? []).filter((v) => v.Name === volume)).toEqual([]);
  });
});
