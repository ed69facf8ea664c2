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
import { deEscrowBody, depositBody, hex64, NightfallClient, withdrawBody, type TokenRef } from '../../../fixtures/api';
import { apiFailure, queuedId, waitForStatus } from './support/client-api';

describe('client simulator without a reachable L1 node', () => {
  let dir: string;
  let client: RunningClient;
  let api: NightfallClient;
  const token: TokenRef = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', standard: 'ERC20' };

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
    api = new NightfallClient({ baseUrl: client.url, name: 'no-rpc' });
  });
  afterAll(async () => {
    await api?.close();
    await client?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('maps chain read failures to the real status codes', async () => {
    expect((await apiFailure(api.proposers())).isAnswer(503, 'Failed to get list of Proposers')).toBe(true);
    expect((await apiFailure(api.synchronisation())).isAnswer(503, 'Synchronisation service unavailable')).toBe(true);
    expect((await apiFailure(api.l1Balance())).isAnswer(404, 'No such token')).toBe(true);
    const withdraw = withdrawBody({ token, value: 1n, recipient: token.address, fee: 0n });
    expect((await apiFailure(api.deEscrow(deEscrowBody(withdraw, hex64(1n))))).isAnswer(400, 'Failed to de-escrow funds')).toBe(true);
    await expect(api.health()).resolves.toBe('Healthy');
  });

  it('fails requests that need L1 and keeps processing the queue', async () => {
    const first = queuedId(await api.deposit(depositBody({ token, value: 1n, fee: 0n })));
    const second = queuedId(await api.deposit(depositBody({ token, value: 2n, fee: 0n })));
    await waitForStatus(api, first, ['Failed'], 30_000);
    await waitForStatus(api, second, ['Failed'], 30_000);
  });
});
