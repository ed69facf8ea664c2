// POST (any method, really) /v1/deposit, /v1/transfer, /v1/withdraw: validate only the JSON shape, take a request id,
// queue the request and answer 202 — everything else happens in the worker
// (EYBlockchain/nightfall_4_CE @ plume_testnet_client 4e84c58 :
// nightfall_client/src/drivers/rest/client_nf_3.rs:66-189). plume: the caller's X-Request-ID is required (any form uuid
// parses) and echoed; head: a fresh UUID v4 is made and the header is ignored. Queue full → 503 "Queue is full",
// nothing queued or stored.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ClientContext } from '../context';
import { LogTarget } from '../context';
import { jsonBody, optionalHeader, type IncomingRequest } from '../http/filters';
import { reject } from '../http/rejections';
import { json, type Reply } from '../../../../lib/http/reply';
import type { TransactionRequest } from '../queue/request-queue';
import { DepositRequestSchema, TransferRequestSchema, WithdrawRequestSchema } from '../requests/bodies';
import { isParsableUuid } from '../requests/request-id';

const REQUEST_ID_HEADER = 'x-request-id';

const schemas = {
  deposit: DepositRequestSchema,
  transfer: TransferRequestSchema,
  withdraw: WithdrawRequestSchema,
} as const satisfies Record<TransactionRequest['kind'], z.ZodType>;

function requestId(ctx: ClientContext, req: IncomingRequest): string {
  if (ctx.profile.requestIds === 'server-generated') return randomUUID();
  const id = optionalHeader(req, REQUEST_ID_HEADER) ?? '';
  if (!isParsableUuid(id)) throw reject('InvalidRequestId');
  return id;
}

export function queueRequestHandler(ctx: ClientContext, kind: TransactionRequest['kind']) {
  return async (req: IncomingRequest): Promise<Reply> => {
    const body = jsonBody(req, schemas[kind]);
    const id = requestId(ctx, req);
    if (ctx.queue.isFull()) return json(503, 'Queue is full', { [REQUEST_ID_HEADER]: id });
    ctx.queue.push({ uuid: id, request: { kind, body } as TransactionRequest });
    ctx.log(LogTarget.rest).debug(`Added ${kind} request ${id} to queue`);
    try {
      await ctx.store.addRequest(id, 'Queued');
    } catch {
      throw reject('DatabaseError'); // the request is already queued and will still run, as in the real client
    }
    return json(202, 'Request queued', { [REQUEST_ID_HEADER]: id });
  };
}
