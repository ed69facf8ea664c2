import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE8 } from '../../lib/crypto/curve';
import { SettingsError } from '../../lib/settings';
import { preimageHash, type CommitmentRecord } from './commitments/model';
import { changeOf, credited, loadPlantedBug, recordSpends } from './planted-bug';
import { ClientStore } from './store/store';

function received(salt: bigint, value = 40n): CommitmentRecord {
  const preimage = {
    value,
    nfTokenId: 7n,
    nfSlotId: 7n,
    publicKey: BASE8,
    salt: { type: 'Transfer' as const, value: salt },
  };
  const hash = preimageHash(preimage);
  return {
    hash,
    preimage,
    status: 'Unspent',
    nullifier: hash + 1n,
    tokenType: null,
    layer1TransactionHash: null,
    layer2BlockNumber: null,
  };
}

describe('the planted bug switch of the client double', () => {
  it('plants nothing unless told: unset and empty are the honest client', () => {
    expect(loadPlantedBug({})).toBeUndefined();
    expect(loadPlantedBug({ NF4_SIM_PLANTED_BUG: '' })).toBeUndefined();
  });

  it('knows its three bugs, and refuses any other name', () => {
    for (const bug of ['change-off-by-one', 'double-credit', 'nullifier-not-recorded'])
      expect(loadPlantedBug({ NF4_SIM_PLANTED_BUG: bug })).toBe(bug);
    expect(() => loadPlantedBug({ NF4_SIM_PLANTED_BUG: 'everything' })).toThrow(SettingsError);
  });
});

describe('change-off-by-one', () => {
  it('returns one unit more change than the inputs leave; the honest client returns what they leave', () => {
    expect(changeOf(60n, 'change-off-by-one')).toBe(61n);
    expect(changeOf(0n, 'change-off-by-one')).toBe(1n);
    expect(changeOf(60n, undefined)).toBe(60n);
    expect(changeOf(60n, 'double-credit')).toBe(60n);
  });
});

describe('double-credit', () => {
  const nullifierOf = (hash: bigint) => hash + 1n;

  it('stores each received commitment a second time, of the same value under its own hash and nullifier', () => {
    const record = received(5n);
    const [first, second, ...rest] = credited([record], 'double-credit', nullifierOf);
    expect({ first, rest }).toEqual({ first: record, rest: [] });
    expect(second!.preimage.value).toBe(40n);
    expect(second!.hash).toBe(preimageHash(second!.preimage));
    expect(second!.hash).not.toBe(record.hash);
    expect(second!.nullifier).toBe(nullifierOf(second!.hash));
  });

  it('stores each once on the honest client', () => {
    const records = [received(5n), received(6n)];
    expect(credited(records, undefined, nullifierOf)).toEqual(records);
    expect(credited(records, 'change-off-by-one', nullifierOf)).toEqual(records);
  });
});

describe('nullifier-not-recorded', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'planted-bug-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  async function storeSpending(): Promise<{ store: ClientStore; spent: CommitmentRecord; kept: CommitmentRecord }> {
    const store = await ClientStore.open(dir);
    const spent = { ...received(5n), status: 'PendingSpend' as const };
    const kept = received(6n, 3n);
    await store.insertCommitments([spent, kept]);
    return { store, spent, kept };
  }

  it('leaves a commitment whose nullifier a block spends Unspent, counted in the balance', async () => {
    const { store, spent, kept } = await storeSpending();
    await recordSpends(store, [spent.nullifier, 0n], 'nullifier-not-recorded');
    expect(store.commitment(spent.hash)?.status).toBe('Unspent');
    expect(store.commitment(kept.hash)?.status).toBe('Unspent');
    expect(store.balance(7n)).toBe(43n);
  });

  it('marks it Spent on the honest client', async () => {
    const { store, spent } = await storeSpending();
    await recordSpends(store, [spent.nullifier, 0n], undefined);
    expect(store.commitment(spent.hash)?.status).toBe('Spent');
    expect(store.balance(7n)).toBe(3n);
  });
});
