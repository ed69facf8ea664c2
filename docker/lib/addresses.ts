// addresses.toml, the file the real deployer writes and the real client reads (/app/configuration/toml/addresses.toml;
// EYBlockchain/nightfall_4_CE @ master 6ee83be : configuration/src/addresses.rs:153-200):
//   nightfall = "0x…"
//   round_robin = "0x…"
//   x509 = "0x…"
// with EIP-55 checksummed addresses. The orchestrator writes it; both simulators read it.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parse, stringify } from 'smol-toml';
import { getAddress, isAddress, zeroAddress, type Address } from 'viem';
import { z } from 'zod';

/** Accepts all-lowercase or correctly checksummed addresses (as alloy does), never the zero address. */
const ContractAddress = z
  .string()
  .refine((s) => isAddress(s, { strict: true }), 'must be a 0x address with a valid EIP-55 checksum')
  .transform((s) => getAddress(s))
  .refine((a) => a !== zeroAddress, 'must not be the zero address');

/** Extra keys are ignored, as serde does. */
const AddressesFileSchema = z.object({
  nightfall: ContractAddress,
  round_robin: ContractAddress,
  x509: ContractAddress,
});

export interface ContractAddresses {
  readonly nightfall: Address;
  readonly roundRobin: Address;
  readonly x509: Address;
}

export class AddressesFileError extends Error {
  override readonly name = 'AddressesFileError';
}

export function parseAddressesToml(text: string, source = 'addresses.toml'): ContractAddresses {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (e) {
    throw new AddressesFileError(`${source}: not valid TOML: ${(e as Error).message}`);
  }
  const result = AddressesFileSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ');
    throw new AddressesFileError(`${source}: ${problems}`);
  }
  const { nightfall, round_robin, x509 } = result.data;
  return { nightfall, roundRobin: round_robin, x509 };
}

/** The file's text, keys in the deployer's order, addresses checksummed. */
export function formatAddressesToml(a: ContractAddresses): string {
  const file = AddressesFileSchema.parse({ nightfall: a.nightfall, round_robin: a.roundRobin, x509: a.x509 });
  return `${stringify(file)}\n`;
}

export async function readAddressesFile(path: string): Promise<ContractAddresses> {
  return parseAddressesToml(await readFile(path, 'utf8'), path);
}

/** Creates missing parent directories, like the real deployer. */
export async function writeAddressesFile(path: string, a: ContractAddresses): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, formatAddressesToml(a));
}
