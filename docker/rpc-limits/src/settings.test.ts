import { describe, expect, it } from 'vitest';
import { loadRpcLimitsSettings } from './settings';

const complete = {
  RPC_LIMITS_UPSTREAM_URL: 'http://anvil:8545',
  RPC_LIMITS_MAX_LOG_RANGE: '100',
  RPC_LIMITS_MAX_LOG_RESULTS: '10000',
  RPC_LIMITS_REQUESTS_PER_SECOND: '25',
  RPC_LIMITS_BURST: '250',
};

describe('the limiting endpoint settings', () => {
  it('reads every limit', () => {
    expect(loadRpcLimitsSettings(complete)).toEqual({
      upstreamUrl: 'http://anvil:8545',
      maxLogRange: 100,
      maxLogResults: 10_000,
      requestsPerSecond: 25,
      burst: 250,
    });
  });

  it('names each missing or malformed limit: the orchestrator must give them all', () => {
    const { RPC_LIMITS_BURST: _, ...withoutBurst } = complete;
    expect(() =>
      loadRpcLimitsSettings({ ...withoutBurst, RPC_LIMITS_MAX_LOG_RANGE: '0', RPC_LIMITS_UPSTREAM_URL: 'anvil' }),
    ).toThrow(/RPC_LIMITS_UPSTREAM_URL: .*\n\s+RPC_LIMITS_MAX_LOG_RANGE: must be at least 1\n\s+RPC_LIMITS_BURST: /);
  });
});
