// NF4_* environment of the simulated client and proposer — the same variable names as the real images
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : configuration/src/settings.rs:184-205). Validated with zod at
// start-up so that a bad deployment fails at once with a message naming the variable. The signing key is wrapped so
// that it cannot leak through logging, JSON or util.inspect.
import { inspect } from 'node:util';
import type { Hex } from 'viem';
import { z } from 'zod';

/** In-container HTTP port of both simulators, as for the real images. */
const SIMULATOR_PORT = 3000;
const DEFAULT_ADDRESSES_FILE = '/app/configuration/toml/addresses.toml';

const REDACTED = '[redacted]';

/** An Ethereum private key that prints as "[redacted]" everywhere; call reveal() only where it is used. */
export class SigningKey {
  readonly #hex: Hex;
  constructor(hex: Hex) {
    this.#hex = hex;
  }
  reveal(): Hex {
    return this.#hex;
  }
  toString(): string {
    return REDACTED;
  }
  toJSON(): string {
    return REDACTED;
  }
  [inspect.custom](): string {
    return REDACTED;
  }
}

export class SettingsError extends Error {
  override readonly name = 'SettingsError';
}

/** Unset and empty mean the same (compose files often pass empty strings). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const intFromEnv = (min: number) => z.coerce.number().int().min(min);

/** viem's http transport is what the simulators use, so ws(s):// becomes http(s):// on the same host and port. */
export function toHttpRpcUrl(url: string): string {
  return url.replace(/^ws(s?):\/\//i, (_, s: string) => `http${s.toLowerCase()}://`);
}

const commonShape = {
  NF4_SIGNING_KEY: z
    .string({ error: 'is required' })
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
    .transform((k) => new SigningKey(k as Hex)),
  NF4_ETHEREUM_CLIENT_URL: z
    .string({ error: 'is required' })
    .regex(/^(wss?|https?):\/\/\S+$/i, 'must be a ws://, wss://, http:// or https:// URL'),
  NF4_NETWORK__CHAIN_ID: optional(intFromEnv(1)).transform((v) => v ?? 31337),
  NF4_CONTRACTS__ADDRESSES_FILE: optional(z.string()).transform((v) => v ?? DEFAULT_ADDRESSES_FILE),
  NF4_GENESIS_BLOCK: optional(z.string().regex(/^\d+$/, 'must be a block number')).transform((v) => BigInt(v ?? 0)),
  RUST_LOG: z.string().optional(),
};

const clientShape = {
  ...commonShape,
  NF4_NIGHTFALL_CLIENT__WEBHOOK_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or empty' })])
    .optional()
    .transform((v) => (v ? v : undefined)),
  NF4_NIGHTFALL_CLIENT__DB_URL: optional(
    z.string().refine((v) => !v.includes('://'), 'the simulator stores data in a directory: give a path, not a URL'),
  ).transform((v) => v ?? '/app/data'),
  NF4_NIGHTFALL_CLIENT__MAX_QUEUE_SIZE: optional(intFromEnv(1)).transform((v) => v ?? 1000),
  NF4_SIM_CLIENT_BUILD: optional(z.enum(['plume', 'head'], { error: 'must be "plume" or "head"' })).transform(
    (v) => v ?? 'plume',
  ),
};

const proposerShape = {
  ...commonShape,
  NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_MAX_WAIT_SECS: optional(z.coerce.number().positive()).transform(
    (v) => v ?? 120,
  ),
  NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_TARGET_FILL_RATIO: optional(z.coerce.number().gt(0).lte(1)).transform(
    (v) => v ?? 0.25,
  ),
  NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_INITIAL_INTERVAL_SECS: optional(z.coerce.number().positive()).transform(
    (v) => v ?? 15,
  ),
  NF4_NIGHTFALL_PROPOSER__BLOCK_SIZE: optional(
    z.coerce.number().refine((n) => n === 64 || n === 256, 'must be 64 or 256'),
  ).transform((v) => v ?? 64),
};

type Env = Readonly<Record<string, string | undefined>>;

/** The variables of `shape` read from `env`, or a SettingsError naming each bad one and why (never its value). */
export function parseEnv<S extends z.ZodRawShape>(shape: S, env: Env): z.infer<z.ZodObject<S>> {
  const result = z.object(shape).safeParse(env);
  if (result.success) return result.data;
  // Each line names the variable; zod's messages never contain the value, so the signing key cannot leak here.
  const lines = result.error.issues.map((i) => `${String(i.path[0] ?? '(environment)')}: ${i.message}`);
  throw new SettingsError(`invalid simulator environment:\n  ${lines.join('\n  ')}`);
}

/** The build the client simulates: `plume` (the test network's) or `head` (upstream master); see docs/devnet.md. */
export type ClientBuild = 'plume' | 'head';

interface CommonSettings {
  readonly signingKey: SigningKey;
  /** As configured (may be ws://). */
  readonly ethereumClientUrl: string;
  /** The same endpoint for viem's http transport. */
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly addressesFile: string;
  readonly genesisBlock: bigint;
  readonly rustLog: string | undefined;
  readonly port: number;
}

export interface ClientSettings extends CommonSettings {
  readonly webhookUrl: string | undefined;
  /** Directory of the simulator's persistent store. */
  readonly dataDir: string;
  readonly maxQueueSize: number;
  readonly build: ClientBuild;
}

export interface ProposerSettings extends CommonSettings {
  readonly blockAssemblyMaxWaitSecs: number;
  readonly blockAssemblyTargetFillRatio: number;
  readonly blockAssemblyInitialIntervalSecs: number;
  readonly blockSize: 64 | 256;
}

function common(e: z.infer<z.ZodObject<typeof commonShape>>): CommonSettings {
  return {
    signingKey: e.NF4_SIGNING_KEY,
    ethereumClientUrl: e.NF4_ETHEREUM_CLIENT_URL,
    rpcUrl: toHttpRpcUrl(e.NF4_ETHEREUM_CLIENT_URL),
    chainId: e.NF4_NETWORK__CHAIN_ID,
    addressesFile: e.NF4_CONTRACTS__ADDRESSES_FILE,
    genesisBlock: e.NF4_GENESIS_BLOCK,
    rustLog: e.RUST_LOG,
    port: SIMULATOR_PORT,
  };
}

/** Throws SettingsError listing every invalid variable. */
export function loadClientSettings(env: Env = process.env): ClientSettings {
  const e = parseEnv(clientShape, env);
  return {
    ...common(e),
    webhookUrl: e.NF4_NIGHTFALL_CLIENT__WEBHOOK_URL,
    dataDir: e.NF4_NIGHTFALL_CLIENT__DB_URL,
    maxQueueSize: e.NF4_NIGHTFALL_CLIENT__MAX_QUEUE_SIZE,
    build: e.NF4_SIM_CLIENT_BUILD,
  };
}

/** Throws SettingsError listing every invalid variable. */
export function loadProposerSettings(env: Env = process.env): ProposerSettings {
  const e = parseEnv(proposerShape, env);
  return {
    ...common(e),
    blockAssemblyMaxWaitSecs: e.NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_MAX_WAIT_SECS,
    blockAssemblyTargetFillRatio: e.NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_TARGET_FILL_RATIO,
    blockAssemblyInitialIntervalSecs: e.NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_INITIAL_INTERVAL_SECS,
    blockSize: e.NF4_NIGHTFALL_PROPOSER__BLOCK_SIZE,
  };
}
