// POST /v1/deriveKey must leave the event loop free while it derives: a soak on a loaded 2-core machine saw the
// harness's deriveKey get no answer within 15 s (UND_ERR_HEADERS_TIMEOUT) while the simulator ran the BIP39 seed's 2048
// PBKDF2-HMAC-SHA512 rounds in JavaScript, in one synchronous block, with everything else of the client waiting.
import { describe, expect, it } from 'vitest';
import { deriveKeys, type ZkpKeys } from '../../../lib/crypto/keys';
import { buildProfile } from '../build-profile';
import type { IncomingRequest } from '../http/filters';
import { KeyHolder } from '../keys/key-holder';
import { deriveKeyHandler } from './keys';

// Upstream lib/src/derive_key.rs test `derive_from_mnemonic` (a public test phrase, not a secret).
const MNEMONIC =
  'spice split denial symbol resemble knock hunt trial make buzz attitude mom slice define clinic kid crawl guilt frozen there cage light secret work';
const PATH = "m/44'/60'/0'/0/0";
/** deriveKeys of MNEMONIC at PATH: upstream's root_key test vector (keys.test.ts checks it). */
const UPSTREAM_ROOT_KEY = '0e1e8e51526db38a04508426ec357de828af2ca4cba9d35133d22481523bb7dc';

const post = (body: unknown): IncomingRequest => ({
  method: 'POST',
  path: '/v1/deriveKey',
  headers: { 'content-type': ['application/json'] },
  body: Buffer.from(JSON.stringify(body)),
});

/** Runs every queued microtask, and nothing else: I/O callbacks and timers cannot run in between. */
async function drainMicrotasks(): Promise<void> {
  for (let i = 0; i < 100; i++) await Promise.resolve();
}

describe('POST /v1/deriveKey handler', () => {
  it('returns to the event loop while it derives, then replaces the keys with the requested ones', async () => {
    const boot: ZkpKeys = deriveKeys(MNEMONIC, "m/44'/60'/0'/0/7");
    const printed: string[] = [];
    const ctx = {
      keys: new KeyHolder(boot),
      profile: buildProfile('plume'),
      println: (line: string) => void printed.push(line),
    };
    let answered = false;
    const reply = deriveKeyHandler(ctx)(post({ mnemonic: MNEMONIC, child_path: PATH })).finally(
      () => (answered = true),
    );

    await drainMicrotasks();
    // A derivation done in one synchronous block has answered by now; one that waits for the native PBKDF2 has not.
    expect(answered).toBe(false);
    expect(ctx.keys.current).toBe(boot);

    expect(await reply).toMatchObject({ status: 200 });
    expect(JSON.parse((await reply).body)).toMatchObject({ root_key: UPSTREAM_ROOT_KEY });
    expect(ctx.keys.current).toEqual(deriveKeys(MNEMONIC, PATH));
    // As the plume client does on stdout: the seed in hex, the root key in decimal (derive_key.rs:150,153 @ 4e84c58).
    expect(printed).toEqual([
      expect.stringMatching(/^Mnemonic seed: [0-9a-f]{128}$/),
      `Derived root key: ${BigInt(`0x${UPSTREAM_ROOT_KEY}`)}`,
    ]);
  });

  it('head prints nothing of a derivation', async () => {
    const printed: string[] = [];
    const ctx = {
      keys: new KeyHolder(deriveKeys(MNEMONIC, PATH)),
      profile: buildProfile('head'),
      println: (line: string) => void printed.push(line),
    };
    expect(await deriveKeyHandler(ctx)(post({ mnemonic: MNEMONIC, child_path: PATH }))).toMatchObject({ status: 200 });
    expect(printed).toEqual([]);
  });

  it('refuses an unusable mnemonic with the BadKeyRequest rejection and keeps the keys', async () => {
    const boot = deriveKeys(MNEMONIC, PATH);
    const ctx = { keys: new KeyHolder(boot), profile: buildProfile('plume'), println: () => undefined };
    const twelve = 'test test test test test test test test test test test junk';
    await expect(deriveKeyHandler(ctx)(post({ mnemonic: twelve, child_path: PATH }))).rejects.toMatchObject({
      kind: 'other',
      detail: 'BadKeyRequest',
    });
    expect(ctx.keys.current).toBe(boot);
  });
});
