// The route table of the real client, in its order, for the configured build (nightfall_client/src/drivers/rest/mod.rs
// of EYBlockchain/nightfall_4_CE: :39-61 @ plume_testnet_client 4e84c58, :37-62 @ master 6ee83be). Method filters as in
// the real one: none on health and the three queued operations (and the old de-escrow), GET on the reads, POST on
// deriveKey.
import type { ClientContext } from '../context';
import { balanceHandler, feeBalanceHandler, l1BalanceHandler } from '../handlers/balances';
import { proposersHandler, tokenInfoHandler } from '../handlers/chain-info';
import { commitmentHandler, commitmentsHandler } from '../handlers/commitments';
import { deEscrowHandler } from '../handlers/de-escrow';
import { deriveKeyHandler } from '../handlers/keys';
import { queueRequestHandler } from '../handlers/queue-requests';
import { healthHandler, queueLengthHandler, requestStatusHandler, synchronisationHandler } from '../handlers/status';
import type { Route } from './server';

export function clientRoutes(ctx: ClientContext): Route[] {
  return [
    { path: '/v1/health', handle: healthHandler },
    { path: '/v1/deposit', handle: queueRequestHandler(ctx, 'deposit') },
    { path: '/v1/transfer', handle: queueRequestHandler(ctx, 'transfer') },
    { path: '/v1/withdraw', handle: queueRequestHandler(ctx, 'withdraw') },
    { path: '/v1/commitment/:hash', method: 'GET', handle: commitmentHandler(ctx) },
    { path: '/v1/commitments', method: 'GET', handle: commitmentsHandler(ctx) },
    { path: '/v1/deriveKey', method: 'POST', handle: deriveKeyHandler(ctx) },
    { path: '/v1/proposers', method: 'GET', handle: proposersHandler(ctx) },
    ...(ctx.profile.deEscrow === 'route' ? [{ path: '/v1/de-escrow', handle: deEscrowHandler(ctx) }] : []),
    { path: '/v1/balance/:ercAddress/:tokenId', method: 'GET', handle: balanceHandler(ctx) },
    { path: '/v1/fee_balance', method: 'GET', handle: feeBalanceHandler(ctx) },
    { path: '/v1/synchronisation', method: 'GET', handle: synchronisationHandler(ctx) },
    { path: '/v1/request/:uuid', method: 'GET', handle: requestStatusHandler(ctx) },
    { path: '/v1/queue', method: 'GET', handle: queueLengthHandler(ctx) },
    { path: '/v1/token/:nfTokenId', method: 'GET', handle: tokenInfoHandler(ctx) },
    { path: '/v1/l1_balance', method: 'GET', handle: l1BalanceHandler(ctx) },
  ];
}
