// GET|any /v1/health, GET /v1/request/{uuid}, GET /v1/queue, GET /v1/synchronisation
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : lib/src/health_check.rs:3-8,
// nightfall_client/src/drivers/rest/request_status.rs:7-54, drivers/rest/synchronisation.rs:12-26). Request status and
// queue length are JSON sent as text/plain, as the real handlers return Strings.
import type { ClientContext } from '../context';
import { reject } from '../http/rejections';
import { json, text, type Reply } from '../../../../lib/http/reply';
import { isParsableUuid } from '../requests/request-id';
import { synchronisationStatus, SynchronisationUnavailable } from '../listener/synchronisation';

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

/**
 * The same get_synchronisation_status as the queue worker's (listener/synchronisation.ts): it waits for the counter's
 * lock, so it answers only once a block being processed is done, and it logs the same "Client is behind chain…" lines.
 */
export function synchronisationHandler(ctx: ClientContext) {
  return async (): Promise<Reply> => {
    let phase;
    try {
      phase = await synchronisationStatus(ctx, ctx.sync.counter);
    } catch (error) {
      if (error instanceof SynchronisationUnavailable) throw reject('SynchronisationUnavailable');
      throw error;
    }
    return json(200, { phase });
  };
}
