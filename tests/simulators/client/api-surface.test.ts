// The HTTP surface of the simulated client (plume build) against the real client's warp behaviour: routes, methods,
// status codes, plain-text error bodies, content types, the X-Request-ID rules and the deriveKey quirks
// (docs/client-api.md, "Endpoints"; EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/drivers/rest/mod.rs:37-120). Documented calls go through the harness's typed client; raw HTTP
// (support/raw-http.ts) only breaks the contract on purpose or looks at wire forms the typed client does not expose.
import { randomUUID } from 'node:crypto';
import { getAddress, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  deEscrowBody,
  DEFAULT_CHILD_PATH,
  depositBody,
  hex64,
  withdrawBody,
  type DerivedKeys,
} from '../../../fixtures/api';
import { Secret } from '../../../fixtures/secrets/secret';
import { waitFor } from '../../../fixtures/waits';
import { apiFailure, newMnemonic, queuedId, waitForStatus } from './support/client-api';
import { call, currentKeys } from './support/raw-http';
import { useClientDevnet } from './support/suite';

const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json';
/**
 * The real client's own derive_key test vector (EYBlockchain/nightfall_4_CE @ master 6ee83be :
 * lib/src/derive_key.rs:236-251).
 */
const VECTOR_MNEMONIC =
  'spice split denial symbol resemble knock hunt trial make buzz attitude mom slice define clinic kid crawl guilt frozen there cage light secret work';
const VECTOR_ROOT_KEY = '0e1e8e51526db38a04508426ec357de828af2ca4cba9d35133d22481523bb7dc';

/** A plume key set as the client writes it. */
function wireKeys(keys: DerivedKeys): Record<string, string> {
  if (!keys.privateKeys) throw new Error(`expected plume's full key set, got ${keys.shape}`);
  return {
    root_key: keys.privateKeys.rootKey.reveal(),
    nullifier_key: keys.privateKeys.nullifierKey.reveal(),
    zkp_private_key: keys.privateKeys.zkpPrivateKey.reveal(),
    zkp_public_key: keys.zkpPublicKey,
  };
}

