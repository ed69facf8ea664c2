// A queued withdraw (the real handle_withdraw, EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/drivers/rest/client_nf_3.rs:701-968): a spend whose output 0 is burnt on chain and whose public
// data tells the contract what to release to recipientAddress. withdraw_fund_salt = nullifiers[0]; it is in the webhook
// (and the worker's log line), not in the request status — except that the head build keeps the de-escrow arguments on
// the request as child_request_args.
import { toHex64 } from '../../../lib/field';
import { transactionEvent, type TransactionEvent } from '../notify/notifications';
import type { ClientContext } from '../context';
import type { WithdrawRequest } from '../requests/bodies';
import { parseField, parseNfTokenId } from './inputs';
import { executeSpend } from './spend';

export async function handleWithdraw(ctx: ClientContext, req: WithdrawRequest, id: string): Promise<TransactionEvent> {
  const nfTokenId = parseNfTokenId(req.ercAddress, req.tokenId);
  const value = parseField('value', req.value);
  const fee = parseField('fee', req.fee);
  const recipientAddress = parseField('recipient address', req.recipientAddress);
  const { firstNullifier } = await executeSpend(
    ctx,
    { target: { kind: 'withdraw', recipientAddress }, nfTokenId, value, fee },
    id,
  );
  const salt = toHex64(firstNullifier);
  if (ctx.profile.childRequestArgs) {
    // DeEscrowDataReq: token fields verbatim, amounts re-encoded (EYBlockchain/nightfall_4_CE @ master 6ee83be :
    // nightfall_client/src/drivers/rest/client_nf_3.rs:885-910).
    const childRequestArgs = JSON.stringify({
      tokenId: req.tokenId,
      ercAddress: req.ercAddress,
      recipientAddress: toHex64(recipientAddress),
      value: toHex64(value),
      tokenType: req.tokenType,
      withdrawFundSalt: salt,
    });
    await ctx.store.updateRequest(id, { childRequestArgs });
  }
  return transactionEvent(
    { success: true, message: 'Withdraw operation completed successfully', withdraw_fund_salt: salt },
    id,
  );
}
