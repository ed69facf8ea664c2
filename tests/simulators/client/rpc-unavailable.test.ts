// When the L1 node cannot be reached, the routes that read the chain answer as the real client does
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/balance.rs:70-88,
// proposers.rs:10-42, synchronisation.rs:12-26): proposers 503, synchronisation 503, L1 balance 404 "No such token",
// de-escrow 400; requests that need L1 end `Failed`. The first describe switches the realistic worker death off (the
// unit-test switch) to see the routes and the request failures; the second keeps it on, the default. No anvil: the RPC
// URL points at a closed port.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type RunningClient } from '../../../docker/client/src/client';
import { writeAddressesFile } from '../../../docker/lib/addresses';
import { loadClientSettings } from '../../../docker/lib/settings';
import { deEscrowBody, depositBody, hex64, NightfallClient, withdrawBody, type TokenRef } from '../../../fixtures/api';
import { waitFor } from '../../../fixtures/waits';
import { apiFailure, queuedId, waitForStatus } from './support/client-api';

const token: TokenRef = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', standard: 'ERC20' };

type StartOptions = NonNullable<Parameters<typeof startClient>[1]>;

// A client whose RPC URL points at a closed port, with its addresses file and database under `dir`.
async function startClientWithoutL1(
  dir: string,
  env: Record<string, string>,
  options: Omit<StartOptions, 'port' | 'host'>,
): Promise<RunningClient> {
  const addressesFile = join(dir, 'addresses.toml');
  await writeAddressesFile(addressesFile, {
    nightfall: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    roundRobin: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    x509: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
  });
  const settings = loadClientSettings({
    NF4_SIGNING_KEY: generatePrivateKey(),
    NF4_ETHEREUM_CLIENT_URL: 'ws://127.0.0.1:1',
    NF4_CONTRACTS__ADDRESSES_FILE: addressesFile,
    NF4_NIGHTFALL_CLIENT__DB_URL: join(dir, 'data'),
    ...env,
  });
  return startClient(settings, { port: 0, host: '127.0.0.1', ...options });
}

describe('client simulator without a reachable L1 node', () => {
  let dir: string;
  let client: RunningClient;
  let api: NightfallClient;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'client-no-rpc-'));
    client = await startClientWithoutL1(dir, { RUST_LOG: 'off' }, { quirks: { workerDeath: false } });
    api = new NightfallClient({ baseUrl: client.url, name: 'no-rpc' });
  });
  afterAll(async () => {
    await api?.close();
    await client?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('maps chain read failures to the real status codes', async () => {
    expect((await apiFailure(api.proposers())).isAnswer(503, 'Failed to get list of Proposers')).toBe(true);
    expect((await apiFailure(api.synchronisation())).isAnswer(503, 'Synchronisation service unavailable')).toBe(true);
    expect((await apiFailure(api.l1Balance())).isAnswer(404, 'No such token')).toBe(true);
    const withdraw = withdrawBody({ token, value: 1n, recipient: token.address, fee: 0n });
    expect(
      (await apiFailure(api.deEscrow(deEscrowBody(withdraw, hex64(1n))))).isAnswer(400, 'Failed to de-escrow funds'),
    ).toBe(true);
    await expect(api.health()).resolves.toBe('Healthy');
  });

  it('fails requests that need L1 and keeps processing the queue', async () => {
    const first = queuedId(await api.deposit(depositBody({ token, value: 1n, fee: 0n })));
    const second = queuedId(await api.deposit(depositBody({ token, value: 2n, fee: 0n })));
    await waitForStatus(api, first, ['Failed'], 30_000);
    await waitForStatus(api, second, ['Failed'], 30_000);
  });
});

// When the worker checks synchronisation (build-profile.ts syncCheck) shows with the default worker death, which makes
// an RPC error in that check end the worker as the real `return` does: plume checks every turn of its loop, so it dies
// while idle (driven/queue.rs:64-71 @ plume_testnet_client 4e84c58); head checks for each request it takes, so it
// dies on the first request, already taken off the queue and never marked Processing (driven/queue.rs:63-78 @ master).
// The only line either prints is `Failed to get synchronisation status: IOError("Could not read current block")`.
describe.each(['plume', 'head'] as const)(
  'client simulator (%s) without L1, with the default worker death',
  (build) => {
    let dir: string;
    let client: RunningClient;
    let api: NightfallClient;
    const logs: string[] = [];
    const died = () =>
      logs.some((l) => l.includes('Failed to get synchronisation status: IOError("Could not read current block")'));

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'client-no-rpc-'));
      client = await startClientWithoutL1(
        dir,
        { NF4_SIM_CLIENT_BUILD: build, RUST_LOG: 'info' },
        { logWrite: (line) => logs.push(line) },
      );
      api = new NightfallClient({ baseUrl: client.url, name: `no-rpc-${build}` });
    });
    afterAll(async () => {
      await api?.close();
      await client?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it(
      build === 'plume'
        ? 'dies while idle; a request then stays Queued in the queue'
        : 'lives while idle; dies on the first request, which stays Queued off the queue',
      async () => {
        // plume: idle for longer than the worker's 1 s turn, measured by its 3 s "connection is alive" lines. head: its
        // listener has already met the missing node (its `.expect("could not get latest block number")` panics).
        const progress =
          build === 'plume' ? 'connection is alive: true' : "panicked at 'could not get latest block number";
        await waitFor({
          what: `the client to have been idle for a while ("${progress}")`,
          timeoutMs: 15_000,
          probe: () => logs.filter((l) => l.includes(progress)).length,
          isDone: (n) => n >= (build === 'plume' ? 2 : 1),
        });
        if (build === 'plume') {
          await waitFor({
            what: 'the plume worker to die while idle',
            timeoutMs: 10_000,
            probe: died,
            isDone: (d) => d,
          });
        }
        // Head checks only when it takes a request: alive until one arrives (which then fails its check at once).
        if (build === 'head') expect(died()).toBe(false);
        const id = queuedId(await api.deposit(depositBody({ token, value: 1n, fee: 0n })));
        if (build === 'head') {
          await waitFor({
            what: 'the head worker to die on the request',
            timeoutMs: 10_000,
            probe: died,
            isDone: (d) => d,
          });
        }
        expect(await api.requestStatus(id)).toMatchObject({ status: 'Queued' });
        expect(await api.queue()).toBe(build === 'plume' ? 1 : 0);
      },
    );
  },
);
