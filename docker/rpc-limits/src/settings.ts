// Environment of the devnet's limiting JSON-RPC endpoint. Every limit is given by the orchestrator
// (fixtures/network/rpc-limits-container.ts holds the defaults and their sources), so the harness always knows the
// limits it is held to; a missing or malformed one stops the service at start, naming the variable.
import { z } from 'zod';
import { SettingsError } from '../../lib/settings';

const wholeNumber = (min: number) =>
  z.coerce.number({ error: 'is required' }).int('must be a whole number').min(min, `must be at least ${min}`);

const envShape = {
  /** The node the limits stand in front of (anvil on the devnet network). */
  RPC_LIMITS_UPSTREAM_URL: z.url({ error: 'is required (an http:// URL)' }),
  /** Most blocks one eth_getLogs may span (toBlock − fromBlock + 1). */
  RPC_LIMITS_MAX_LOG_RANGE: wholeNumber(1),
  /** Most logs one eth_getLogs may answer. */
  RPC_LIMITS_MAX_LOG_RESULTS: wholeNumber(1),
  /** Sustained requests per second (token bucket refill). */
  RPC_LIMITS_REQUESTS_PER_SECOND: wholeNumber(1),
  /** Requests that may arrive at once before the rate applies (token bucket size). */
  RPC_LIMITS_BURST: wholeNumber(1),
  /** The proposer the clients' transactions are passed on to (./proposer-front.ts); absent: no proposer front. */
  RPC_LIMITS_PROPOSER_URL: z.url({ error: 'must be an http:// URL' }).optional(),
  RUST_LOG: z.string().optional(),
};

export interface RpcLimitsSettings {
  readonly upstreamUrl: string;
  readonly maxLogRange: number;
  readonly maxLogResults: number;
  readonly requestsPerSecond: number;
  readonly burst: number;
  readonly proposerUrl?: string;
}

export const RPC_LIMITS_PORT = 3000;

/** Throws SettingsError listing every invalid variable. */
export function loadRpcLimitsSettings(
  env: Readonly<Record<string, string | undefined>> = process.env,
): RpcLimitsSettings {
  const result = z.object(envShape).safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${String(issue.path[0] ?? '(environment)')}: ${issue.message}`);
    throw new SettingsError(`invalid rpc-limits environment:\n  ${lines.join('\n  ')}`);
  }
  const e = result.data;
  return {
    upstreamUrl: e.RPC_LIMITS_UPSTREAM_URL,
    maxLogRange: e.RPC_LIMITS_MAX_LOG_RANGE,
    maxLogResults: e.RPC_LIMITS_MAX_LOG_RESULTS,
    requestsPerSecond: e.RPC_LIMITS_REQUESTS_PER_SECOND,
    burst: e.RPC_LIMITS_BURST,
    ...(e.RPC_LIMITS_PROPOSER_URL === undefined ? {} : { proposerUrl: e.RPC_LIMITS_PROPOSER_URL }),
  };
}
