// Leftover removal: what an exited run left behind goes, what a live process (another terminal's devnet) uses stays.
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDevnetImages } from '../../docker/images';
import { dockerEngine } from '../../fixtures/network/engine';
import { OWNER_LABEL, ownershipLabels, removeLeftovers } from '../../fixtures/network/ownership';

const created: string[] = [];

afterAll(async () => {
  const engine = await dockerEngine();
  await Promise.all(created.map((id) => engine.getContainer(id).remove({ force: true }).catch(() => undefined)));
});

/** A stopped container owned by `owner`: only its labels matter here. */
async function containerOwnedBy(owner: string): Promise<string> {
  const engine = await dockerEngine();
  const { anvil } = await ensureDevnetImages({ log: () => undefined });
  const container = await engine.createContainer({ Image: anvil, Labels: { ...ownershipLabels(), [OWNER_LABEL]: owner } });
  created.push(container.id);
  return container.id;
}

/** The pid of a process that has exited (its number is not reused within the test). */
function exitedPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('removeLeftovers', () => {
  it('removes containers of exited processes on this host and keeps those of live processes', async () => {
    const orphan = await containerOwnedBy(`${hostname()}/${exitedPid()}`);
    const ours = await containerOwnedBy(`${hostname()}/${process.pid}`);
    const otherHost = await containerOwnedBy(`another-host/${exitedPid()}`);

    const removed = await removeLeftovers();

    const engine = await dockerEngine();
    const remaining = (await engine.listContainers({ all: true, filters: { id: [orphan, ours, otherHost] } })).map((c) => c.Id);
    expect(remaining.sort()).toEqual([ours, otherHost].sort());
    expect(removed.containers).toBeGreaterThanOrEqual(1);
  });
});
