// Leftover removal: what an exited run left behind goes, what a live process (another terminal's devnet) uses stays,
// and so does a client a killed run left on a live network for its rescue (with its store and the network it is on).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDevnetImages } from '../../docker/images';
import { dockerEngine } from '../../fixtures/network/engine';
import { clientLabels } from '../../fixtures/network/client-labels';
import { OWNER_LABEL, ownershipLabels, removeLeftovers } from '../../fixtures/network/ownership';

const created: string[] = [];
const createdVolumes: string[] = [];
const createdNetworks: string[] = [];

afterAll(async () => {
  const engine = await dockerEngine();
  await Promise.all(
    created.map((id) =>
      engine
        .getContainer(id)
        .remove({ force: true })
        .catch(() => undefined),
    ),
  );
  await Promise.all(
    createdVolumes.map((name) =>
      engine
        .getVolume(name)
        .remove()
        .catch(() => undefined),
    ),
  );
  await Promise.all(
    createdNetworks.map((id) =>
      engine
        .getNetwork(id)
        .remove()
        .catch(() => undefined),
    ),
  );
});

/** A stopped container owned by `owner`: only its labels (and its network) matter here. */
async function containerOwnedBy(owner: string, labels: Record<string, string> = {}, network?: string): Promise<string> {
  const engine = await dockerEngine();
  const { anvil } = await ensureDevnetImages({ log: () => undefined });
  const container = await engine.createContainer({
    Image: anvil,
    Labels: { ...labels, ...ownershipLabels(), [OWNER_LABEL]: owner },
    ...(network ? { HostConfig: { NetworkMode: network } } : {}),
  });
  created.push(container.id);
  return container.id;
}

/** The pid of a process that has exited (its number is not reused within the test). */
function exitedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

async function volumeOwnedBy(owner: string, labels: Record<string, string> = {}): Promise<string> {
  const engine = await dockerEngine();
  const name = `nightfall-e2e-leftovers-test-${randomUUID().slice(0, 8)}`;
  await engine.createVolume({ Name: name, Labels: { ...labels, ...ownershipLabels(), [OWNER_LABEL]: owner } });
  createdVolumes.push(name);
  return name;
}

async function networkOwnedBy(owner: string): Promise<string> {
  const engine = await dockerEngine();
  const network = await engine.createNetwork({
    Name: `nightfall-e2e-leftovers-test-${randomUUID().slice(0, 8)}`,
    Labels: { ...ownershipLabels(), [OWNER_LABEL]: owner },
  });
  createdNetworks.push(network.id);
  return network.id;
}

describe('removeLeftovers', () => {
  it('removes containers of exited processes on this host and keeps those of live processes', async () => {
    const orphan = await containerOwnedBy(`${hostname()}/${exitedPid()}`);
    const ours = await containerOwnedBy(`${hostname()}/${process.pid}`);
    const otherHost = await containerOwnedBy(`another-host/${exitedPid()}`);

    const removed = await removeLeftovers();

    const engine = await dockerEngine();
    const remaining = (await engine.listContainers({ all: true, filters: { id: [orphan, ours, otherHost] } })).map(
      (c) => c.Id,
    );
    expect(remaining.sort()).toEqual([ours, otherHost].sort());
    expect(removed.containers).toBeGreaterThanOrEqual(1);
  });

  it('keeps a client an exited run left for its rescue and its store, on a network that lives; removes the rest of that run', async () => {
    const dead = `${hostname()}/${exitedPid()}`;
    // devnet: anvil's first CREATE address
    const facts = {
      user: 'alice',
      l1Address: '0x000000000000000000000000000000000000a11c',
      chainId: 98867,
      nightfall: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      runId: 'run-killed',
      keepForRescue: true,
    } as const;
    // The network the stand-in devnet's clients join, owned by the live process that runs that devnet.
    const network = await networkOwnedBy(`${hostname()}/${process.pid}`);
    const kept = await containerOwnedBy(dead, clientLabels('client', 'alice-abcdef', facts), network);
    const store = await volumeOwnedBy(dead, clientLabels('client-store', 'alice-abcdef', facts));
    const devnetClient = await containerOwnedBy(
      dead,
      clientLabels('client', 'bob-abcdef', { ...facts, user: 'bob', keepForRescue: false }),
    );
    const devnetStore = await volumeOwnedBy(
      dead,
      clientLabels('client-store', 'bob-abcdef', { ...facts, keepForRescue: false }),
    );

    await removeLeftovers();

    const engine = await dockerEngine();
    expect(
      (await engine.listContainers({ all: true, filters: { id: [kept, devnetClient] } })).map((c) => c.Id),
    ).toEqual([kept]);
    const { Volumes: volumes } = await engine.listVolumes({ filters: { name: [store, devnetStore] } });
    expect((volumes ?? []).map((v) => v.Name)).toEqual([store]);
    expect((await engine.listNetworks({ filters: { id: [network] } })).map((n) => n.Id)).toEqual([network]);
  });

  it("removes a kept client, its store and its network, when that network's process is gone too: its chain went with it", async () => {
    const dead = `${hostname()}/${exitedPid()}`;
    // devnet: anvil's first CREATE address
    const facts = {
      user: 'carol',
      l1Address: '0x000000000000000000000000000000000000ca01',
      chainId: 98867,
      nightfall: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      runId: 'run-killed',
      keepForRescue: true,
    } as const;
    const network = await networkOwnedBy(dead);
    const kept = await containerOwnedBy(dead, clientLabels('client', 'carol-abcdef', facts), network);
    const store = await volumeOwnedBy(dead, clientLabels('client-store', 'carol-abcdef', facts));

    await removeLeftovers();

    const engine = await dockerEngine();
    expect(await engine.listContainers({ all: true, filters: { id: [kept] } })).toEqual([]);
    expect(((await engine.listVolumes({ filters: { name: [store] } })).Volumes ?? []).map((v) => v.Name)).toEqual([]);
    expect(await engine.listNetworks({ filters: { id: [network] } })).toEqual([]);
  });

  it("goes on when the engine refuses to remove a leftover, and names it with the engine's answer", async () => {
    const dead = `${hostname()}/${exitedPid()}`;
    // An exited run's network that the engine will not remove: a running container (of a live process) is still on it.
    const network = await networkOwnedBy(dead);
    const live = await containerOwnedBy(`${hostname()}/${process.pid}`, {}, network);
    const engine = await dockerEngine();
    await engine.getContainer(live).start();
    const orphanVolume = await volumeOwnedBy(dead);

    const removed = await removeLeftovers();

    expect(removed.notRemoved).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^network nightfall-e2e-leftovers-test-\\w+: 403 .*active endpoints`)),
      ]),
    );
    expect((await engine.listNetworks({ filters: { id: [network] } })).map((n) => n.Id)).toEqual([network]);
    // Everything else of that run still goes.
    expect(
      ((await engine.listVolumes({ filters: { name: [orphanVolume] } })).Volumes ?? []).map((v) => v.Name),
    ).toEqual([]);
    await engine.getContainer(live).remove({ force: true });
  });
});
