// GET /v1/proposers and /v1/token/{nf_token_id}: read straight from the contracts
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/proposers.rs:10-42,
// drivers/rest/token_info.rs:19-36).
import { toHex64, parseFieldHex } from '../../../lib/field';
import { tokenTypeName } from '../chain/token-info';
import type { ClientContext } from '../context';
import { reject } from '../http/rejections';
import { json, type Reply } from '../../../../lib/http/reply';

/** alloy's serde: U256 as minimal 0x hex, Address as 0x + 40 lower-case hex. */
export function proposersHandler(ctx: ClientContext) {
  return async (): Promise<Reply> => {
    let proposers;
    try {
      proposers = await ctx.l1.proposers();
    } catch {
      throw reject('ProposerError');
    }
    return json(
      200,
      proposers.map((p) => ({
        stake: `0x${p.stake.toString(16)}`,
        addr: p.addr.toLowerCase(),
        url: p.url,
        next_addr: p.next_addr.toLowerCase(),
        previous_addr: p.previous_addr.toLowerCase(),
      })),
    );
  };
}

/**
 * Unknown ids answer 200 with zeros (the contract's default mapping); bad hex, an RPC error or an answer the build
 * cannot decode (head against plume-era contracts) → 500.
 */
export function tokenInfoHandler(ctx: ClientContext) {
  return async (_req: unknown, params: Record<string, string>): Promise<Reply> => {
    let nfTokenId: bigint;
    try {
      nfTokenId = parseFieldHex(params.nfTokenId!);
    } catch {
      throw reject('other', 'InvalidQuery');
    }
    let info;
    try {
      info = await ctx.l1.tokenInfo(nfTokenId);
    } catch {
      throw reject('other', 'NotFound');
    }
    return json(200, {
      erc_address: toHex64(BigInt(info.ercAddress)),
      token_id: toHex64(info.tokenId),
      ...(info.tokenType === undefined ? {} : { token_type: tokenTypeName(info.tokenType) }),
    });
  };
}
