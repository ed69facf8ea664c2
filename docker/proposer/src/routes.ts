// The proposer's REST routes (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_proposer/src/drivers/rest/mod.rs:26-84). Unknown paths, wrong methods, unreadable bodies and unexpected
// errors all answer 500 INTERNAL_SERVER_ERROR (PROPOSER_REJECTIONS): the real proposer has no 404 branch. Registration,
// rotation, stake withdrawal and certification are not simulated.
import { ClientTransactionSchema, type OnChainTransaction } from '../../lib/block-codec';
import { BodyRejection, HttpError, readJsonBody, replyEmpty, replyJson, replyText, type Route } from '../../lib/http-server';
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
    { method: 'ANY', path: '/v1/health', handler: ({ res }) => replyText(res, 200, 'Healthy') },
    {
      method: 'ANY',
      path: '/v1/transaction',
      handler: async ({ req, res }) => {
        const parsed = ClientTransactionSchema.safeParse(await readJsonBody(req));
        if (!parsed.success) throw new BodyRejection('body is not a ClientTransaction'); // serde's error → 500
        const result = await admitClientTransaction(parsed.data, { mempool, chain });
        if (!result.admitted) {
          log.warn(`Client transaction failed: ${result.reason}`);
          throw new HttpError(400, 'Client transaction failed');
        }
        log.info(`Client Transaction is valid, storing in database (${result.id})`);
        replyEmpty(res, 201);
      },
    },
    {
      method: 'GET',
      path: '/v1/blockdata',
      handler: ({ res }) => replyJson(res, 200, Number(deps.processedL2Blocks())),
    },
    {
      method: 'GET',
      path: '/v1/synchronisation',
      handler: ({ res }) => replyText(res, 200, deps.isSynchronised() ? 'Synchronised' : 'Not synchronised'),
    },
    {
      method: 'GET',
      path: '/v1/pause',
      handler: ({ res }) => {
        status.pause();
        log.info('Block assembly paused');
        replyEmpty(res, 200);
      },
    },
    {
      method: 'GET',
      path: '/v1/resume',
      handler: ({ res }) => {
        status.resume();
        log.info('Block assembly resumed');
        replyEmpty(res, 200);
      },
    },
  ];
}
