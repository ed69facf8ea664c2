// What transfers and withdraws share (the real handle_transfer/handle_withdraw + handle_client_operation,
// EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/drivers/rest/client_nf_3.rs:431-968,
// drivers/rest/client_operation.rs:31-96): pick and reserve the inputs, build the outputs (./spend-outputs), map all
// four output hashes to the request, store own change as PendingCreation, "prove" (a mock proof that fails where the
// real circuit cannot be satisfied), and hand the transaction to every proposer. A failure after the inputs were
// reserved ends as the build ends it (build-profile.ts rollsBackReservations): head puts the inputs back to Unspent and
// deletes the stored change; plume leaves the inputs PendingSpend and the change PendingCreation for good.
import type { TokenTypeName } from '../../../contracts/abi';
import { buildClientTransaction, type ClientTransaction, type Words4 } from '../../../lib/block-codec';
import { nullifier } from '../../../lib/crypto/commitment';
import { IDENTITY, pointsEqual, type Point } from '../../../lib/crypto/curve';
import type { ZkpKeys } from '../../../lib/crypto/keys';
import { ADDRESS_BITS, fitsBits, modR, VALUE_BITS } from '../../../lib/field';
import { tokenTypeName } from '../chain/token-info';
import { isDefaultPreimage, type CommitmentRecord, type Preimage } from '../commitments/model';
import { SelectionError, selectCommitments } from '../commitments/selection';
import { LogTarget, type ClientContext } from '../context';
import { changeOf } from '../planted-bug';
import { amountPlanted } from '../planted-leak';
import { submitToProposers } from '../proposers/submitter';
import { RequestFailure } from './failures';
import { buildSpendOutputs, type SpendOutputs, type SpendTarget } from './spend-outputs';

export interface SpendPlan {
  readonly target: SpendTarget;
  readonly nfTokenId: bigint;
  readonly value: bigint;
  readonly fee: bigint;
}

export interface SpendOutcome {
  readonly transaction: ClientTransaction;
  /** nullifiers[0]: the withdraw's claim key on chain (withdraw_fund_salt). */
  readonly firstNullifier: bigint;
}

/** Reserves the inputs for `target` of `nfTokenId` (selection + PendingSpend), or throws RequestFailure. */
async function reserveInputs(
  ctx: ClientContext,
  nfTokenId: bigint,
  target: bigint,
  what: string,
): Promise<CommitmentRecord[]> {
  const available = ctx.store.unspent(nfTokenId);
  let chosen: bigint[];
  try {
    chosen = selectCommitments(
      available.map((c) => ({ hash: c.hash, value: c.preimage.value })),
      target,
    ).map((c) => c.hash);
  } catch (error) {
    if (error instanceof SelectionError)
      throw new RequestFailure(`Could not find enough usable ${what}: ${error.message}`);
    throw error;
  }
  await ctx.store.setStatus(chosen, 'PendingSpend');
  return chosen.map((h) => available.find((c) => c.hash === h)!);
}

const total = (cs: readonly CommitmentRecord[]) => modR(cs.reduce((s, c) => s + c.preimage.value, 0n));

/**
 * head records each change output's token type as getTokenInfo answers it (drivers/rest/client_operation.rs:68-89
 * @ master): a failed call or decode fails the spend. plume records none.
 */
async function changeTokenType(ctx: ClientContext, p: Preimage): Promise<TokenTypeName | null> {
  if (!ctx.profile.commitmentTokenType) return null;
  let info;
  try {
    info = await ctx.l1.tokenInfo(p.nfTokenId);
  } catch (error) {
    throw new RequestFailure(`Error getting token info: ${(error as Error).message}`);
  }
  return tokenTypeName(info.tokenType ?? 0);
}

/** The change outputs we own (never output 0), as PendingCreation records. */
async function ownChange(ctx: ClientContext, outputs: SpendOutputs, keys: ZkpKeys): Promise<CommitmentRecord[]> {
  const records: CommitmentRecord[] = [];
  for (const [i, p] of outputs.preimages.entries()) {
    if (i === 0 || isDefaultPreimage(p) || !pointsEqual(p.publicKey, keys.zkpPublicKey)) continue;
    const hash = outputs.hashes[i]!;
    records.push({
      hash,
      preimage: p,
      status: 'PendingCreation',
      nullifier: nullifier(keys.nullifierKey, hash),
      tokenType: await changeTokenType(ctx, p),
      layer1TransactionHash: null,
      layer2BlockNumber: null,
    });
  }
  return records;
}

/**
 * What the circuit refuses, so that no proof can be made ("proving error": services/client_operation.rs:194-197 @
 * plume_testnet_client, :193-196 @ master): out of range values
 * (lib/src/plonk_prover/circuits/unified_circuit.rs:111-119 @ master), and a transfer to the identity point
 * (is_neutral(recipient) must equal the withdraw flag, driven/plonk_prover/circuits/unified_circuit.rs:194-210 @
 * plume_testnet_client; head refuses it earlier, in ./transfer.ts).
 */
