// What the client does with one proposed L2 block once it is counted and in the tree (./block-processing.ts does
// that part; the rest of the real process_propose_block_event, EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/driven/event_handlers/nightfall_event.rs:314-509), in the real order: mark the block's
// commitments that we hold Unspent (whatever their status), mark those whose nullifier appears Spent, confirm the
// requests mapped to any of the block's commitments (head: then de-escrow confirmed withdraws), trial-decrypt every
// transfer slot with the CURRENT keys and store what is ours as Unspent, announce the block with a blockchain_event
// webhook, and remember the block. The head build asks getTokenInfo for the token type of each commitment it receives;
// when that fails (e.g. its three-word decode against plume-era contracts) the real handler returns an error after the
// confirmations and before storing anything, and its listener panics (nightfall_event.rs:440-442,
// nightfall_event_listener.rs:146-158,180-191 @ master): here a ListenerPanic, which block-processing.ts turns into
// the listener's panic like any other error.
import type { Hex } from 'viem';
import type { Block } from '../../../lib/block-codec';
import { nullifier } from '../../../lib/crypto/commitment';
import { tryDecrypt } from '../../../lib/crypto/kem';
import { toHex64 } from '../../../lib/field';
import type { CommitmentRecord } from '../commitments/model';
import { LogTarget, type ClientContext } from '../context';
import { deEscrow } from '../operations/de-escrow';
import { DeEscrowRequestSchema } from '../requests/bodies';
import { DatabaseError } from '../store/store';
import { tokenTypeName } from '../chain/token-info';
import { credited, recordSpends } from '../planted-bug';

/** A failure the real listener does not survive: `panic!("Error processing event: …")`. */
class ListenerPanic extends Error {
  override readonly name = 'ListenerPanic';
}

export interface ProposedBlock {
  readonly layer2BlockNumber: number;
  readonly l1TransactionHash: Hex;
  readonly block: Block;
  /** false while the client replays history (the chain is ahead by more than this block). */
  readonly atChainHead: boolean;
}

async function receivedCommitments(ctx: ClientContext, b: ProposedBlock): Promise<CommitmentRecord[]> {
  const keys = ctx.keys.current;
  const received: CommitmentRecord[] = [];
  for (const tx of b.block.transactions) {
    if (tx.nullifiers.every((n) => n === 0n)) continue; // deposits and padding
    if (tx.commitments[0] === 0n) continue; // a withdraw: nothing to decrypt
    const preimage = tryDecrypt(keys, tx.public_data, tx.commitments[0]);
    if (!preimage) continue;
    ctx.log(LogTarget.blockEvents).info(`Received commitment owned by us, with hash ${toHex64(tx.commitments[0])}`);
    const location = ctx.profile.receivedCommitmentsCarryLocation;
    received.push({
      hash: tx.commitments[0],
      preimage: { ...preimage, salt: { type: 'Transfer', value: preimage.salt } },
      status: 'Unspent',
      nullifier: nullifier(keys.nullifierKey, tx.commitments[0]),
      tokenType: ctx.profile.commitmentTokenType ? await tokenTypeOf(ctx, preimage.nfTokenId) : null,
      layer1TransactionHash: location ? b.l1TransactionHash : null,
      layer2BlockNumber: location ? b.layer2BlockNumber : null,
    });
  }
  return received;
}

async function tokenTypeOf(ctx: ClientContext, nfTokenId: bigint): Promise<CommitmentRecord['tokenType']> {
  let tokenType;
  try {
    ({ tokenType } = await ctx.l1.tokenInfo(nfTokenId));
  } catch (error) {
    ctx.log(LogTarget.blockEvents).debug(`Could not retrieve token type: ${(error as Error).message}`);
    throw new ListenerPanic('Error processing event: InvalidCalldata');
  }
  return tokenTypeName(tokenType ?? 0);
}

/** head build: a confirmed withdraw with de-escrow arguments is de-escrowed now, once; failures are only logged. */
async function autoDeEscrow(ctx: ClientContext, requestId: string): Promise<void> {
  const log = ctx.log(LogTarget.blockEvents);
  const args = ctx.store.request(requestId)?.childRequestArgs;
  if (args === undefined) return;
  const parsed = DeEscrowRequestSchema.safeParse(JSON.parse(args));
  if (!parsed.success) {
    log.error(`${requestId} Failed to deserialize child_request_args: ${parsed.error.message}`);
    return;
  }
  try {
    await deEscrow(ctx, parsed.data);
    log.debug(`${requestId} De-escrow operation completed successfully`);
    await ctx.store.updateRequest(requestId, { childRequestArgs: undefined });
  } catch (error) {
    log.error(`${requestId} De-escrow operation failed: ${(error as Error).message}`);
  }
}

export async function processBlock(ctx: ClientContext, b: ProposedBlock): Promise<void> {
  const log = ctx.log(LogTarget.blockEvents);
  const commitments = b.block.transactions.flatMap((tx) => [...tx.commitments]);
  const nullifiers = b.block.transactions.flatMap((tx) => [...tx.nullifiers]);

  await ctx.store.markOnChain(
    commitments,
    b.l1TransactionHash,
    ctx.profile.recordsLayer2BlockNumber ? b.layer2BlockNumber : undefined,
  );
  await recordSpends(ctx.store, nullifiers, ctx.plantedBug);

  for (const c of commitments) {
    for (const requestId of ctx.store.requestsFor(toHex64(c))) {
      if (!ctx.store.request(requestId)) continue; // requests are dropped at start-up; their mappings are not
      await ctx.store.updateRequest(requestId, { status: 'Confirmed' });
      if (ctx.profile.deEscrow === 'automatic') await autoDeEscrow(ctx, requestId);
    }
  }

  const keys = ctx.keys.current;
  const received = credited(await receivedCommitments(ctx, b), ctx.plantedBug, (hash) =>
    nullifier(keys.nullifierKey, hash),
  );
  if (b.atChainHead) {
    await ctx.store.insertCommitments(received).catch((error: unknown) => {
      if (!(error instanceof DatabaseError)) throw error;
      log.error(`Failed to store commitments: ${error.message}`);
    });
  } else {
    await ctx.store.upsertCommitments(received); // while synchronising, overwrite what we already have
  }

  const nonZero = commitments.filter((c) => c !== 0n).map(toHex64);
  const requestIds = [...new Set(nonZero.flatMap((c) => ctx.store.requestsFor(c)))];
  await ctx.notifier.publish({
    event_type: 'blockchain_event',
    l1_txn_hash: b.l1TransactionHash,
    l2_block_number: b.layer2BlockNumber,
    commitments: nonZero,
    request_ids: requestIds,
  });
  await ctx.store.storeBlock({
    layer2BlockNumber: b.layer2BlockNumber,
    l1TransactionHash: b.l1TransactionHash,
    commitments: commitments.map(toHex64),
  });
}
