// The HTTP surface of the simulated client (plume build) against the real client's warp behaviour: routes, methods,
// status codes, plain-text error bodies, content types, the X-Request-ID rules and the deriveKey quirks
// (reference §2.1-2.4; seed endpoint table).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { waitFor } from '../../../fixtures/waits';
import { CHILD_PATH, erc20DepositBody, hex64, newMnemonic, requestStatus, withdrawBody } from './support/client-api';
import { startClientDevnet, type ClientDevnet, type TestClient } from './support/client-devnet';
import { call } from './support/http';

const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json';
/** The real client's own derive_key test vector (reference §6.4). */
const VECTOR_MNEMONIC =
  'spice split denial symbol resemble knock hunt trial make buzz attitude mom slice define clinic kid crawl guilt frozen there cage light secret work';
const VECTOR_ROOT_KEY = '0e1e8e51526db38a04508426ec357de828af2ca4cba9d35133d22481523bb7dc';

describe('client simulator HTTP surface (plume)', () => {
  let devnet: ClientDevnet;
  let client: TestClient;
  let token: string;

  beforeAll(async () => {
    devnet = await startClientDevnet({ clients: 2 });
    client = await devnet.startTestClient(devnet.identities[0]!);
    token = devnet.deployment.tokens.stablecoin;
  });
  afterAll(async () => devnet?.stop());

  const get = (path: string) => call(client.url, 'GET', path);

  it('answers health on any method, with a single trailing slash tolerated', async () => {
    for (const [method, path] of [['GET', '/v1/health'], ['POST', '/v1/health'], ['GET', '/v1/health/']] as const) {
      const r = await call(client.url, method, path);
      expect([r.status, r.text, r.contentType], `${method} ${path}`).toEqual([200, 'Healthy', TEXT]);
    }
  });

  it('maps unknown paths to 404 NOT_FOUND and a wrong method on a known path to 500', async () => {
    for (const path of ['/v1/nope', '/v2/health', '/v1/health//', '/v1/balance/only-one']) {
      const r = await get(path);
      expect([r.status, r.text, r.contentType], path).toEqual([404, 'NOT_FOUND', TEXT]);
    }
    for (const [method, path] of [['GET', '/v1/deriveKey'], ['POST', '/v1/commitments'], ['DELETE', `/v1/balance/${token}/00`]] as const) {
      const r = await call(client.url, method, path);
      expect([r.status, r.text, r.contentType], `${method} ${path}`).toEqual([500, 'INTERNAL_SERVER_ERROR', TEXT]);
    }
  });

  it('rejects unusable bodies of queued operations with 500 before looking at the request id', async () => {
    const valid = erc20DepositBody(token, { value: 1n });
    const { deposit_fee: _omitted, ...missingField } = valid;
    const cases: { body: string; headers: Record<string, string> }[] = [
      { body: '{', headers: { 'content-type': 'application/json' } },
      { body: JSON.stringify(missingField), headers: { 'content-type': 'application/json' } },
      { body: JSON.stringify({ ...valid, value: 1 }), headers: { 'content-type': 'application/json' } },
      { body: JSON.stringify(valid), headers: { 'content-type': 'text/plain' } },
      { body: '', headers: {} },
    ];
    for (const c of cases) {
      const r = await call(client.url, 'POST', '/v1/deposit', { body: c.body, headers: c.headers }); // no X-Request-ID
      expect([r.status, r.text], c.body).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    }
  });

  it('requires a parsable X-Request-ID (plume), echoes it and answers 202 "Request queued" on any method', async () => {
    const body = withdrawBody(token, devnet.identities[0]!.address, 1n); // fails later in the worker: nothing to spend
    for (const id of [undefined, '', 'not-a-uuid', `${randomUUID()}x`]) {
      const r = await call(client.url, 'POST', '/v1/withdraw', { json: body, headers: id === undefined ? {} : { 'X-Request-ID': id } });
      expect([r.status, r.text, r.contentType], String(id)).toEqual([400, 'Invalid request id', TEXT]);
    }
    const u = randomUUID();
    for (const [method, id] of [
      ['POST', u],
      ['PUT', u.toUpperCase().replace(/^./, 'A')],
      ['GET', u.replaceAll('-', '').replace(/^./, 'b')],
      ['POST', `{${randomUUID()}}`],
      ['POST', `urn:uuid:${randomUUID()}`],
    ] as const) {
      const r = await call(client.url, method, '/v1/withdraw', { json: body, headers: { 'X-Request-ID': id } });
      expect([r.status, r.text, r.contentType, r.headers['x-request-id']], `${method} ${id}`).toEqual([202, '"Request queued"', JSON_TYPE, id]);
      const status = await requestStatus(client.url, id);
      expect('uuid' in status && status.uuid).toBe(id);
    }
  });

  it('reports request status as text/plain JSON, 400 for a malformed id and 404 for an unknown one', async () => {
    const id = randomUUID();
    await call(client.url, 'POST', '/v1/withdraw', { json: withdrawBody(token, devnet.identities[0]!.address, 1n), headers: { 'X-Request-ID': id } });
    const found = await get(`/v1/request/${id}`);
    expect([found.status, found.contentType]).toEqual([200, TEXT]);
    expect(Object.keys(JSON.parse(found.text))).toEqual(['status', 'uuid']);
    expect(await get('/v1/request/nope')).toMatchObject({ status: 400, text: 'Invalid request id' });
    expect(await get(`/v1/request/${randomUUID()}`)).toMatchObject({ status: 404, text: 'No such request' });
    const queue = await get('/v1/queue');
    expect([queue.status, queue.contentType]).toEqual([200, TEXT]);
    expect(queue.text).toMatch(/^\d+$/);
  });

  it('deriveKey: returns the four keys, keeps the current ones for a missing or unusable body, 500 for a bad mnemonic', async () => {
    const vector = await call(client.url, 'POST', '/v1/deriveKey', { json: { mnemonic: VECTOR_MNEMONIC, child_path: CHILD_PATH } });
    expect([vector.status, vector.contentType]).toEqual([200, JSON_TYPE]);
    const keys = JSON.parse(vector.text) as Record<string, string>;
    expect(Object.keys(keys)).toEqual(['root_key', 'nullifier_key', 'zkp_private_key', 'zkp_public_key']);
    expect(Object.values(keys).every((k) => /^[0-9a-f]{64}$/.test(k))).toBe(true);
    expect(keys.root_key).toBe(VECTOR_ROOT_KEY);

    for (const options of [{}, { body: 'garbage', headers: { 'content-type': 'application/json' } }, { json: { mnemonic: newMnemonic(), childPath: CHILD_PATH } }]) {
      const same = await call(client.url, 'POST', '/v1/deriveKey', options);
      expect([same.status, JSON.parse(same.text)]).toEqual([200, keys]);
    }
    const twelveWords = 'test test test test test test test test test test test junk';
    for (const json of [{ mnemonic: twelveWords, child_path: CHILD_PATH }, { mnemonic: newMnemonic(), child_path: 'not/a/path' }]) {
      const bad = await call(client.url, 'POST', '/v1/deriveKey', { json });
      expect([bad.status, bad.text]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    }
    const fresh = JSON.parse((await call(client.url, 'POST', '/v1/deriveKey', { json: { mnemonic: newMnemonic(), child_path: CHILD_PATH } })).text);
    expect(fresh.zkp_public_key).not.toBe(keys.zkp_public_key);
    expect(JSON.parse((await call(client.url, 'POST', '/v1/deriveKey')).text)).toEqual(fresh);
  });

  it('reads balances and commitments with the real client error texts', async () => {
    expect(await get(`/v1/balance/${token}/0x00`)).toMatchObject({ status: 404, text: 'No such token', contentType: TEXT });
    expect(await get(`/v1/balance/${token}/0x0`)).toMatchObject({ status: 400, text: 'Invalid token id' });
    expect(await get('/v1/balance/0x123/00')).toMatchObject({ status: 400, text: 'Invalid token id' });
    expect(await get('/v1/fee_balance')).toMatchObject({ status: 404, text: 'No such token' });
    expect(await get('/v1/commitment/zz')).toMatchObject({ status: 400, text: 'Invalid commitment key' });
    expect(await get(`/v1/commitment/${hex64(12345n)}`)).toMatchObject({ status: 404, text: 'Commitment not found' });
    const all = await get('/v1/commitments');
    expect([all.status, all.contentType, all.text]).toEqual([200, JSON_TYPE, '[]']);
  });

  it('lists the registered proposers from RoundRobin in alloy serde form', async () => {
    const r = await get('/v1/proposers');
    expect([r.status, r.contentType]).toEqual([200, JSON_TYPE]);
    const [proposer] = devnet.deployment.proposers;
    const addr = proposer!.address.toLowerCase();
    expect(JSON.parse(r.text)).toEqual([{ stake: '0x4', addr, url: proposer!.url, next_addr: addr, previous_addr: addr }]);
  });

  it('reports synchronisation, the L1 balance as 64 hex, and zeros for an unknown token id', async () => {
    const sync = await waitFor({
      what: 'the client to be synchronised',
      timeoutMs: 30_000,
      probe: () => get('/v1/synchronisation'),
      isDone: (r) => r.text === '{"phase":"Synchronized"}',
    });
    expect(sync.contentType).toBe(JSON_TYPE);
    const l1 = await get('/v1/l1_balance');
    expect(l1.text).toBe(hex64(await devnet.publicClient.getBalance({ address: getAddress(devnet.identities[0]!.address) })));
    const info = await get(`/v1/token/${hex64(7n)}`);
    expect([info.status, JSON.parse(info.text)]).toEqual([200, { erc_address: hex64(0n), token_id: hex64(0n) }]);
  });

  it('de-escrow: 500 for an unusable body, 400 for a withdraw that never happened', async () => {
    const bad = await call(client.url, 'POST', '/v1/de-escrow', { json: { tokenId: '00' } });
    expect([bad.status, bad.text]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    const body = { ...withdrawBody(token, devnet.identities[0]!.address, 5n), withdrawFundSalt: hex64(99n) };
    const never = await call(client.url, 'POST', '/v1/de-escrow', { json: body });
    expect([never.status, never.text, never.contentType]).toEqual([400, 'Failed to de-escrow funds', TEXT]);
  });

  it('de-escrow: drops the connection for a recipient the real client cannot convert to an address (its panic)', async () => {
    const body = { ...withdrawBody(token, devnet.identities[0]!.address, 5n), recipientAddress: `02${'00'.repeat(20)}`, withdrawFundSalt: hex64(99n) };
    await expect(call(client.url, 'POST', '/v1/de-escrow', { json: body })).rejects.toThrow(/other side closed|socket/i);
    expect((await get('/v1/health')).status).toBe(200); // the server itself lives on
  });

  it('answers 503 JSON "Queue is full" (with the id) when the queue is at its limit, and queues nothing', async () => {
    // maxQueueSize = 1: one deposit being processed (out of the queue), one waiting, the third is refused.
    const small = await devnet.startTestClient(devnet.identities[1]!, { maxQueueSize: 1 });
    const processing = randomUUID();
    await call(small.url, 'POST', '/v1/deposit', { json: erc20DepositBody(token, { value: 1n }), headers: { 'X-Request-ID': processing } });
    await waitFor({
      what: `deposit ${processing} to be Processing`,
      timeoutMs: 10_000,
      probe: () => requestStatus(small.url, processing),
      isDone: (s) => 'uuid' in s && s.status === 'Processing',
    });
    const waiting = await call(small.url, 'POST', '/v1/deposit', { json: erc20DepositBody(token, { value: 1n }), headers: { 'X-Request-ID': randomUUID() } });
    expect(waiting.status).toBe(202);
    const refusedId = randomUUID();
    const refused = await call(small.url, 'POST', '/v1/deposit', { json: erc20DepositBody(token, { value: 1n }), headers: { 'X-Request-ID': refusedId } });
    expect([refused.status, refused.text, refused.contentType, refused.headers['x-request-id']]).toEqual([503, '"Queue is full"', JSON_TYPE, refusedId]);
    expect(await call(small.url, 'GET', `/v1/request/${refusedId}`)).toMatchObject({ status: 404, text: 'No such request' });
  });
});
