// Environment of the devnet's event-delivery service (the MultiBaas double). Validated with zod at start-up so a bad
// deployment fails at once naming the variable, never its value: the API key is a secret. The L1 endpoint and the
// addresses file use the simulators' NF4_* names, so the orchestrator hands all three containers the same facts.
import { getAddress, isAddress, type Address } from 'viem';
import { z } from 'zod';
import { inspect } from 'node:util';
import { DEFAULT_ADDRESSES_FILE, SettingsError, toHttpRpcUrl } from '../../lib/settings';

/** The ERC token contracts of the devnet that the service watches besides Nightfall and RoundRobin. */
export const TOKEN_KINDS = ['wrappedGas', 'stablecoin', 'erc721', 'erc1155', 'erc3525'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

const ContractAddress = z
  .string()
  .refine((s) => isAddress(s, { strict: false }), 'must be a 0x address')
  .transform((s) => getAddress(s));

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const milliseconds = (fallback: number) => optional(z.coerce.number().int().min(0)).transform((v) => v ?? fallback);

const envShape = {
  /** Bearer key of the API; at least 16 characters so that it cannot be guessed and is long enough to redact. */
  EVENT_SERVICE_API_KEY: z.string({ error: 'is required' }).min(16, 'must be at least 16 characters'),
  NF4_ETHEREUM_CLIENT_URL: z
    .string({ error: 'is required' })
    .regex(/^(wss?|https?):\/\/\S+$/i, 'must be a ws://, wss://, http:// or https:// URL'),
  NF4_NETWORK__CHAIN_ID: optional(z.coerce.number().int().min(1)).transform((v) => v ?? 31337),
  NF4_CONTRACTS__ADDRESSES_FILE: optional(z.string()).transform((v) => v ?? DEFAULT_ADDRESSES_FILE),
  /** First L1 block to read events from (the deploy block): what MultiBaas calls a contract's startingBlock. */
  EVENT_SERVICE_START_BLOCK: optional(z.string().regex(/^\d+$/, 'must be a block number')).transform((v) => BigInt(v ?? 0)),
  /** JSON object of token contracts by kind, e.g. {"stablecoin":"0x…"}; kinds not given are not watched. */
  EVENT_SERVICE_TOKENS: optional(z.string())
    .transform((text, ctx) => {
      if (text === undefined) return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object of token addresses by kind' });
        return z.NEVER;
      }
    })
    .pipe(z.partialRecord(z.enum(TOKEN_KINDS), ContractAddress)),
  EVENT_SERVICE_POLL_MS: milliseconds(250),
  /** Retries after a failed delivery (non-2xx or network error), then the delivery stays undelivered in the log. */
  EVENT_SERVICE_RETRIES: optional(z.coerce.number().int().min(0)).transform((v) => v ?? 8),
  EVENT_SERVICE_RETRY_MIN_MS: milliseconds(1_000),
  EVENT_SERVICE_RETRY_MAX_MS: milliseconds(60_000),
  /** Bound of one delivery POST (connect, headers and body). */
  EVENT_SERVICE_DELIVERY_TIMEOUT_MS: milliseconds(10_000),
  RUST_LOG: z.string().optional(),
};

/** The API key: prints as [redacted] through String(), JSON and util.inspect; reveal() only where it is compared. */
export class ApiKey {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '[redacted]';
  }
  toJSON(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return '[redacted]';
  }
}

export interface RetrySettings {
  readonly retries: number;
  readonly minMs: number;
  readonly maxMs: number;
}

export interface EventServiceSettings {
  readonly apiKey: ApiKey;
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly addressesFile: string;
  readonly startBlock: bigint;
  readonly tokens: Partial<Record<TokenKind, Address>>;
  readonly pollMs: number;
  readonly retry: RetrySettings;
  readonly deliveryTimeoutMs: number;
  readonly rustLog: string | undefined;
  readonly port: number;
}

export const EVENT_SERVICE_PORT = 3000;

/** Throws SettingsError listing every invalid variable (names only). */
export function loadEventServiceSettings(env: Readonly<Record<string, string | undefined>> = process.env): EventServiceSettings {
  const result = z.object(envShape).safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${String(i.path[0] ?? '(environment)')}: ${i.message}`);
    throw new SettingsError(`invalid event service environment:\n  ${lines.join('\n  ')}`);
  }
  const e = result.data;
  if (e.EVENT_SERVICE_RETRY_MAX_MS < e.EVENT_SERVICE_RETRY_MIN_MS) {
    throw new SettingsError('invalid event service environment:\n  EVENT_SERVICE_RETRY_MAX_MS: must not be below EVENT_SERVICE_RETRY_MIN_MS');
  }
  return {
    apiKey: new ApiKey(e.EVENT_SERVICE_API_KEY),
    rpcUrl: toHttpRpcUrl(e.NF4_ETHEREUM_CLIENT_URL),
    chainId: e.NF4_NETWORK__CHAIN_ID,
    addressesFile: e.NF4_CONTRACTS__ADDRESSES_FILE,
    startBlock: e.EVENT_SERVICE_START_BLOCK,
    tokens: e.EVENT_SERVICE_TOKENS,
    pollMs: e.EVENT_SERVICE_POLL_MS,
    retry: { retries: e.EVENT_SERVICE_RETRIES, minMs: e.EVENT_SERVICE_RETRY_MIN_MS, maxMs: e.EVENT_SERVICE_RETRY_MAX_MS },
    deliveryTimeoutMs: e.EVENT_SERVICE_DELIVERY_TIMEOUT_MS,
    rustLog: e.RUST_LOG,
    port: EVENT_SERVICE_PORT,
  };
}
