// The ZKP keys the client currently works with. Like the real client (nightfall_client/src/lib.rs:13-23) they live
// only in memory and start as keys of a random mnemonic; POST /v1/deriveKey replaces them. Blocks are decrypted with
// whatever keys are current when they are processed — past blocks are not re-read when keys change.
import { generateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english';
import { deriveKeysAsync, type ZkpKeys } from '../../../lib/crypto/keys';

/** The path the real client uses for its random boot key. */
const DEFAULT_CHILD_PATH = "m/44'/60'/0'/0/0";

export class KeyHolder {
  #keys: ZkpKeys;

  constructor(initial: ZkpKeys) {
    this.#keys = initial;
  }

  /** Keys of a fresh random mnemonic, as the real client boots with. */
  static async random(): Promise<KeyHolder> {
    return new KeyHolder(await deriveKeysAsync(generateMnemonic(english, 256), DEFAULT_CHILD_PATH));
  }

  get current(): ZkpKeys {
    return this.#keys;
  }

  replace(keys: ZkpKeys): void {
    this.#keys = keys;
  }
}
