// Which client posted to the proposer front, by its peer address. Docker gives a removed container's address to the
// next one, so an address once known as one client's may later be another's.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const dns = vi.hoisted(() => ({ table: new Map<string, string[]>() }));
vi.mock('node:dns/promises', () => ({
  lookup: async (name: string) => {
    const addresses = dns.table.get(name);
    if (!addresses) throw new Error(`ENOTFOUND ${name}`);
    return addresses.map((address) => ({ address, family: 4 }));
  },
}));

const { SenderDirectory } = await import('./proposer-front');

describe('the proposer front naming a sender', () => {
  beforeEach(() => dns.table.clear());

  it('names the client whose alias resolves to the peer address, written as IPv4 in IPv6', async () => {
    dns.table.set('alice-1', ['172.20.0.5']);
    dns.table.set('bob-1', ['172.20.0.6']);
    const directory = new SenderDirectory(() => ['alice-1', 'bob-1']);
    expect(await directory.nameOf('::ffff:172.20.0.6')).toBe('bob-1');
    expect(await directory.nameOf('172.20.0.9')).toBeUndefined();
  });

  it('names the new client at an address that was a removed client’s, not the old one', async () => {
    dns.table.set('alice-1', ['172.20.0.5']);
    const known = ['alice-1'];
    const directory = new SenderDirectory(() => known);
    expect(await directory.nameOf('172.20.0.5')).toBe('alice-1');
    // alice-1's container is removed; another file's alice-2 starts on the same address.
    dns.table.delete('alice-1');
    dns.table.set('alice-2', ['172.20.0.5']);
    known.push('alice-2');
    expect(await directory.nameOf('172.20.0.5')).toBe('alice-2');
  });

  it('follows a restarted client to its new address', async () => {
    dns.table.set('alice-1', ['172.20.0.5']);
    const directory = new SenderDirectory(() => ['alice-1']);
    expect(await directory.nameOf('172.20.0.5')).toBe('alice-1');
    dns.table.set('alice-1', ['172.20.0.8']);
    expect(await directory.nameOf('172.20.0.8')).toBe('alice-1');
    expect(await directory.nameOf('172.20.0.5')).toBeUndefined();
  });
});
