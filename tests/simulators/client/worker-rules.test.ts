// Input rules that the real client checks only in its queue worker (after the 202): each bad request ends `Failed`,
// leaves every stored commitment as it was (reservations rolled back) and the worker goes on with the next request.
// Reference §6.1-6.3 (hex and token type rules), §0.20 (range limits), seed "Amount encoding" and body tables.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../fixtures/waits';
import { compressPublicKey } from '../../../docker/lib/crypto/curve';
import { deriveKeys as deriveZkpKeys } from '../../../docker/lib/crypto/keys';
import {
  CHILD_PATH,
  commitments,
  deriveKeys,
  erc20DepositBody,
  hex64,
  newMnemonic,
  requestStatus,
  submit,
  transferBody,
  waitForCommitments,
  waitForStatus,
  withdrawBody,
  type Operation,
} from './support/client-api';
import { startClientDevnet, type ClientDevnet, type TestClient } from './support/client-devnet';
import { call } from './support/http';

describe('client simulator worker: bad inputs fail the request, never the worker (plume)', () => {
  let devnet: ClientDevnet;
  let client: TestClient;
  let token: string;
  let recipientKey: string;

  beforeAll(async () => {
    devnet = await startClientDevnet({ clients: 2 });
    client = await devnet.startTestClient(devnet.identities[0]!);
    token = devnet.deployment.tokens.stablecoin;
    // Someone to send to (no client needed: only the sender's side is under test).
    recipientKey = compressPublicKey(deriveZkpKeys(newMnemonic(), CHILD_PATH).zkpPublicKey);
    await deriveKeys(client.url, newMnemonic());
    const id = await submit(client.url, 'deposit', erc20DepositBody(token, { value: 1_000n, depositFee: 5n }));
    await waitForStatus(client.url, id, ['Confirmed']);
    await waitForCommitments(client.url, 'the deposits Unspent', (cs) => cs.length === 2 && cs.every((c) => c.status === 'Unspent'));
  });
  afterAll(async () => devnet?.stop());

  const snapshot = async () => (await commitments(client.url)).map((c) => `${c._id}:${c.status}`).sort();

  async function expectFails(operation: Operation, body: unknown): Promise<void> {
    const before = await snapshot();
    const id = await submit(client.url, operation, body);
    await waitForStatus(client.url, id, ['Failed']);
    expect(await snapshot()).toEqual(before);
  }

  const deposit = (overrides: Record<string, unknown>) => ({ ...erc20DepositBody(token, { value: 1n }), ...overrides });
  const transfer = (overrides: Record<string, unknown>) => ({ ...transferBody(token, recipientKey, 10n), ...overrides });
  const withdraw = (overrides: Record<string, unknown>) => ({ ...withdrawBody(token, devnet.identities[1]!.address, 10n), ...overrides });
  const recipients = (keys: string[], values = [hex64(10n)]) => ({ recipientData: { values, recipientCompressedZkpPublicKeys: keys } });

  it.each([
    ['deposit: an odd number of hex digits in value', 'deposit', () => deposit({ value: '0x1' })],
    ['deposit: a non-hex value', 'deposit', () => deposit({ value: 'zz' })],
    ['deposit: tokenType with a 0x prefix', 'deposit', () => deposit({ tokenType: '0x0' })],
    ['deposit: tokenType too large for a u8', 'deposit', () => deposit({ tokenType: '100' })],
    ['deposit: an odd-length ercAddress', 'deposit', () => deposit({ ercAddress: `0x0${token.slice(2)}` })],
    ['deposit: an ercAddress above 160 bits', 'deposit', () => deposit({ ercAddress: `0x01${token.slice(2)}` })],
    ['deposit: a tokenId longer than 32 bytes', 'deposit', () => deposit({ tokenId: '00'.repeat(33) })],
    ['transfer: an odd-length short tokenId', 'transfer', () => transfer({ tokenId: '0x0' })],
    ['transfer: an odd-length value', 'transfer', () => transfer(recipients([recipientKey], ['0x1']))],
    ['transfer: a recipient key that is not hex', 'transfer', () => transfer(recipients(['zz']))],
    ['transfer: a recipient key off the curve', 'transfer', () => transfer(recipients(['ff'.repeat(32)]))],
    ['transfer: the identity as recipient key', 'transfer', () => transfer(recipients([hex64(1n)]))],
    ['transfer: no recipient key', 'transfer', () => transfer(recipients([]))],
    ['transfer: an empty values list (a worker panic in the real client)', 'transfer', () => transfer(recipients([recipientKey], []))],
    ['transfer: more than the balance', 'transfer', () => transferBody(token, recipientKey, 1_001n)],
    ['transfer: a fee above the fee balance (value inputs are reserved, then released)', 'transfer', () => transferBody(token, recipientKey, 10n, 6n)],
    ['withdraw: more than the balance', 'withdraw', () => withdrawBody(token, devnet.identities[1]!.address, 5_000n)],
    ['withdraw: an odd-length tokenId', 'withdraw', () => withdraw({ tokenId: '000' })],
    ['withdraw: a recipient above 160 bits (rolled back after selection)', 'withdraw', () => withdraw({ recipientAddress: `01${'00'.repeat(20)}` })],
  ] as const)('%s → Failed, nothing changed', async (_name, operation, body) => {
    await expectFails(operation, body());
  });

  it('still serves valid requests afterwards: a transfer with the short tokenId form "0x00"', async () => {
    const id = await submit(client.url, 'transfer', { ...transferBody(token, recipientKey, 10n, 1n), tokenId: '0x00' });
    await waitForStatus(client.url, id, ['Confirmed']);
    const cs = await commitments(client.url);
    expect(cs.filter((c) => c.status === 'Spent')).toHaveLength(2); // the value and the fee deposit
  });

  it('takes an unknown tokenType ≥ 5 as ERC-20 with a warning, and accepts short and empty amounts', async () => {
    const id = await submit(client.url, 'deposit', { ...erc20DepositBody(token, { value: 0n }), tokenType: '7', value: '0x05', fee: '' });
    await waitForStatus(client.url, id, ['Confirmed']);
    expect(client.logs.some((l) => l.includes('WARN') && l.includes('TokenType value 7 not supported, defaulting to ERC20'))).toBe(true);
  });

  it('accepts a withdraw recipient in the short 0x form (the real client parses it as a number)', async () => {
    const id = await submit(client.url, 'withdraw', withdraw({ recipientAddress: devnet.identities[1]!.address.toLowerCase(), value: hex64(5n) }));
    await waitForStatus(client.url, id, ['Submitted', 'Confirmed']);
  });
});

