// What transfers and withdraws share (the real handle_transfer/handle_withdraw + handle_client_operation,
// reference §2.4.4-2.4.5, §3.4): pick and reserve inputs, build the four outputs [recipient, change, fee, fee change],
// store own change as PendingCreation, map all four client-side output hashes to the request, "prove" (mock proof)
// and hand the transaction to every proposer. Any failure after the inputs were reserved undoes the reservation and
// the stored change, so nothing is left PendingSpend by a request that failed.
import type { TokenTypeName } from '../../../contracts/abi';
import { buildClientTransaction, type ClientTransaction, type Words4, type Words5 } from '../../../lib/block-codec';
import { nullifier, randomFieldElement } from '../../../lib/crypto/commitment';
import { pointsEqual, type Point } from '../../../lib/crypto/curve';
import { encryptToRecipient } from '../../../lib/crypto/kem';
import type { ZkpKeys } from '../../../lib/crypto/keys';
import { ADDRESS_BITS, fitsBits, modR, VALUE_BITS } from '../../../lib/field';
import { DEFAULT_PREIMAGE, isDefaultPreimage, preimageHash, type CommitmentRecord, type Preimage } from '../commitments/model';
import { SelectionError, selectCommitments } from '../commitments/selection';
import { LogTarget, type ClientContext } from '../context';
import { submitToProposers } from '../proposers/submitter';
import { RequestFailure } from './failures';

export type SpendTarget =
  | { readonly kind: 'transfer'; readonly recipient: Point }
  | { readonly kind: 'withdraw'; readonly recipientAddress: bigint };

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

/** A fresh random transfer salt (Salt::new_transfer_salt). */
const randomSalt = () => ({ type: 'Transfer' as const, value: randomFieldElement() });

/** Reserves the inputs for `target` of `nfTokenId` (selection + PendingSpend), or throws RequestFailure. */
async function reserveInputs(ctx: ClientContext, nfTokenId: bigint, target: bigint, what: string): Promise<CommitmentRecord[]> {
  const available = ctx.store.unspent(nfTokenId);
  let chosen: bigint[];
  try {
    chosen = selectCommitments(
      available.map((c) => ({ hash: c.hash, value: c.preimage.value })),
      target,
    ).map((c) => c.hash);
  } catch (error) {
    if (error instanceof SelectionError) throw new RequestFailure(`Could not find enough usable ${what}: ${error.message}`);
    throw error;
  }
  await ctx.store.setStatus(chosen, 'PendingSpend');
  return chosen.map((h) => available.find((c) => c.hash === h)!);
}

/** The key that "owns" fee outputs and a withdraw's burnt output: the Nightfall contract, as (0, address). */
function contractOwner(ctx: ClientContext): Point {
  return { x: 0n, y: BigInt(ctx.l1.addresses.nightfall) };
}

function ownOutput(value: bigint, nfTokenId: bigint, nfSlotId: bigint, keys: ZkpKeys): Preimage {
  return value === 0n ? DEFAULT_PREIMAGE : { value, nfTokenId, nfSlotId, publicKey: keys.zkpPublicKey, salt: randomSalt() };
}