describe('client simulator HTTP surface (plume)', () => {
  const suite = useClientDevnet({ identities: 2, clients: { alice: {} } });
  const alice = () => suite().clients.alice;
  const stablecoin = () => suite().devnet.stablecoin;
  /** Queued, then Failed in the worker: there is nothing to spend. */
  const unspendableWithdraw = () =>
    withdrawBody({ token: stablecoin(), value: 1n, recipient: alice().identity.address, fee: 0n });

  it('answers health on any method, with a single trailing slash tolerated', async () => {
    await expect(alice().api.health()).resolves.toBe('Healthy');
    // Raw: methods other than GET and a trailing slash, which the typed client never sends.
    for (const [method, path] of [
      ['GET', '/v1/health'],
      ['POST', '/v1/health'],
      ['GET', '/v1/health/'],
    ] as const) {
      const r = await call(alice().url, method, path);
      expect([r.status, r.text, r.contentType], `${method} ${path}`).toEqual([200, 'Healthy', TEXT]);
    }
  });

  it('maps unknown paths to 404 NOT_FOUND and a wrong method on a known path to 500', async () => {
    // Raw: no documented route, or the wrong method on one.
    for (const path of ['/v1/nope', '/v2/health', '/v1/health//', '/v1/balance/only-one']) {
      const r = await call(alice().url, 'GET', path);
      expect([r.status, r.text, r.contentType], path).toEqual([404, 'NOT_FOUND', TEXT]);
    }
    for (const [method, path] of [
      ['GET', '/v1/deriveKey'],
      ['POST', '/v1/commitments'],
      ['DELETE', `/v1/balance/${stablecoin().address}/00`],
    ] as const) {
      const r = await call(alice().url, method, path);
      expect([r.status, r.text, r.contentType], `${method} ${path}`).toEqual([500, 'INTERNAL_SERVER_ERROR', TEXT]);
    }
  });

  it('rejects unusable bodies of queued operations with 500 before looking at the request id', async () => {
    // Raw: bodies the API's schema does not allow (broken JSON, a missing field, a number for a string, the wrong
    // content type, no body), sent without an X-Request-ID.
    const valid = depositBody({ token: stablecoin(), value: 1n, fee: 0n });
    const { deposit_fee: _omitted, ...missingField } = valid;
    const cases: { body: string; headers: Record<string, string> }[] = [
      { body: '{', headers: { 'content-type': 'application/json' } },
      { body: JSON.stringify(missingField), headers: { 'content-type': 'application/json' } },
      { body: JSON.stringify({ ...valid, value: 1 }), headers: { 'content-type': 'application/json' } },
      { body: JSON.stringify(valid), headers: { 'content-type': 'text/plain' } },
      { body: '', headers: {} },
    ];
    for (const c of cases) {
      const r = await call(alice().url, 'POST', '/v1/deposit', { body: c.body, headers: c.headers });
      expect([r.status, r.text], c.body).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    }
  });

  it('requires a parsable X-Request-ID (plume), echoes it and answers 202 "Request queued" on any method', async () => {
    const { api, url } = alice();
    for (const requestId of [null, '', 'not-a-uuid', `${randomUUID()}x`]) {
      const error = await apiFailure(api.withdraw(unspendableWithdraw(), { requestId }));
      expect(error.isAnswer(400, 'Invalid request id'), String(requestId)).toBe(true);
    }
    // Every form the uuid crate parses: hyphenated, upper case, simple, braced, urn.
    for (const requestId of [
      randomUUID(),
      randomUUID().toUpperCase(),
      randomUUID().replaceAll('-', ''),
      `{${randomUUID()}}`,
      `urn:uuid:${randomUUID()}`,
    ]) {
      const queued = await api.withdraw(unspendableWithdraw(), { requestId });
      expect(queued, requestId).toEqual({
        requestId,
        sentRequestId: requestId,
        idAssignedBy: 'harness',
        httpStatus: 202,
        message: 'Request queued',
      });
      expect((await api.requestStatus(requestId)).uuid).toBe(requestId);
    }
    // Raw: the route has no method filter, and the exact answer (a JSON string as application/json, the id echoed).
    for (const method of ['POST', 'PUT', 'GET']) {
      const id = randomUUID();
      const r = await call(url, method, '/v1/withdraw', {
        json: unspendableWithdraw(),
        headers: { 'X-Request-ID': id },
      });
      expect([r.status, r.text, r.contentType, r.headers['x-request-id']], method).toEqual([
        202,
        '"Request queued"',
        JSON_TYPE,
        id,
      ]);
      expect((await api.requestStatus(id)).uuid).toBe(id);
    }
  });

  it('reports request status, 400 for a malformed id and 404 for an unknown one, and the queue length', async () => {
    const { api } = alice();
    const id = queuedId(await api.withdraw(unspendableWithdraw()));
    expect(await api.requestStatus(id)).toMatchObject({ uuid: id, child_request_args: null });
    expect((await apiFailure(api.requestStatus('nope'))).isAnswer(400, 'Invalid request id')).toBe(true);
    expect((await apiFailure(api.requestStatus(randomUUID()))).isAnswer(404, 'No such request')).toBe(true);
    // One FIFO worker: once it has failed the latest request, every earlier one is taken too and nothing is queued.
    await waitForStatus(api, id, ['Failed']);
    expect(await api.queue(), 'requests left in the queue once the worker took the last one').toBe(0);
  });

  it('deriveKey: returns the four keys, keeps the current ones for a missing or unusable body, 500 for a bad mnemonic', async () => {
    const { api, url } = alice();
    const vector = await api.deriveKey({ mnemonic: new Secret(VECTOR_MNEMONIC) });
    const keys = wireKeys(vector);
    expect(Object.values(keys).every((k) => /^[0-9a-f]{64}$/.test(k))).toBe(true);
    expect(keys.root_key).toBe(VECTOR_ROOT_KEY);

    // Raw: no body, a body that is not JSON, and one with the wrong field name all answer the current keys.
    for (const options of [
      {},
      { body: 'garbage', headers: { 'content-type': 'application/json' } },
      { json: { mnemonic: newMnemonic().reveal(), childPath: DEFAULT_CHILD_PATH } },
    ]) {
      const same = await call(url, 'POST', '/v1/deriveKey', options);
      expect([same.status, same.contentType, JSON.parse(same.text)]).toEqual([200, JSON_TYPE, keys]);
      expect(Object.keys(JSON.parse(same.text) as object)).toEqual([
        'root_key',
        'nullifier_key',
        'zkp_private_key',
        'zkp_public_key',
      ]);
    }
    const twelveWords = new Secret('test test test test test test test test test test test junk');
    for (const request of [{ mnemonic: twelveWords }, { mnemonic: newMnemonic(), childPath: 'not/a/path' }]) {
      expect((await apiFailure(api.deriveKey(request))).isAnswer(500, 'INTERNAL_SERVER_ERROR')).toBe(true);
    }
    const fresh = await api.deriveKey({ mnemonic: newMnemonic() });
    expect(fresh.zkpPublicKey).not.toBe(vector.zkpPublicKey);
    expect(await currentKeys(url)).toEqual(wireKeys(fresh));
  });

  it('reads balances and commitments with the real client error texts', async () => {
    const { api } = alice();
    const token = stablecoin().address;
    expect(await api.balance(token)).toEqual({ raw: 0n, hasUnspent: false }); // 404 No such token, at /0x00
    expect((await apiFailure(api.balance(token, '0x0'))).isAnswer(400, 'Invalid token id')).toBe(true);
    expect((await apiFailure(api.balance('0x123', '00'))).isAnswer(400, 'Invalid token id')).toBe(true);
    expect(await api.feeBalance()).toEqual({ raw: 0n, hasUnspent: false });
    expect((await apiFailure(api.commitment('zz'))).isAnswer(400, 'Invalid commitment key')).toBe(true);
    expect((await apiFailure(api.commitment(hex64(12345n)))).isAnswer(404, 'Commitment not found')).toBe(true);
    expect(await api.commitments()).toEqual([]);
  });

  it('lists the registered proposers from RoundRobin', async () => {
    const [proposer] = suite().devnet.deployment.proposers;
    const addr = getAddress(proposer!.address);
    expect(await alice().api.proposers()).toEqual([
      { stake: 4n, addr, url: proposer!.url, next_addr: addr, previous_addr: addr },
    ]);
  });

  it('reports synchronisation, the L1 balance, and zeros for an unknown token id', async () => {
    const { api, identity } = alice();
    await waitFor({
      what: 'the client to be synchronised',
      timeoutMs: 30_000,
      probe: () => api.synchronisation(),
      isDone: (s) => s.phase === 'Synchronized',
    });
    expect(await api.l1Balance()).toBe(await suite().devnet.publicClient.getBalance({ address: identity.address }));
    expect(await api.tokenInfo(7n)).toEqual({ erc_address: zeroAddress, token_id: 0n });
  });

  it('writes its answers in the real wire forms: content types, JSON inside text/plain, alloy serde', async () => {
    // Raw: content types, exact bytes and key order are below what the typed client's schemas look at.
    const { api, url } = alice();
    const get = (path: string) => call(url, 'GET', path);
    const id = queuedId(await api.withdraw(unspendableWithdraw()));
    const status = await get(`/v1/request/${id}`);
    expect([status.status, status.contentType]).toEqual([200, TEXT]);
    expect(Object.keys(JSON.parse(status.text) as object)).toEqual(['status', 'uuid']);
    const queue = await get('/v1/queue');
    expect([queue.status, queue.contentType]).toEqual([200, TEXT]);
    expect(queue.text).toMatch(/^\d+$/);
    expect(await get(`/v1/balance/${stablecoin().address}/0x00`)).toMatchObject({
      status: 404,
      text: 'No such token',
      contentType: TEXT,
    });
    expect(await get('/v1/commitments')).toMatchObject({ status: 200, contentType: JSON_TYPE, text: '[]' });
    expect(await get('/v1/synchronisation')).toMatchObject({
      status: 200,
      contentType: JSON_TYPE,
      text: '{"phase":"Synchronized"}',
    });
    const l1 = await get('/v1/l1_balance');
    expect([l1.status, l1.contentType]).toEqual([200, TEXT]);
    expect(l1.text).toMatch(/^[0-9a-f]{64}$/);
    expect(await get(`/v1/token/${hex64(7n)}`)).toMatchObject({
      status: 200,
      contentType: JSON_TYPE,
      text: JSON.stringify({ erc_address: hex64(0n), token_id: hex64(0n) }),
    });

    const proposers = await get('/v1/proposers');
    expect([proposers.status, proposers.contentType]).toEqual([200, JSON_TYPE]);
    const [proposer] = suite().devnet.deployment.proposers;
    const addr = proposer!.address.toLowerCase();
    expect(JSON.parse(proposers.text)).toEqual([
      { stake: '0x4', addr, url: proposer!.url, next_addr: addr, previous_addr: addr },
    ]);

    const body = deEscrowBody(unspendableWithdraw(), hex64(99n));
    expect(await call(url, 'POST', '/v1/de-escrow', { json: body })).toMatchObject({
      status: 400,
      text: 'Failed to de-escrow funds',
      contentType: TEXT,
    });
  });

  it('de-escrow: 500 for an unusable body, 400 for a withdraw that never happened', async () => {
    const { api, url, identity } = alice();
    // Raw: a body without most of its fields.
    const bad = await call(url, 'POST', '/v1/de-escrow', { json: { tokenId: '00' } });
    expect([bad.status, bad.text]).toEqual([500, 'INTERNAL_SERVER_ERROR']);
    const withdraw = withdrawBody({ token: stablecoin(), value: 5n, recipient: identity.address, fee: 0n });
    const never = await apiFailure(api.deEscrow(deEscrowBody(withdraw, hex64(99n))));
    expect(never.isAnswer(400, 'Failed to de-escrow funds')).toBe(true);
  });

  it('de-escrow: drops the connection for a recipient the real client cannot convert to an address (its panic)', async () => {
    const { api, identity } = alice();
    const withdraw = withdrawBody({ token: stablecoin(), value: 5n, recipient: identity.address, fee: 0n });
    const body = { ...deEscrowBody(withdraw, hex64(99n)), recipientAddress: `02${'00'.repeat(20)}` };
    const error = await apiFailure(api.deEscrow(body));
    expect([error.kind, error.attempts]).toEqual(['network', 1]); // no answer, and a value-moving call is not repeated
    expect(error.message).toMatch(/other side closed|socket/i);
    await expect(api.health()).resolves.toBe('Healthy'); // the server itself lives on
  });

  it('answers 503 JSON "Queue is full" (with the id) when the queue is at its limit, and queues nothing', async () => {
    // maxQueueSize = 1: one deposit being processed (out of the queue), one waiting, the next ones are refused.
    const { devnet } = suite();
    const small = await devnet.startTestClient(devnet.identities[1]!, { maxQueueSize: 1, name: 'small' });
    const deposit = () => depositBody({ token: stablecoin(), value: 1n, fee: 0n });
    const processing = queuedId(await small.api.deposit(deposit()));
    await waitForStatus(small.api, processing, ['Processing'], 10_000);
    queuedId(await small.api.deposit(deposit()));
    const refusedId = randomUUID();
    const refused = await apiFailure(small.api.deposit(deposit(), { requestId: refusedId }));
    expect(refused.isAnswer(503, '"Queue is full"')).toBe(true);
    // Raw: the typed client's error does not carry the answer's headers and content type.
    const wireId = randomUUID();
    const wire = await call(small.url, 'POST', '/v1/deposit', { json: deposit(), headers: { 'X-Request-ID': wireId } });
    expect([wire.status, wire.text, wire.contentType, wire.headers['x-request-id']]).toEqual([
      503,
      '"Queue is full"',
      JSON_TYPE,
      wireId,
    ]);
    for (const id of [refusedId, wireId]) {
      expect((await apiFailure(small.api.requestStatus(id))).isAnswer(404, 'No such request')).toBe(true);
    }
  });
});
