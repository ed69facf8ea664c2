// The pull path against the real double in each of the ways the vendor might list `GET /events`: newest first (the
// vendor evidence) or oldest first, with no page cap or a cap of 30 rows (what Curvegrid's own client pages by), below
// the 50 the puller asks for. Four doubles beside the devnet's own sync the same chain; a puller on each hands on every
// one of the funder's mints exactly once, including the ones a fresh poll meets later.
import { randomBytes } from 'node:crypto';
import { getAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventServiceClient, EventsPuller } from '../../fixtures/event-webhooks';
import { rawLogOf } from '../../fixtures/event-webhooks/delivery-items';
import { recordingLogger } from '../../fixtures/log';
import {
  startEventServiceContainer,
  type EventServiceContainer,
  type EventServiceListing,
} from '../../fixtures/network/event-service-container';
import { waitFor } from '../../fixtures/waits';
import { devnetEvents } from '../event-service/support/devnet-events';
import { devnetPerFile } from '../support/devnet-per-file';

const TRANSFER_SIGNATURE = 'Transfer(address,address,uint256)';
/** More mints than one page of the puller's (50), so that the order shows and a capped list takes two pages. */
const FIRST_MINTS = 55;
const LATER_MINTS = 3;
const WAIT_MS = 120_000;

const LISTINGS: readonly EventServiceListing[] = [
  { order: 'newest-first' },
  { order: 'newest-first', pageCap: 30 },
  { order: 'oldest-first' },
  { order: 'oldest-first', pageCap: 30 },
];

const local = devnetPerFile({ batchWindowSeconds: 1 });
let chain: ReturnType<typeof devnetEvents>;
const doubles: { listing: EventServiceListing; service: EventServiceContainer; client: EventServiceClient }[] = [];
let fromBlock: bigint;
const minted: string[] = [];

async function mint(times: number): Promise<void> {
  const to: Address = getAddress(`0x${randomBytes(20).toString('hex')}`);
  for (let i = 0; i < times; i++) {
    const receipt = await chain.mintStablecoin(to, 1n);
    fromBlock ??= receipt.blockNumber;
    minted.push(receipt.transactionHash.toLowerCase());
  }
}

beforeAll(async () => {
  const { devnet } = local;
  chain = devnetEvents(devnet);
  for (const [index, listing] of LISTINGS.entries()) {
    const service = await startEventServiceContainer({
      image: devnet.images.eventService,
      network: devnet.network,
      ethereumUrlInNetwork: devnet.ethereumUrlInNetwork,
      chainId: devnet.chainId,
      deployment: devnet.deployment,
      addressesToml: devnet.addressesToml,
      listing,
      alias: `event-service-listing-${index}`,
    });
    devnet.addTeardown(`event service ${listing.order} cap ${listing.pageCap ?? 'none'}`, () =>
      service.container.stop(),
    );
    doubles.push({
      listing,
      service,
      client: new EventServiceClient({ baseUrl: service.url, apiKey: service.apiKey }),
    });
  }
  await mint(FIRST_MINTS);
}, 300_000);

afterAll(async () => {
  await Promise.all(doubles.map(({ client }) => client.close()));
});

/** The mints a double has synced: waits until it counts them all, so that a poll meets a complete list. */
async function synced(
  client: EventServiceClient,
  filter: { contractAddress: string; eventSignature: string },
): Promise<void> {
  await waitFor({
    what: `the double to sync ${minted.length} stablecoin Transfers`,
    timeoutMs: WAIT_MS,
    probe: () => client.countEvents(filter),
    isDone: (count) => count >= minted.length,
    describe: (count) => `${count} listed`,
  });
}

describe('the events puller against the double, in either order and with a page cap', () => {
  it.each(LISTINGS.map((listing, index) => [listing.order, listing.pageCap ?? 'none', index] as const))(
    'hands on every mint once, listed %s with page cap %s',
    async (order, cap, index) => {
      const { client } = doubles[index]!;
      const filter = { contractAddress: local.devnet.deployment.tokens.stablecoin, eventSignature: TRANSFER_SIGNATURE };
      const seen = new Set<string>();
      const puller = new EventsPuller({
        client,
        filter,
        fromBlock,
        everyMs: 60_000, // polled by hand
        logger: recordingLogger(),
        // As the event inbox does: an event read again (a later poll re-reads known pages) is a duplicate, not new.
        sink: (event) => {
          if (event.event !== 'event.emitted') return 'duplicate';
          const hash = rawLogOf(event).transactionHash;
          if (seen.has(hash)) return 'duplicate';
          seen.add(hash);
          return 'new';
        },
      });
      await synced(client, filter);
      const firstMints = minted.length;
      await puller.pollOnce();
      expect(
        minted.slice(0, firstMints).filter((hash) => !seen.has(hash)),
        'mints the first poll missed',
      ).toEqual([]);

      await mint(LATER_MINTS);
      await synced(client, filter);
      expect(await puller.pollOnce(), 'new events of the second poll: the later mints, each once').toBe(LATER_MINTS);
      expect(
        minted.filter((hash) => !seen.has(hash)),
        'mints missed',
      ).toEqual([]);
      expect(puller.state.order).toBe(order === 'newest-first' ? 'newest first' : 'oldest first');
      expect(puller.state.largestPage, 'rows of the largest page').toBe(cap === 'none' ? 50 : cap);
      expect(puller.state.pageSize, 'rows asked per page once the cap showed').toBe(cap === 'none' ? 50 : cap);
    },
    WAIT_MS * 2,
  );
});