describe('client simulator worker-death quirk (opt-in)', () => {
  let devnet: ClientDevnet;
  beforeAll(async () => {
    devnet = await startClientDevnet({ clients: 1 });
  });
  afterAll(async () => devnet?.stop());

  it('stops the worker at the real panic sites when enabled: later requests stay Queued', async () => {
    const client = await devnet.startTestClient(devnet.identities[0]!, { quirks: { workerDeath: true } });
    const token = devnet.deployment.tokens.stablecoin;
    const key = (await deriveKeys(client.url, newMnemonic())).zkp_public_key;
    const panicking = await submit(client.url, 'transfer', {
      ...transferBody(token, key, 1n),
      recipientData: { values: [], recipientCompressedZkpPublicKeys: [key] },
    });
    await waitFor({
      what: 'the worker to report its death',
      timeoutMs: 10_000,
      probe: () => client.logs.some((l) => l.includes('the queue worker has stopped')),
      isDone: (dead) => dead,
    });
    const stuck = randomUUID();
    await call(client.url, 'POST', '/v1/deposit', { json: erc20DepositBody(token, { value: 1n }), headers: { 'X-Request-ID': stuck } });
    expect(await requestStatus(client.url, panicking)).toMatchObject({ status: 'Processing' });
    expect(await requestStatus(client.url, stuck)).toMatchObject({ status: 'Queued' });
    expect((await call(client.url, 'GET', '/v1/queue')).text).toBe('1');
  });
});
