// A queued transfer (the real handle_transfer, EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/drivers/rest/client_nf_3.rs:431-699). Only the first value and the first recipient key are used,
// as in the real client. The key must decode to a point of the prime subgroup on both builds; the identity point is
// refused here by head only — plume lets it through to the proof (build-profile.ts identityRecipient).
import { decompressSubgroupPoint, IDENTITY, pointsEqual } from '../../../lib/crypto/curve';
import { transactionEvent, type TransactionEvent } from '../notify/notifications';
import { LogTarget, type ClientContext } from '../context';
import type { TransferRequest } from '../requests/bodies';
import { RequestFailure, WorkerPanic } from './failures';
import { parseField, parseNfTokenId } from './inputs';
import { executeSpend } from './spend';

export async function handleTransfer(ctx: ClientContext, req: TransferRequest, id: string): Promise<TransactionEvent> {
  const nfTokenId = parseNfTokenId(req.ercAddress, req.tokenId);
  const first = req.recipientData.values[0];
  // `.first().unwrap()` in the real handler: an empty list panics the worker (drivers/rest/client_nf_3.rs:449 @
  // plume_testnet_client 4e84c58, :460 @ master 6ee83be).
  if (first === undefined) {
    throw new WorkerPanic('called `Option::unwrap()` on a `None` value', {
      file: 'nightfall_client/src/drivers/rest/client_nf_3.rs',
      line: ctx.profile.name === 'plume' ? 449 : 460,
    });
  }
  const value = parseField('value', first);
  const fee = parseField('fee', req.fee);
  const key = req.recipientData.recipientCompressedZkpPublicKeys[0];
  if (key === undefined) throw new RequestFailure('missing recipient public key');
  let recipient;
  try {
    recipient = decompressSubgroupPoint(key);
  } catch (error) {
    throw new RequestFailure(`Could not deserialize recipient public key: ${(error as Error).message}`);
  }
  if (ctx.profile.identityRecipient === 'refused-before-selection' && pointsEqual(recipient, IDENTITY)) {
    throw new RequestFailure('Recipient public key cannot be the identity point');
  }
  if (ctx.plantedLeak === 'key-in-log')
    ctx.log(LogTarget.clientOperation).info(`${id} Transfer to recipient key ${key}`);
  const { transaction } = await executeSpend(
    ctx,
    { target: { kind: 'transfer', recipient }, nfTokenId, value, fee },
    id,
  );
  // The webhook's response is the JSON of the tuple (clientTransaction, receipt); the receipt is always null.
  return transactionEvent([transaction, null], id);
}
