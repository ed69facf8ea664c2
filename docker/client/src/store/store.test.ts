import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE8, IDENTITY } from '../../../lib/crypto/curve';
import type { CommitmentRecord } from '../commitments/model';
import { ClientStore, DatabaseError, STORE_FILE_NAME } from './store';

const record = (hash: bigint, value: bigint, status: CommitmentRecord['status'] = 'Unspent'): CommitmentRecord => ({
  hash,
  preimage: {
    value,
    nfTokenId: 7n,
    nfSlotId: 7n,
    publicKey: IDENTITY,
    salt: { type: 'Deposit', value: { preimageOne: 1n, preimageTwo: 2n, preimageThree: 3n } },
  },
  status,
  nullifier: hash + 1000n,
  tokenType: null,
  layer1TransactionHash: null,
  layer2BlockNumber: null,
});

describe('ClientStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'client-store-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('persists commitments, requests, mappings and blocks across a reopen, leaving no temp file', async () => {
    const store = await ClientStore.open(dir);
    await store.insertCommitments([record(1n, 10n), record(2n, 20n, 'PendingCreation')]);
    await store.addRequest('r-1', 'Queued');
    await store.addMappings('r-1', [2n]);
    await store.storeBlock({ layer2BlockNumber: 0, l1TransactionHash: `0x${'ab'.repeat(32)}`, commitments: [] });

    const reopened = await ClientStore.open(dir);
    expect(reopened.commitments()).toEqual(store.commitments());
    expect(reopened.request('r-1')).toEqual({ uuid: 'r-1', status: 'Queued' });
    expect(reopened.requestsFor(2n.toString(16).padStart(64, '0'))).toEqual(['r-1']);
    expect(reopened.lastProcessedBlock()).toBe(0);
    expect(await readdir(dir)).toEqual([STORE_FILE_NAME]);
  });

  it('refuses a duplicate commitment hash like a unique _id, and writes nothing of the batch', async () => {
    const store = await ClientStore.open(dir);
    await store.insertCommitments([record(1n, 10n)]);
    await expect(store.insertCommitments([record(3n, 1n), record(1n, 99n)])).rejects.toBeInstanceOf(DatabaseError);
    expect(store.commitments().map((c) => c.hash)).toEqual([1n]);
  });

  it('sums only Unspent values and has no balance without them', async () => {
    const store = await ClientStore.open(dir);
    expect(store.balance(7n)).toBeUndefined();
    await store.insertCommitments([record(1n, 10n), record(2n, 20n, 'PendingSpend'), record(3n, 5n)]);
    expect(store.balance(7n)).toBe(15n);
    await store.setStatus([1n, 3n], 'Spent');
    expect(store.balance(7n)).toBeUndefined();
  });

  // D3: the real balance filters on nf_token_id and status only (driven/db/mongo.rs:442-464 @ plume_testnet_client),
  // so a commitment of a key loaded earlier still counts after another deriveKey.
  it('sums the Unspent values of every key the store holds, not only the loaded one (D3)', async () => {
    const store = await ClientStore.open(dir);
    const ofAnotherKey = { ...record(2n, 20n), preimage: { ...record(2n, 20n).preimage, publicKey: BASE8 } };
    await store.insertCommitments([record(1n, 10n), ofAnotherKey]);
    expect(store.balance(7n)).toBe(30n);
  });

  it('marks on-chain commitments Unspent whatever their status, and spent ones by nullifier', async () => {
    const store = await ClientStore.open(dir);
    await store.insertCommitments([record(1n, 10n, 'PendingSpend'), record(2n, 20n, 'PendingCreation')]);
    await store.markOnChain([0n, 1n, 2n], `0x${'cd'.repeat(32)}`, undefined);
    expect(store.commitments().map((c) => [c.status, c.layer1TransactionHash, c.layer2BlockNumber])).toEqual([
      ['Unspent', `0x${'cd'.repeat(32)}`, null],
      ['Unspent', `0x${'cd'.repeat(32)}`, null],
    ]);
    await store.markSpent([0n, 1002n]);
    expect(store.commitment(2n)?.status).toBe('Spent');
  });

  it('acts on the first of duplicate request ids and drops all requests on demand', async () => {
    const store = await ClientStore.open(dir);
    await store.addRequest('same', 'Queued');
    await store.addRequest('same', 'Queued');
    await store.updateRequest('same', { status: 'Submitted', childRequestArgs: '{}' });
    expect(store.request('same')).toEqual({ uuid: 'same', status: 'Submitted', childRequestArgs: '{}' });
    await store.updateRequest('same', { childRequestArgs: undefined });
    expect(store.request('same')).toEqual({ uuid: 'same', status: 'Submitted' });
    await store.dropRequests();
    expect(store.request('same')).toBeUndefined();
  });

  it('fails loudly on a store file it does not understand', async () => {
    await writeFile(join(dir, STORE_FILE_NAME), JSON.stringify({ version: 99 }));
    await expect(ClientStore.open(dir)).rejects.toThrow();
  });
});
