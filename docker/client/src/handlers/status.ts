// GET|any /v1/health, GET /v1/request/{uuid}, GET /v1/queue, GET /v1/synchronisation
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : lib/src/health_check.rs:3-8,
// nightfall_client/src/drivers/rest/request_status.rs:7-54, drivers/rest/synchronisation.rs:12-26). Request status and
// queue length are JSON sent as text/plain, as the real handlers return Strings.
import type { ClientContext } from '../context';
import { reject } from '../http/rejections';
import { json, text, type Reply } from '../../../../lib/http/reply';
import { isParsableUuid } from '../requests/request-id';

export const healthHandler = async (): Promise<Reply> => text(200, 'Healthy');

export function requestStatusHandler(ctx: ClientContext) {
  return async (_req: unknown, params: Record<string, string>): Promise<Reply> => {
    const id = params.uuid!;
    if (!isParsableUuid(id)) throw reject('InvalidRequestId');
    const request = ctx.store.request(id);
    if (!request) throw reject('RequestNotFound');
    const withArgs = ctx.profile.childRequestArgs && request.childRequestArgs !== undefined;
    return text(
      200,
      JSON.stringify({
        status: request.status,
        uuid: request.uuid,
        ...(withArgs ? { child_request_args: request.childRequestArgs } : {}),
      }),
    );
  };
}

export function queueLengthHandler(ctx: ClientContext) {
  return async (): Promise<Reply> => text(200, JSON.stringify(ctx.queue.length));
}

/** Desynchronized = behind the chain's layer2_block_number; AheadOfChain = ahead of it; else Synchronized. */
export function synchronisationHandler(ctx: ClientContext) {
  return async (): Promise<Reply> => {
    let onChain: number;
    try {
      onChain = Number(await ctx.l1.layer2BlockNumber());
    } catch {
      throw reject('SynchronisationUnavailable');
    }
    const expected = ctx.sync.expectedBlock;
    if (expected < onChain) return json(200, { phase: 'Desynchronized' });
    if (expected > onChain) return json(200, { phase: { AheadOfChain: { blocks_ahead: expected - onChain } } });
    return json(200, { phase: 'Synchronized' });
  };
}
