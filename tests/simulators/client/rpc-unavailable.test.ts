// When the L1 node cannot be reached, the routes that read the chain answer as the real client does (reference
// §2.4.7-2.4.11): proposers 503, synchronisation 503, L1 balance 404 "No such token", de-escrow 400; requests that
// need L1 end `Failed` and the worker carries on. No anvil: the RPC URL points at a closed port.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClient, type RunningClient } from '../../../docker/client/src/client';
import { writeAddressesFile } from '../../../docker/lib/addresses';
import { loadClientSettings } from '../../../docker/lib/settings';
import { erc20DepositBody, hex64, submit, waitForStatus, withdrawBody } from './support/client-api';
import { call } from './support/http';

describe('client simulator without a reachable L1 node', () => {
  let dir: string;
  let client: RunningClient;
  const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'client-no-rpc-'));
    const addressesFile = join(dir, 'addresses.toml');
    await writeAddressesFile(addressesFile, {
      nightfall: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      roundRobin: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
      x509: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
    });
    const settings = loadClientSettings({
      NF4_SIGNING_KEY: generatePrivateKey(),
      NF4_ETHEREUM_CLIENT_URL: 'ws://127.0.0.1:1',
      NF4_CONTRACTS__ADDRESSES_FILE: addressesFile,
      NF4_NIGHTFALL_CLIENT__DB_URL: join(dir, 'data'),
      RUST_LOG: 'off',
    });
    client = await startClient(settings, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await client?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('maps chain read failures to the real status codes', async () => {
    expect(await call(client.url, 'GET', '/v1/proposers')).toMatchObject({ status: 503, text: 'Failed to get list of Proposers' });
    expect(await call(client.url, 'GET', '/v1/synchronisation')).toMatchObject({ status: 503, text: 'Synchronisation service unavailable' });
    expect(await call(client.url, 'GET', '/v1/l1_balance')).toMatchObject({ status: 404, text: 'No such token' });
    const body = { ...withdrawBody(token, token, 1n), withdrawFundSalt: hex64(1n) };
    expect(await call(client.url, 'POST', '/v1/de-escrow', { json: body })).toMatchObject({ status: 400, text: 'Failed to de-escrow funds' });
    expect(await call(client.url, 'GET', '/v1/health')).toMatchObject({ status: 200, text: 'Healthy' });
  });

  it('fails requests that need L1 and keeps processing the queue', async () => {
    const first = await submit(client.url, 'deposit', erc20DepositBody(token, { value: 1n }));
    const second = await submit(client.url, 'deposit', erc20DepositBody(token, { value: 2n }));
    await waitForStatus(client.url, first, ['Failed'], 30_000);
    await waitForStatus(client.url, second, ['Failed'], 30_000);
  });
});
