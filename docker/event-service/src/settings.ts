// Environment of the devnet's event-delivery service (the MultiBaas double). Validated with zod at start-up so a bad
// deployment fails at once naming the variable, never its value: the API key is a secret. The L1 endpoint uses the
// simulators' NF4_* names, so the orchestrator hands all containers the same facts. Which contracts are synced is not
// configuration: as on MultiBaas, a user links them through the API (`POST /chains/ethereum/addresses/{a}/contracts`).
import { z } from 'zod';
import { inspect } from 'node:util';
import { SettingsError, toHttpRpcUrl } from '../../lib/settings';
import { PLAN_SETTINGS, type PlanSetting } from './plan';

const AFTER_DELETE = ['drop-retries', 'keep-retrying'] as const;
export type AfterDelete = (typeof AFTER_DELETE)[number];

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const milliseconds = (fallback: number) => optional(z.coerce.number().int().min(0)).transform((v) => v ?? fallback);

const envShape = {
  /** Bearer key of the API; at least 16 characters so that it cannot be guessed and is long enough to redact. */
  EVENT_SERVICE_API_KEY: z.string({ error: 'is required' }).min(16, 'must be at least 16 characters'),
  NF4_ETHEREUM_CLIENT_URL: z
    .string({ error: 'is required' })
    .regex(/^(wss?|https?):\/\/\S+$/i, 'must be a ws://, wss://, http:// or https:// URL'),
  NF4_NETWORK__CHAIN_ID: optional(z.coerce.number().int().min(1)).transform((v) => v ?? 31337),
  EVENT_SERVICE_POLL_MS: milliseconds(250),
  /** Retries after a failed delivery (non-2xx or network error), then the delivery stays undelivered in the log. */
  EVENT_SERVICE_RETRIES: optional(z.coerce.number().int().min(0)).transform((v) => v ?? 8),
  EVENT_SERVICE_RETRY_MIN_MS: milliseconds(1_000),
  EVENT_SERVICE_RETRY_MAX_MS: milliseconds(60_000),
  /** Bound of one delivery POST (connect, headers and body). */
  EVENT_SERVICE_DELIVERY_TIMEOUT_MS: milliseconds(10_000),
  /** Which deployment `GET /plan` shows (plan.ts): event monitoring on (the default), off, or no plan route at all (404). */
  EVENT_SERVICE_PLAN: optional(z.enum(PLAN_SETTINGS)).transform((v) => v ?? 'event-monitoring'),
  /**
   * The order of `GET /events`: newest first, as a live MultiBaas answered in Curvegrid's own tests (SHEETS
   * curvegrid/multibaas-for-google-sheets src/Code.spec.js:613-653); oldest first to test a client against the other.
   */
  EVENT_SERVICE_ORDER: optional(
    z.enum(['newest-first', 'oldest-first'], { error: 'must be newest-first or oldest-first' }),
  ).transform((v) => v ?? 'newest-first'),
  /**
   * What `DELETE /webhooks/{id}` does to the webhook's deliveries already queued or being retried: drop them (the
   * default) or keep retrying them, signed with the deleted webhook's secret. The vendor documents neither (SPEC
   * curvegrid/multibaas-sdk-go @ 816cbf0 : api/openapi.yaml:1934-1952 returns a bare BaseResponse; the retry state,
   * `failedCalls`/`nextAttempt`, lives on the endpoint, :6942-6957): keep-retrying lets a test show what the harness
   * does with a swept webhook's late delivery.
   */
  EVENT_SERVICE_AFTER_DELETE: optional(
    z.enum(AFTER_DELETE, { error: 'must be drop-retries or keep-retrying' }),
  ).transform((v) => v ?? 'drop-retries'),
  /** The most rows one page of a list holds, whatever `limit` asks: the vendor documents no cap. Unset: no cap. */
  EVENT_SERVICE_PAGE_CAP: optional(z.coerce.number().int().min(1)),
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

export type ListOrder = 'newest-first' | 'oldest-first';

interface ListingSettings {
  /** The order of `GET /events`. */
  readonly order: ListOrder;
  /** Rows per page at most, below the asked `limit`; undefined: as many as asked. */
  readonly pageCap: number | undefined;
}

export interface EventServiceSettings {
  readonly apiKey: ApiKey;
  /** As configured (may be ws://: new heads are then pushed). */
  readonly ethereumClientUrl: string;
  /** The same endpoint for viem's http transport. */
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly pollMs: number;
  readonly retry: RetrySettings;
  /** Whether a deleted webhook's queued deliveries are dropped or still retried. */
  readonly afterDelete: AfterDelete;
  readonly deliveryTimeoutMs: number;
  readonly plan: PlanSetting;
  readonly listing: ListingSettings;
  readonly rustLog: string | undefined;
  readonly port: number;
}

const EVENT_SERVICE_PORT = 3000;

/** Throws SettingsError listing every invalid variable (names only). */
export function loadEventServiceSettings(
  env: Readonly<Record<string, string | undefined>> = process.env,
): EventServiceSettings {
  const result = z.object(envShape).safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${String(i.path[0] ?? '(environment)')}: ${i.message}`);
    throw new SettingsError(`invalid event service environment:\n  ${lines.join('\n  ')}`);
  }
  const e = result.data;
  if (e.EVENT_SERVICE_RETRY_MAX_MS < e.EVENT_SERVICE_RETRY_MIN_MS) {
    throw new SettingsError(
      'invalid event service environment:\n  EVENT_SERVICE_RETRY_MAX_MS: must not be below EVENT_SERVICE_RETRY_MIN_MS',
    );
  }
  return {
    apiKey: new ApiKey(e.EVENT_SERVICE_API_KEY),
    ethereumClientUrl: e.NF4_ETHEREUM_CLIENT_URL,
    rpcUrl: toHttpRpcUrl(e.NF4_ETHEREUM_CLIENT_URL),
    chainId: e.NF4_NETWORK__CHAIN_ID,
    pollMs: e.EVENT_SERVICE_POLL_MS,
    retry: {
      retries: e.EVENT_SERVICE_RETRIES,
      minMs: e.EVENT_SERVICE_RETRY_MIN_MS,
      maxMs: e.EVENT_SERVICE_RETRY_MAX_MS,
    },
    afterDelete: e.EVENT_SERVICE_AFTER_DELETE,
    deliveryTimeoutMs: e.EVENT_SERVICE_DELIVERY_TIMEOUT_MS,
    plan: e.EVENT_SERVICE_PLAN,
    listing: { order: e.EVENT_SERVICE_ORDER, pageCap: e.EVENT_SERVICE_PAGE_CAP },
    rustLog: e.RUST_LOG,
    port: EVENT_SERVICE_PORT,
  };
}
