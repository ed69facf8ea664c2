// Compiled contract artifacts (docker/contracts/build/<Name>.json, written by compile.ts) as the deployer reads them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';
import { z } from 'zod';
import type { ContractGeneration } from './abi';

export const sourcesDir = fileURLToPath(new URL('./src/', import.meta.url));
export const buildDir = fileURLToPath(new URL('./build/', import.meta.url));

/** Every deployable contract of the devnet; compile.ts fails if one of them produces no artifact. */
export const contractNames = [
  'NightfallPlume',
  'NightfallHead',
  'RoundRobin',
  'X509',
  'WrappedGas',
  'Stablecoin',
  'Collectible',
  'MultiToken',
  'SlotToken',
] as const;
export type ContractName = (typeof contractNames)[number];

/** The Nightfall contract of each generation (src/NightfallPlume.sol, src/NightfallHead.sol). */
export const nightfallContractOf = {
  plume: 'NightfallPlume',
  head: 'NightfallHead',
} as const satisfies Record<ContractGeneration, ContractName>;

const abiItemSchema = z.looseObject({ type: z.string() });

const artifactSchema = z.object({
  abi: z.array(abiItemSchema).transform((items) => items as unknown as Abi),
  bytecode: z
    .string()
    .regex(/^0x(?:[0-9a-f]{2})+$/, 'bytecode must be non-empty, even-length lowercase 0x hex')
    .transform((hex) => hex as Hex),
});
export type Artifact = z.infer<typeof artifactSchema>;

export function artifactPath(name: string): string {
  return `${buildDir}${name}.json`;
}

/** Reads one artifact; run `npm run build:contracts` (or buildContracts()) first. */
export function loadArtifact(name: ContractName): Artifact {
  let text: string;
  try {
    text = readFileSync(artifactPath(name), 'utf8');
  } catch (error) {
    throw new Error(`No artifact for ${name} at ${artifactPath(name)}: run \`npm run build:contracts\``, {
      cause: error,
    });
  }
  const parsed = artifactSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`Artifact ${artifactPath(name)} is malformed: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
