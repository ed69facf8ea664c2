import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SettingsError, loadClientSettings, loadProposerSettings, toHttpRpcUrl } from './settings';

// anvil's well-known dev account 9: a public test key
const KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'; // anvil's well-known devnet account 9
const BASE = { NF4_SIGNING_KEY: KEY, NF4_ETHEREUM_CLIENT_URL: 'ws://anvil:8545' };

function settingsError(f: () => unknown): SettingsError {
  try {
    f();
  } catch (e) {
    if (e instanceof SettingsError) return e;
    throw e;
  }
  throw new Error('expected a SettingsError');
}

describe('loadClientSettings', () => {
  it('applies the documented defaults', () => {
    const s = loadClientSettings(BASE);
    expect(s).toMatchObject({
      ethereumClientUrl: 'ws://anvil:8545',
      rpcUrl: 'http://anvil:8545',
      chainId: 31337,
      addressesFile: '/app/configuration/toml/addresses.toml',
      genesisBlock: 0n,
      port: 3000,
      webhookUrl: undefined,
      dataDir: '/app/data',
      maxQueueSize: 1000,
      build: 'plume',
    });
    expect(s.signingKey.reveal()).toBe(KEY);
  });

  it('reads every variable', () => {
    const s = loadClientSettings({
      ...BASE,
      NF4_NETWORK__CHAIN_ID: '84532',
      NF4_CONTRACTS__ADDRESSES_FILE: '/tmp/a.toml',
      NF4_GENESIS_BLOCK: '7303940',
      NF4_NIGHTFALL_CLIENT__WEBHOOK_URL: 'http://host.docker.internal:8081/webhook',
      NF4_NIGHTFALL_CLIENT__DB_URL: '/data',
      NF4_NIGHTFALL_CLIENT__MAX_QUEUE_SIZE: '5',
      NF4_SIM_CLIENT_BUILD: 'head',
      RUST_LOG: 'debug',
    });
    expect(s).toMatchObject({
      chainId: 84532,
      addressesFile: '/tmp/a.toml',
      genesisBlock: 7303940n,
      webhookUrl: 'http://host.docker.internal:8081/webhook',
      dataDir: '/data',
      maxQueueSize: 5,
      build: 'head',
      rustLog: 'debug',
    });
  });

  it('treats empty strings as unset (an empty webhook URL means none)', () => {
    const s = loadClientSettings({ ...BASE, NF4_NIGHTFALL_CLIENT__WEBHOOK_URL: '', NF4_NETWORK__CHAIN_ID: '' });
    expect(s.webhookUrl).toBeUndefined();
    expect(s.chainId).toBe(31337);
  });

  it('names every invalid variable in one error', () => {
    const e = settingsError(() =>
      loadClientSettings({
        NF4_ETHEREUM_CLIENT_URL: 'ftp://x',
        NF4_SIM_CLIENT_BUILD: 'main',
        NF4_NIGHTFALL_CLIENT__DB_URL: 'mongodb://db:27017',
        NF4_NIGHTFALL_CLIENT__WEBHOOK_URL: 'not a url',
        NF4_NIGHTFALL_CLIENT__MAX_QUEUE_SIZE: '0',
      }),
    );
    for (const name of [
      'NF4_SIGNING_KEY',
      'NF4_ETHEREUM_CLIENT_URL',
      'NF4_SIM_CLIENT_BUILD',
      'NF4_NIGHTFALL_CLIENT__DB_URL',
      'NF4_NIGHTFALL_CLIENT__WEBHOOK_URL',
      'NF4_NIGHTFALL_CLIENT__MAX_QUEUE_SIZE',
    ]) {
      expect(e.message).toContain(name);
    }
  });

  it('never shows the signing key, even when it is malformed', () => {
    const almost = `${KEY}0`;
    const e = settingsError(() => loadClientSettings({ ...BASE, NF4_SIGNING_KEY: almost }));
    expect(e.message).toContain('NF4_SIGNING_KEY');
    expect(e.message).not.toContain(KEY.slice(2));
    const s = loadClientSettings(BASE);
    const json = JSON.stringify(s, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    // eslint-disable-next-line @typescript-eslint/restrict-template-expressions -- the test proves what a template literal prints
    for (const text of [json, inspect(s, { depth: 10 }), String(s.signingKey), `${s.signingKey}`]) {
      expect(text).not.toContain(KEY.slice(2));
    }
    expect(json).toContain('[redacted]');
  });
});

describe('loadProposerSettings', () => {
  it('applies the real defaults', () => {
    expect(loadProposerSettings(BASE)).toMatchObject({
      blockAssemblyMaxWaitSecs: 120,
      blockAssemblyTargetFillRatio: 0.25,
      blockAssemblyInitialIntervalSecs: 15,
      blockSize: 64,
    });
  });

  it('reads the devnet overrides and rejects impossible values', () => {
    const s = loadProposerSettings({
      ...BASE,
      NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_MAX_WAIT_SECS: '2',
      NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_INITIAL_INTERVAL_SECS: '1',
      NF4_NIGHTFALL_PROPOSER__BLOCK_SIZE: '256',
    });
    expect(s).toMatchObject({ blockAssemblyMaxWaitSecs: 2, blockAssemblyInitialIntervalSecs: 1, blockSize: 256 });
    const e = settingsError(() =>
      loadProposerSettings({
        ...BASE,
        NF4_NIGHTFALL_PROPOSER__BLOCK_SIZE: '100',
        NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_TARGET_FILL_RATIO: '1.5',
      }),
    );
    expect(e.message).toContain('NF4_NIGHTFALL_PROPOSER__BLOCK_SIZE');
    expect(e.message).toContain('NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_TARGET_FILL_RATIO');
  });
});

describe('toHttpRpcUrl', () => {
  it('maps ws to http and wss to https, leaving http alone', () => {
    expect(toHttpRpcUrl('ws://anvil:8545')).toBe('http://anvil:8545');
    expect(toHttpRpcUrl('wss://rpc.example/x')).toBe('https://rpc.example/x');
    expect(toHttpRpcUrl('http://anvil:8545')).toBe('http://anvil:8545');
  });
});
