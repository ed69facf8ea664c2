// The devnet as startDevnet leaves it: anvil on chain 31337 mining on an interval, the contracts deployed and
// published as addresses.toml, the proposer healthy, every port on loopback, secrets kept out of the logs.
import { createPublicClient, createTestClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAddressesToml } from '../../docker/lib/addresses';
import { dockerEngine } from '../../fixtures/network/engine';
import { rpcLimitsStats, startDevnet, type Devnet } from '../../fixtures/network';
import { devnetFactsOf } from '../../fixtures/target/devnet-facts';
import { devnetTarget } from '../../fixtures/target/devnet-target';
import { waitFor } from '../../fixtures/waits';
import { recordingLogger } from '../../fixtures/log';

const BLOCK_TIME_SECONDS = 1;
let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet({ blockTimeSeconds: BLOCK_TIME_SECONDS });
});

afterAll(async () => {
  await devnet?.stop();
});

describe('devnet', () => {
  it('serves chain id 31337 from the host and mines a block every block time without transactions', async () => {
    const publicClient = createPublicClient({ transport: http(devnet.rpcUrl) });
    expect(await publicClient.getChainId()).toBe(31337);
    expect(await createTestClient({ mode: 'anvil', transport: http(devnet.anvilRpcUrl) }).getAutomine()).toBe(false);

    const start = await publicClient.getBlockNumber({ cacheTime: 0 });
    const later = await waitFor({
      what: 'two more blocks from interval mining',
      timeoutMs: 10 * BLOCK_TIME_SECONDS * 1_000,
      probe: () => publicClient.getBlockNumber({ cacheTime: 0 }),
      isDone: (block) => block >= start + 2n,
      logger: recordingLogger(),
    });
    expect(later).toBeGreaterThanOrEqual(start + 2n);
  });

  it("gives the harness anvil behind hosted-provider limits, and its targets page and hold by the devnet's settings", async () => {
    // The hosted plan's bucket, refilled as fast as the devnet runs the network's clock (2 s batching window: 60×).
    expect(devnet.rpcLimits).toEqual({ maxLogRange: 100, maxLogResults: 10_000, requestsPerSecond: 1_500, burst: 250 });
    expect(devnet.rpcUrl).not.toBe(devnet.anvilRpcUrl);
    const latest = await createPublicClient({ transport: http(devnet.anvilRpcUrl) }).getBlockNumber();
    const wide = {
      method: 'eth_getLogs',
      params: [{ fromBlock: '0x1', toBlock: `0x${(latest + 200n).toString(16)}` }],
    } as const;
    await expect(
      createPublicClient({ transport: http(devnet.rpcUrl, { retryCount: 0 }) }).request(wide as never),
    ).rejects.toThrow(/query exceeds max block range 100/);
    await expect(createPublicClient({ transport: http(devnet.anvilRpcUrl) }).request(wide as never)).resolves.toEqual(
      expect.any(Array),
    );
    await expect(
      createTestClient({ mode: 'anvil', transport: http(devnet.rpcUrl, { retryCount: 0 }) }).getAutomine(),
    ).rejects.toThrow(/anvil_getAutomine does not exist/);
    expect(await rpcLimitsStats(devnet.rpcUrl)).toMatchObject({ refused: { range: 1, method: 1 } });

    const target = devnetTarget(devnetFactsOf(devnet, 2, { holdBlocks: false }));
    expect(target.chain.endpointLimits).toEqual({ maxLogRange: 100 });
    expect(target.blockProduction, 'holdBlocks=false: nothing holds block production').toBeUndefined();
    expect(devnetTarget(devnetFactsOf(devnet, 2)).blockProduction).toBeDefined();
  });

  it('publishes the deployed contracts as addresses.toml', async () => {
    expect(parseAddressesToml(devnet.addressesToml)).toEqual({
      nightfall: devnet.deployment.nightfall,
      roundRobin: devnet.deployment.roundRobin,
      x509: devnet.deployment.x509,
    });
    const code = await createPublicClient({ transport: http(devnet.rpcUrl) }).getCode({
      address: devnet.deployment.nightfall,
    });
    expect(code?.length).toBeGreaterThan(2);
  });

  it('has a healthy proposer, registered on chain under its in-network URL, that reaches anvil by alias', async () => {
    const response = await fetch(`${devnet.proposerUrl}/v1/health`);
    expect(response.status).toBe(200);
    expect((await response.text()).trim()).toBe('Healthy');
    expect(devnet.deployment.proposers.map((proposer) => proposer.url)).toEqual([devnet.proposerUrlInNetwork]);

    const probe = await devnet.containers.proposer.exec([
      'node',
      '-e',
      [
        "fetch('http://anvil:8545', { method: 'POST', headers: { 'content-type': 'application/json' },",
        "  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })",
        '.then((r) => r.json()).then((body) => process.stdout.write(body.result))',
      ].join(''),
    ]);
    expect(probe).toMatchObject({ exitCode: 0, stdout: '0x7a69' });
  });

  it('publishes ports on 127.0.0.1 only', async () => {
    const engine = await dockerEngine();
    for (const container of Object.values(devnet.containers)) {
      const { NetworkSettings } = await engine.getContainer(container.getId()).inspect();
      const bindings = Object.values(NetworkSettings.Ports).flat();
      expect(bindings.length).toBeGreaterThan(0);
      for (const binding of bindings) expect(binding?.HostIp).toBe('127.0.0.1');
    }
  });

  it("captures anvil's log without the dev keys it prints", () => {
    const anvilLog = devnet.logs.anvil.text();
    expect(anvilLog).toContain('Listening on');
    expect(anvilLog).toContain('Private Keys');
    expect(
      anvilLog.toLowerCase().includes(devnet.funderKey.reveal().slice(2).toLowerCase()),
      'the funder key appears in the captured anvil log',
    ).toBe(false);
  });

  it('removes its containers and network on stop', async () => {
    const ids = Object.values(devnet.containers).map((container) => container.getId());
    await devnet.stop();
    const engine = await dockerEngine();
    const remaining = await engine.listContainers({ all: true, filters: { id: ids } });
    expect(remaining).toEqual([]);
    const networks = await engine.listNetworks({ filters: { name: [devnet.network] } });
    expect(networks.filter((network) => network.Name === devnet.network)).toEqual([]);
  });
});
