// GET /v1/balance/{ercAddress}/{tokenId}, /v1/fee_balance, /v1/l1_balance
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/balance.rs:16-88): 64 hex digits
// without 0x as text/plain. L2 balances add up Unspent commitments only and are 404 "No such token" when there is none.
import { toHex64 } from '../../../lib/field';
import type { ClientContext } from '../context';
import { reject } from '../http/rejections';
import { text, type Reply } from '../../../../lib/http/reply';
import { nfTokenIdFromHex } from '../operations/inputs';

function balanceReply(balance: bigint | undefined): Reply {
  if (balance === undefined) throw reject('NoSuchToken');
  return text(200, toHex64(balance));
}

export function balanceHandler(ctx: ClientContext) {
  return async (_req: unknown, params: Record<string, string>): Promise<Reply> => {
    let nfTokenId: bigint;
    try {
      nfTokenId = nfTokenIdFromHex(params.ercAddress!, params.tokenId!);
    } catch {
      throw reject('InvalidTokenId');
    }
    return balanceReply(ctx.store.balance(nfTokenId));
  };
}

export function feeBalanceHandler(ctx: ClientContext) {
  return async (): Promise<Reply> => balanceReply(ctx.store.balance(ctx.feeTokenId));
}

export function l1BalanceHandler(ctx: ClientContext) {
  return async (): Promise<Reply> => {
    try {
      return text(200, toHex64(await ctx.l1.l1Balance()));
    } catch {
      throw reject('NoSuchToken');
    }
  };
}
