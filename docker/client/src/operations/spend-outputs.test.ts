import { describe, expect, it } from 'vitest';
import { tryDecrypt } from '../../../lib/crypto/kem';
import { deriveKeys } from '../../../lib/crypto/keys';
import { DEFAULT_PREIMAGE, preimageHash } from '../commitments/model';
import { buildSpendOutputs, type SpendOutputsInput } from './spend-outputs';

const MNEMONIC =
  'spice split denial symbol resemble knock hunt trial make buzz attitude mom slice define clinic kid crawl guilt frozen there cage light secret work';
const me = deriveKeys(MNEMONIC, "m/44'/60'/0'/0/0");
const them = deriveKeys(MNEMONIC, "m/44'/60'/0'/0/1");
const base: Omit<SpendOutputsInput, 'target'> = {
  nfTokenId: 11n,
  nfSlotId: 11n,
  value: 100n,
  fee: 0n,
  change: 0n,
  feeChange: 0n,
  feeTokenId: 22n,
  contractOwner: { x: 0n, y: 0x1234n },
  ownKey: me.zkpPublicKey,
};
const DEFAULT_HASH = preimageHash(DEFAULT_PREIMAGE);

describe('buildSpendOutputs', () => {
  it('puts nothing on chain for an exact fee-less withdraw, though four hashes are mapped', () => {
    const out = buildSpendOutputs({ ...base, target: { kind: 'withdraw', recipientAddress: 0xabcn } });
    expect(out.onChain).toEqual([0n, 0n, 0n, 0n]);
    expect(out.hashes.slice(1)).toEqual([DEFAULT_HASH, DEFAULT_HASH, DEFAULT_HASH]);
    expect(out.hashes[0]).not.toBe(0n);
    expect(out.cipherText).toEqual([11n, 0xabcn, 100n, 0n, 0n]);
  });

  it("shows a withdraw's change and fee outputs on chain, owned by us and by the contract", () => {
    const out = buildSpendOutputs({
      ...base,
      target: { kind: 'withdraw', recipientAddress: 1n },
      change: 5n,
      fee: 2n,
      feeChange: 1n,
    });
    expect(out.onChain[0]).toBe(0n);
    expect(out.onChain.slice(1)).toEqual(out.hashes.slice(1));
    expect(out.preimages[1].publicKey).toEqual(me.zkpPublicKey);
    expect(out.preimages[2].publicKey).toEqual(base.contractOwner);
    expect([out.preimages[2].nfTokenId, out.preimages[3].nfTokenId]).toEqual([22n, 22n]);
  });

  it("encrypts a transfer's output 0 so that only the recipient can rebuild it", () => {
    const out = buildSpendOutputs({ ...base, target: { kind: 'transfer', recipient: them.zkpPublicKey } });
    expect(out.onChain[0]).toBe(out.hashes[0]);
    const publicData = [
      out.cipherText[0],
      out.cipherText[1],
      out.cipherText[2],
      out.cipherText[3] | (out.cipherText[4] << 255n),
    ] as const;
    expect(tryDecrypt(them, publicData, out.onChain[0])?.value).toBe(100n);
    expect(tryDecrypt(me, publicData, out.onChain[0])).toBeNull();
  });
});