function assertProvable(plan: SpendPlan): void {
  const inRange =
    fitsBits(plan.value, VALUE_BITS) &&
    fitsBits(plan.fee, VALUE_BITS) &&
    (plan.target.kind === 'transfer' || fitsBits(plan.target.recipientAddress, ADDRESS_BITS));
  const neutralRecipient = plan.target.kind === 'transfer' && pointsEqual(plan.target.recipient, IDENTITY);
  if (!inRange || neutralRecipient)
    throw new RequestFailure('Transaction could not be completed due to a proving error.');
}

async function handToProposers(ctx: ClientContext, transaction: ClientTransaction, id: string): Promise<void> {
  const log = ctx.log(LogTarget.clientOperation);
  let proposers;
  try {
    proposers = await ctx.l1.proposers();
  } catch (error) {
    throw new RequestFailure(`could not read the proposers on chain: ${(error as Error).message}`);
  }
  const result = await submitToProposers(proposers, transaction, id, log);
  if (result.kind === 'unreachable') {
    await ctx.store.updateRequest(id, { status: 'ProposerUnreachable' }); // then Failed, as in the real worker
    throw new RequestFailure(`${id} All proposers unreachable after retries.`);
  }
  if (result.kind === 'rejected') throw new RequestFailure(`${id} All proposers rejected the transaction.`);
}

export async function executeSpend(ctx: ClientContext, plan: SpendPlan, id: string): Promise<SpendOutcome> {
  const log = ctx.log(LogTarget.clientOperation);
  const keys = ctx.keys.current;
  const what = plan.target.kind;
  const valueInputs = await reserveInputs(
    ctx,
    plan.nfTokenId,
    plan.value,
    `value commitments to complete this ${what}, suggest depositing more tokens`,
  );
  const reserved = [...valueInputs];
  const created: bigint[] = [];
  try {
    const feeInputs =
      plan.fee === 0n
        ? []
        : await reserveInputs(
            ctx,
            ctx.feeTokenId,
            plan.fee,
            `fee commitments to complete this ${what}, suggest depositing more fee`,
          );
    reserved.push(...feeInputs);
    const outputs = buildSpendOutputs({
      ...plan,
      nfSlotId: valueInputs[0]!.preimage.nfSlotId,
      change: changeOf(modR(total(valueInputs) - plan.value), ctx.plantedBug),
      feeChange: modR(total(feeInputs) - plan.fee),
      feeTokenId: ctx.feeTokenId,
      contractOwner: contractOwner(ctx),
      ownKey: keys.zkpPublicKey,
    });
    await ctx.store.addMappings(id, outputs.hashes);
    const change = await ownChange(ctx, outputs, keys);
    await ctx.store.insertCommitments(change);
    created.push(...change.map((c) => c.hash));

    log.info(`${id} Generating proof`);
    assertProvable(plan);
    const inputs = [valueInputs[0], valueInputs[1], feeInputs[0], feeInputs[1]];
    const transaction = buildClientTransaction({
      fee: plan.fee,
      // The real client proves membership against its current root; absent inputs use 0.
      historicCommitmentRoots: words4(inputs.map((c) => (c ? ctx.sync.tree.root : 0n))),
      commitments:
        ctx.plantedLeak === 'amount-in-calldata' && what === 'transfer'
          ? amountPlanted(outputs.onChain, plan.value)
          : outputs.onChain,
      nullifiers: words4(inputs.map((c) => c?.nullifier ?? 0n)),
      cipherText: outputs.cipherText,
    });
    await handToProposers(ctx, transaction, id);
    log.info(`${id} ${what === 'transfer' ? 'Transfer' : 'Withdraw'} transaction submitted`);
    return { transaction, firstNullifier: valueInputs[0]!.nullifier };
  } catch (error) {
    if (ctx.profile.rollsBackReservations) {
      log.info(`${id} Rolling back ${reserved.length} spend commitments`);
      await ctx.store.setStatus(
        reserved.map((c) => c.hash),
        'Unspent',
      );
      log.info(`${id} Deleting ${created.length} new commitments`);
      await ctx.store.deleteCommitments(created);
    } else {
      // Not a line of the real client: plume says nothing about the commitments it leaves behind.
      log.debug(
        `${id} ${what} failed; ${reserved.length} input(s) stay PendingSpend, ${created.length} change output(s) PendingCreation`,
      );
    }
    throw error;
  }
}

/** The key that "owns" fee outputs and a withdraw's burnt output: the Nightfall contract, as (0, address). */
function contractOwner(ctx: ClientContext): Point {
  return { x: 0n, y: BigInt(ctx.l1.addresses.nightfall) };
}

function words4(xs: readonly bigint[]): Words4 {
  if (xs.length !== 4) throw new RangeError(`expected 4 words, got ${xs.length}`);
  return [xs[0]!, xs[1]!, xs[2]!, xs[3]!];
}
