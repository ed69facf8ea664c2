// The proposer's REST routes (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_proposer/src/drivers/rest/mod.rs:26-84). Unknown paths, wrong methods, unreadable bodies and unexpected
// errors all answer 500 INTERNAL_SERVER_ERROR (PROPOSER_REJECTIONS): the real proposer has no 404 branch. Registration,
// rotation, stake withdrawal and certification are not simulated.
import { ClientTransactionSchema, type OnChainTransaction } from '../../lib/block-codec';
import { empty, json, text } from '../../../lib/http/reply';
import { HttpError, type Route } from '../../../lib/http/router';
import { WarpBodyRejection, warpJson } from '../../lib/warp';
import type { AssemblyStatus } from './assembly-status';
import type { ChainReader } from './chain';
import { admitClientTransaction } from './client-transaction-intake';
import type { Log } from './log';
import type { Mempool } from './mempool';

export interface RouteDeps {
  mempool: Mempool<OnChainTransaction>;
  chain: ChainReader;
  status: AssemblyStatus;
  /** Number of L2 blocks processed so far = the next expected block. */
  processedL2Blocks: () => bigint;
  isSynchronised: () => boolean;
  log: Log;
}

export function proposerRoutes(deps: RouteDeps): Route[] {
  const { mempool, chain, status, log } = deps;
  return [
    { method: 'ANY', path: '/v1/health', handler: () => text(200, 'Healthy') },
    {
      method: 'ANY',
      path: '/v1/transaction',
      handler: async ({ req, body }) => {
        const parsed = ClientTransactionSchema.safeParse(warpJson(await body(), req.headers['content-type']));
        if (!parsed.success) throw new WarpBodyRejection('body is not a ClientTransaction'); // serde's error → 500
        const result = await admitClientTransaction(parsed.data, { mempool, chain });
        if (!result.admitted) {
          log.warn(`Client transaction failed: ${result.reason}`);
          throw new HttpError(400, 'Client transaction failed');
        }
        log.info(`Client Transaction is valid, storing in database (${result.id})`);
        return empty(201);
      },
    },
    {
      method: 'GET',
      path: '/v1/blockdata',
      handler: () => json(200, Number(deps.processedL2Blocks())),
    },
    {
      method: 'GET',
      path: '/v1/synchronisation',
      handler: () => text(200, deps.isSynchronised() ? 'Synchronised' : 'Not synchronised'),
    },
    {
      method: 'GET',
      path: '/v1/pause',
      handler: () => {
        status.pause();
        log.info('Block assembly paused');
        return empty(200);
      },
    },
    {
      method: 'GET',
      path: '/v1/resume',
      handler: () => {
        status.resume();
        log.info('Block assembly resumed');
        return empty(200);
      },
    },
  ];
}
