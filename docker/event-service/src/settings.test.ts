// The event service's environment: validated at start-up with messages that name variables, never values, and an
// API key that prints as [redacted] however it is printed.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadEventServiceSettings } from './settings';

const API_KEY = 'devnet-event-service-key-for-tests'; // not a real key: a test value
const base = { EVENT_SERVICE_API_KEY: API_KEY, NF4_ETHEREUM_CLIENT_URL: 'ws://anvil:8545' };

describe('event service settings', () => {
  it('reads the chain id and retry bounds, and speaks http to the node', () => {
    const settings = loadEventServiceSettings({
      ...base,
      NF4_NETWORK__CHAIN_ID: '11155111',
      EVENT_SERVICE_RETRIES: '2',
      EVENT_SERVICE_RETRY_MIN_MS: '100',
      EVENT_SERVICE_RETRY_MAX_MS: '400',
    });
    expect(settings).toMatchObject({
      rpcUrl: 'http://anvil:8545',
      chainId: 11155111,
      retry: { retries: 2, minMs: 100, maxMs: 400 },
    });
    expect(settings.apiKey.reveal()).toBe(API_KEY);
  });

  it('lists events newest first with no page cap unless set otherwise', () => {
    expect(loadEventServiceSettings(base).listing).toEqual({ order: 'newest-first', pageCap: undefined });
    expect(
      loadEventServiceSettings({ ...base, EVENT_SERVICE_ORDER: 'oldest-first', EVENT_SERVICE_PAGE_CAP: '30' }).listing,
    ).toEqual({ order: 'oldest-first', pageCap: 30 });
  });

  it('refuses an unknown order and a page cap below one', () => {
    const attempt = () =>
      loadEventServiceSettings({ ...base, EVENT_SERVICE_ORDER: 'random', EVENT_SERVICE_PAGE_CAP: '0' });
    expect(attempt).toThrow(/EVENT_SERVICE_ORDER: must be newest-first or oldest-first/);
    expect(attempt).toThrow(/EVENT_SERVICE_PAGE_CAP/);
  });

  it("drops a deleted webhook's queued deliveries unless told to keep retrying them, and refuses anything else", () => {
    expect(loadEventServiceSettings(base).afterDelete).toBe('drop-retries');
    expect(loadEventServiceSettings({ ...base, EVENT_SERVICE_AFTER_DELETE: 'keep-retrying' }).afterDelete).toBe(
      'keep-retrying',
    );
    expect(() => loadEventServiceSettings({ ...base, EVENT_SERVICE_AFTER_DELETE: 'cancel' })).toThrow(
      /EVENT_SERVICE_AFTER_DELETE: must be drop-retries or keep-retrying/,
    );
  });

  it('prints the API key as [redacted] through String, JSON and inspect', () => {
    const { apiKey } = loadEventServiceSettings(base);
    const printed = [String(apiKey), JSON.stringify({ apiKey }), inspect({ apiKey })].join(' ');
    expect(printed).not.toContain(API_KEY);
    expect(printed).toContain('[redacted]');
  });

  it('names every invalid variable without echoing its value', () => {
    const attempt = () =>
      loadEventServiceSettings({ EVENT_SERVICE_API_KEY: 'short-key', EVENT_SERVICE_RETRIES: 'many' });
    expect(attempt).toThrow(/EVENT_SERVICE_API_KEY: must be at least 16 characters/);
    expect(attempt).toThrow(/NF4_ETHEREUM_CLIENT_URL: is required/);
    expect(attempt).toThrow(/EVENT_SERVICE_RETRIES/);
    expect(attempt).not.toThrow(/short-key/);
  });

  it('refuses a retry cap below the first retry delay', () => {
    expect(() =>
      loadEventServiceSettings({ ...base, EVENT_SERVICE_RETRY_MIN_MS: '500', EVENT_SERVICE_RETRY_MAX_MS: '100' }),
    ).toThrow(/EVENT_SERVICE_RETRY_MAX_MS: must not be below EVENT_SERVICE_RETRY_MIN_MS/);
  });
});
