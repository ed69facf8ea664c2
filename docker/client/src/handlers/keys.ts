// POST /v1/deriveKey (EYBlockchain/nightfall_4_CE @ plume_testnet_client 4e84c58 :
// nightfall_client/src/drivers/rest/keys.rs:17-47): the body is optional — no body, bad JSON or a missing field all
// return the CURRENT keys with 200 and change nothing. A mnemonic or path the bip32 crate refuses → 500. Success
// replaces the keys; the reply is the build's key set (plume: all four keys; head: the public key only). The BIP39
// seed's PBKDF2 runs off the event loop (deriveKeysAsync), so the listener and other requests go on meanwhile, as in
// the real client.
import { BadKeyRequest, deriveKeysAsync, type ZkpKeys } from '../../../lib/crypto/keys';
import type { ClientContext } from '../context';
import { jsonBody, type IncomingRequest } from '../http/filters';
import { Rejection, reject } from '../http/rejections';
import { json, type Reply } from '../../../../lib/http/reply';
import { KeyRequestSchema, type KeyRequest } from '../requests/bodies';

function optionalKeyRequest(req: IncomingRequest): KeyRequest | undefined {
  try {
    return jsonBody(req, KeyRequestSchema);
  } catch (error) {
    if (error instanceof Rejection) return undefined;
    throw error;
  }
}

export function deriveKeyHandler(ctx: Pick<ClientContext, 'keys' | 'profile' | 'println'>) {
  return async (req: IncomingRequest): Promise<Reply> => {
    const keyRequest = optionalKeyRequest(req);
    if (keyRequest) {
      let keys: ZkpKeys;
      try {
        keys = await deriveKeysAsync(
          keyRequest.mnemonic,
          keyRequest.child_path,
          ctx.profile.printsKeyDerivation ? ctx.println : undefined,
        );
      } catch (error) {
        if (error instanceof BadKeyRequest) throw reject('other', 'BadKeyRequest');
        throw error;
      }
      ctx.keys.replace(keys);
    }
    return json(200, ctx.profile.deriveKeyResponse(ctx.keys.current));
  };
}
