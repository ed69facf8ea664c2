import { describe, expect, it } from 'vitest';
import { toHex64 } from '../field';
import {
  BadKeyRequest,
  NULLIFIER_PREFIX,
  PRIVATE_KEY_PREFIX,
  compressPublicKey,
  decompressPublicKey,
  deriveKeys,
  deriveKeysAsync,
  deriveRootKey,
  keysFromRootKey,
} from './keys';
import { generateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english';
import { SUBGROUP_ORDER, scalarToPublic } from './curve';

// Upstream lib/src/derive_key.rs test `derive_from_mnemonic` (a public test phrase, not a secret).
const UPSTREAM_MNEMONIC =
  'spice split denial symbol resemble knock hunt trial make buzz attitude mom slice define clinic kid crawl guilt frozen there cage light secret work';
const PATH = "m/44'/60'/0'/0/0";

describe('deriveKeys', () => {
  it("matches the upstream root_key test vector for m/44'/60'/0'/0/0", () => {
    expect(toHex64(deriveRootKey(UPSTREAM_MNEMONIC, PATH))).toBe(
      '0e1e8e51526db38a04508426ec357de828af2ca4cba9d35133d22481523bb7dc',
    );
  });

  it('uses the upstream domain prefixes', () => {
    expect(NULLIFIER_PREFIX).toBe(7805187439118198468809896822299973897593108379494079213870562208229492109015n);
    expect(PRIVATE_KEY_PREFIX).toBe(2708019456231621178814538244712057499818649907582893776052749473028258908910n);
  });

  it('derives the rest of the key set from the root key', () => {
    const keys = deriveKeys(UPSTREAM_MNEMONIC, PATH);
    expect(keys).toEqual(keysFromRootKey(keys.rootKey));
    expect(keys.zkpPrivateKey).toBeLessThan(SUBGROUP_ORDER);
    expect(keys.zkpPublicKey).toEqual(scalarToPublic(keys.zkpPrivateKey));
    expect(keys.nullifierKey).not.toBe(keys.zkpPrivateKey);
    expect(decompressPublicKey(compressPublicKey(keys.zkpPublicKey))).toEqual(keys.zkpPublicKey);
  });

  it('gives different keys for different child paths', () => {
    const a = deriveKeys(UPSTREAM_MNEMONIC, PATH);
    const b = deriveKeys(UPSTREAM_MNEMONIC, "m/44'/60'/0'/0/1");
    expect(a.rootKey).not.toBe(b.rootKey);
    expect(compressPublicKey(a.zkpPublicKey)).not.toBe(compressPublicKey(b.zkpPublicKey));
  });

  it('accepts only 24-word English phrases with a valid checksum', () => {
    const words = UPSTREAM_MNEMONIC.split(' ');
    const twelve = 'test test test test test test test test test test test junk';
    const badChecksum = [...words.slice(0, 23), words[0]].join(' ');
    for (const bad of [twelve, badChecksum, `${UPSTREAM_MNEMONIC} `, words.join('  '), '']) {
      expect(() => deriveKeys(bad, PATH)).toThrow(BadKeyRequest);
    }
  });

  it('never puts the mnemonic in the error message', () => {
    const badChecksum = [...UPSTREAM_MNEMONIC.split(' ').slice(0, 23), 'spice'].join(' ');
    expect(() => deriveKeys(badChecksum, PATH)).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('spice') }),
    );
  });

  it('rejects malformed child paths', () => {
    for (const bad of ['', "44'/60'", "m/44'/x", 'm/', 'm//0', 'M/0', `m/${2 ** 31}`, "m/0''"]) {
      expect(() => deriveKeys(UPSTREAM_MNEMONIC, bad)).toThrow(BadKeyRequest);
    }
    expect(() => deriveKeys(UPSTREAM_MNEMONIC, 'm')).not.toThrow();
  });
});

describe('deriveKeysAsync (native PBKDF2 off the event loop)', () => {
  it('matches the upstream root_key test vector', async () => {
    expect(toHex64((await deriveKeysAsync(UPSTREAM_MNEMONIC, PATH)).rootKey)).toBe(
      '0e1e8e51526db38a04508426ec357de828af2ca4cba9d35133d22481523bb7dc', // upstream derive_key.rs test vector
    );
  });

  it('derives exactly what deriveKeys derives (the JavaScript BIP39 seed)', async () => {
    for (let i = 0; i < 5; i++) {
      const mnemonic = generateMnemonic(english, 256);
      const path = `m/44'/60'/0'/0/${i}`;
      expect(await deriveKeysAsync(mnemonic, path)).toEqual(deriveKeys(mnemonic, path));
    }
  });

  it('refuses what deriveKeys refuses, with BadKeyRequest', async () => {
    const twelve = 'test test test test test test test test test test test junk';
    await expect(deriveKeysAsync(twelve, PATH)).rejects.toBeInstanceOf(BadKeyRequest);
    await expect(deriveKeysAsync(UPSTREAM_MNEMONIC, "m/44'/x")).rejects.toBeInstanceOf(BadKeyRequest);
  });
});