export async function executeSpend(ctx: ClientContext, plan: SpendPlan, id: string): Promise<SpendOutcome> {
  const log = ctx.log(LogTarget.clientOperation);
  const keys = ctx.keys.current;
  const what = plan.target.kind;
  const valueInputs = await reserveInputs(ctx, plan.nfTokenId, plan.value, `value commitments to complete this ${what}, suggest depositing more tokens`);
  const reserved = [...valueInputs];
  const created: bigint[] = [];
  try {
    if (plan.fee !== 0n) {
      reserved.push(
        ...(await reserveInputs(ctx, ctx.feeTokenId, plan.fee, `fee commitments to complete this ${what}, suggest depositing more fee`)),
      );
    }
    const feeInputs = reserved.slice(valueInputs.length);
    const sum = (cs: readonly CommitmentRecord[]) => modR(cs.reduce((s, c) => s + c.preimage.value, 0n));
    const change = modR(sum(valueInputs) - plan.value);
    const feeChange = modR(sum(feeInputs) - plan.fee);
    const nfSlotId = valueInputs[0]!.preimage.nfSlotId;

    // Output 0: the recipient's commitment (encrypted to them), or for a withdraw a client-side preimage owned by the
    // contract that the circuit zeroes on chain — its hash is mapped but never appears (reference §3.4).
    const encrypted =
      plan.target.kind === 'transfer'
        ? encryptToRecipient({ nfTokenId: plan.nfTokenId, nfSlotId, value: plan.value }, plan.target.recipient)
        : undefined;
    const output0: Preimage = encrypted
      ? { ...encrypted.preimage, salt: { type: 'Transfer', value: encrypted.preimage.salt } }
      : { value: plan.value, nfTokenId: plan.nfTokenId, nfSlotId, publicKey: contractOwner(ctx), salt: randomSalt() };
    const outputs: Preimage[] = [
      output0,
      ownOutput(change, plan.nfTokenId, nfSlotId, keys),
      plan.fee === 0n
        ? DEFAULT_PREIMAGE
        : { value: plan.fee, nfTokenId: ctx.feeTokenId, nfSlotId: ctx.feeTokenId, publicKey: contractOwner(ctx), salt: randomSalt() },
      ownOutput(feeChange, ctx.feeTokenId, ctx.feeTokenId, keys),
    ];
    const outputHashes = outputs.map(preimageHash);

    await ctx.store.addMappings(id, outputHashes);
    const valueTokenType: TokenTypeName = valueInputs[0]!.tokenType ?? 'ERC20';
    const ownChange: CommitmentRecord[] = outputs.flatMap((p, i) =>
      i !== 0 && !isDefaultPreimage(p) && pointsEqual(p.publicKey, keys.zkpPublicKey)
        ? [
            {
              hash: outputHashes[i]!,
              preimage: p,
              status: 'PendingCreation' as const,
              nullifier: nullifier(keys.nullifierKey, outputHashes[i]!),
              tokenType: ctx.profile.commitmentTokenType ? (i === 1 ? valueTokenType : 'FeeToken') : null,
              layer1TransactionHash: null,
              layer2BlockNumber: null,
            },
          ]
        : [],
    );
    await ctx.store.insertCommitments(ownChange);
    created.push(...ownChange.map((c) => c.hash));

    // The circuit's range checks: a proof for out-of-range values cannot be made.
    const inRange =
      fitsBits(plan.value, VALUE_BITS) &&
      fitsBits(plan.fee, VALUE_BITS) &&
      (plan.target.kind === 'transfer' || fitsBits(plan.target.recipientAddress, ADDRESS_BITS));
    if (!inRange) throw new RequestFailure('Transaction could not be completed due to a proving error.');

    const inputs = [valueInputs[0], valueInputs[1], feeInputs[0], feeInputs[1]];
    const onChain = (p: Preimage, i: number) => (isDefaultPreimage(p) || (i === 0 && !encrypted) ? 0n : outputHashes[i]!);
    const cipherText: Words5 =
      plan.target.kind === 'transfer'
        ? encrypted!.cipherText
        : [plan.nfTokenId, plan.target.recipientAddress, plan.value, 0n, 0n];
    const transaction = buildClientTransaction({
      fee: plan.fee,
      historicCommitmentRoots: inputs.map((c) => (c ? ctx.sync.latestCommitmentsRoot : 0n)) as unknown as Words4,
      commitments: outputs.map(onChain) as unknown as Words4,
      nullifiers: inputs.map((c) => c?.nullifier ?? 0n) as unknown as Words4,
      cipherText,
    });
    log.info(`${id} Generating proof`);

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
    log.info(`${id} ${what === 'transfer' ? 'Transfer' : 'Withdraw'} transaction submitted`);
    return { transaction, firstNullifier: valueInputs[0]!.nullifier };
  } catch (error) {
    await ctx.store.setStatus(
      reserved.map((c) => c.hash),
      'Unspent',
    );
    await ctx.store.deleteCommitments(created);
    log.warn(`${id} ${what} failed, reserved commitments released: ${(error as Error).message}`);
    throw error;
  }
}
