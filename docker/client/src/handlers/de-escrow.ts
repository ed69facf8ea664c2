// POST (any method) /v1/de-escrow — plume build only (EYBlockchain/nightfall_4_CE @ plume_testnet_client 4e84c58 :
// nightfall_client/src/drivers/rest/withdraw.rs:11-55; removed on master): 200 "OK" when the funds were de-escrowed,
// 400 "Failed to de-escrow funds" when the withdraw is not on chain yet, was already de-escrowed, or anything else went
// wrong. A malformed body is a warp body rejection (500).
import type { ClientContext } from '../context';
import { jsonBody, type IncomingRequest } from '../http/filters';
import { reject } from '../http/rejections';
import { text, type Reply } from '../../../../lib/http/reply';
import { deEscrow, DeEscrowFailure } from '../operations/de-escrow';
import { DeEscrowRequestSchema } from '../requests/bodies';

export function deEscrowHandler(ctx: ClientContext) {
  return async (req: IncomingRequest): Promise<Reply> => {
    const body = jsonBody(req, DeEscrowRequestSchema);
    try {
      await deEscrow(ctx, body);
    } catch (error) {
      if (error instanceof DeEscrowFailure) throw reject('FailedDeEscrow', error.message);
      throw error;
    }
    return text(200, 'OK');
  };
}
