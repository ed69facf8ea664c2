import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import type { Address } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AddressesFileError,
  formatAddressesToml,
  parseAddressesToml,
  readAddressesFile,
  writeAddressesFile,
} from './addresses';

const ADDRESSES = {
  nightfall: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  roundRobin: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  x509: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
} as const;

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('addresses.toml', () => {
  it("is written exactly in the real deployer's shape", () => {
    expect(formatAddressesToml(ADDRESSES)).toBe(
      [
        'nightfall = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"',
        'round_robin = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0"',
        'x509 = "0x5FbDB2315678afecb367f032d93F642f64180aa3"',
        '',
      ].join('\n'),
    );
  });

  it('checksums lowercase input on write and on read', () => {
    const lower = {
      nightfall: ADDRESSES.nightfall.toLowerCase() as Address,
      roundRobin: ADDRESSES.roundRobin.toLowerCase() as Address,
      x509: ADDRESSES.x509.toLowerCase() as Address,
    };
    expect(parseAddressesToml(formatAddressesToml(lower))).toEqual(ADDRESSES);
  });

  it('ignores extra keys such as chain_id', () => {
    expect(parseAddressesToml(`chain_id = 31337\n${formatAddressesToml(ADDRESSES)}`)).toEqual(ADDRESSES);
  });

  it('rejects bad checksums, zero and missing addresses, and broken TOML, naming the key', () => {
    const badChecksum = formatAddressesToml(ADDRESSES).replace('0xe7f1725E', '0xE7f1725E');
    expect(() => parseAddressesToml(badChecksum)).toThrow(/nightfall: .*checksum/);
    const zero = formatAddressesToml(ADDRESSES).replace(ADDRESSES.x509, '0x0000000000000000000000000000000000000000');
    expect(() => parseAddressesToml(zero)).toThrow(/x509: .*zero/);
    expect(() => parseAddressesToml('nightfall = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"')).toThrow(/round_robin/);
    expect(() => parseAddressesToml('nightfall = ')).toThrow(AddressesFileError);
  });

  it('round-trips through a file, creating parent directories', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'addresses-'));
    dirs.push(dir);
    const path = join(dir, 'configuration/toml/addresses.toml');
    await writeAddressesFile(path, ADDRESSES);
    expect(await readAddressesFile(path)).toEqual(ADDRESSES);
    expect(await readFile(path, 'utf8')).toContain('round_robin = ');
  });

  it('names the file when its content is invalid', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'addresses-'));
    dirs.push(dir);
    const path = join(dir, 'addresses.toml');
    await writeFile(path, 'nightfall = "nope"\n');
    await expect(readAddressesFile(path)).rejects.toThrow(path);
  });
});
