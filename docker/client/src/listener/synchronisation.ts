// get_synchronisation_status (drivers/blockchain/nightfall_event_listener.rs:188-281 @ plume_testnet_client 4e84c58,
// :199-292 @ master 6ee83be): shared by the queue worker, the listener restart and GET /v1/synchronisation. It takes
// the counter's lock (so it waits for a block being processed), reads layer2_block_number on L1 — one eth_call, no
// retry — and compares: expected < current → Desynchronized, expected > current → AheadOfChain, equal → Synchronized.
//
// Not modelled: on equality upstream also compares a stored block numbered `expected` with the chain's; such a block
// exists only if the chain lost blocks the client had processed, which anvil never does.
import { LogTarget, type ClientContext } from '../context';
import type { ExpectedBlockCounter } from './expected-block-counter';

export type SynchronisationPhase =
  'Synchronized' | 'Desynchronized' | { readonly AheadOfChain: { readonly blocks_ahead: number } };

/** EventHandlerError::IOError as the real `{e:?}` prints it. */
export class SynchronisationUnavailable extends Error {
  override readonly name = 'SynchronisationUnavailable';
  /** The Debug rendering, e.g. `IOError("Could not read current block")`. */
  readonly debug = 'IOError("Could not read current block")';
  constructor(cause: unknown) {
    super('IO Error: Could not read current block', { cause });
  }
}

export async function synchronisationStatus(
  ctx: Pick<ClientContext, 'l1' | 'log'>,
  counter: ExpectedBlockCounter,
): Promise<SynchronisationPhase> {
  return counter.with(async ({ value: expected }) => {
    let current: number;
    try {
      current = Number(await ctx.l1.layer2BlockNumber());
    } catch (error) {
      throw new SynchronisationUnavailable(error);
    }
    const log = ctx.log(LogTarget.listener);
    if (expected < current) {
      log.warn(`Client is behind chain: expected block ${expected} < current block ${current}`);
      return 'Desynchronized';
    }
    if (expected > current) {
      log.warn(`Client is ahead of chain: expected block ${expected} > current block ${current}`);
      return { AheadOfChain: { blocks_ahead: expected - current } };
    }
    log.debug(`Block ${expected} not found in local DB. Assuming client is still in sync.`);
    return 'Synchronized';
  });
}
