// Waits on what a client sent to its webhook sink.
import { z } from 'zod';
import { nightfallAbi } from '../../../../docker/contracts/abi';
import { waitFor } from '../../../../fixtures/waits';
import { wakeOnEvent } from '../../../../fixtures/waits/wake';
import type { ClientDevnet, TestClient } from './client-devnet';
import type { WebhookSink } from './webhook-sink';

export const TransactionEventSchema = z.object({
  event_type: z.literal('transaction_event'),
  response: z.string(),
  uuid: z.string(),
});
const BlockchainEventSchema = z.object({
  event_type: z.literal('blockchain_event'),
  l1_txn_hash: z.string(),
  l2_block_number: z.number(),
  commitments: z.array(z.string()),
  request_ids: z.array(z.string()),
});

/** The sink a client notifies; a test that reads notifications must have started its client with one. */
export function hooksOf(client: TestClient): WebhookSink {
  if (!client.hooks) throw new Error(`${client.api.name} was started without a webhook sink`);
  return client.hooks;
}

/** The transaction_event of request `id` (its uuid field is the JSON-quoted id). */
export async function transactionEventFor(
  client: TestClient,
  id: string,
): Promise<z.infer<typeof TransactionEventSchema>> {
  const sink = hooksOf(client);
  const found = await waitFor({
    what: `transaction_event for request ${id}`,
    timeoutMs: 30_000,
    probe: () =>
      sink.payloads
        .map((p) => TransactionEventSchema.safeParse(p).data)
        .find((e) => e !== undefined && JSON.parse(e.uuid) === id),
    isDone: (e) => e !== undefined,
    wakeOn: wakeOnEvent(sink.events, 'received'),
  });
  return found!;
}

/** Resolves once the client has announced — i.e. fully processed — every L2 block proposed so far. */
export async function allBlocksProcessed(devnet: ClientDevnet, client: TestClient): Promise<void> {
  const sink = hooksOf(client);
  const next = await devnet.publicClient.readContract({
    address: devnet.deployment.nightfall,
    abi: nightfallAbi,
    functionName: 'layer2_block_number',
  });
  const last = Number(next - 1n);
  await waitFor({
    what: `blockchain_event for L2 block ${last}`,
    timeoutMs: 30_000,
    probe: () => sink.payloads.some((p) => BlockchainEventSchema.safeParse(p).data?.l2_block_number === last),
    isDone: (seen) => seen,
    wakeOn: wakeOnEvent(sink.events, 'received'),
  });
}
