// A queued deposit (the real handle_deposit + deposit_operation, EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_client/src/drivers/rest/client_nf_3.rs:216-429, services/client_operation.rs:205-266): approve the token,
// escrow it with escrow_funds from the client's own key, and store the commitment(s) the proposer will put on chain as
// PendingCreation. The escrow receipt's status is not checked (a reverted escrow still ends `Submitted`); a deposit the
// client's own approval guard refuses (./approval-rules) fails before anything is sent.
import { TokenType, type TokenTypeName } from '../../../contracts/abi';
import {
  depositNullifierKey,
  depositSecretHash,
  newDepositSecret,
  nfSlotId as computeNfSlotId,
  nfTokenId as computeNfTokenId,
  nullifier,
  type DepositSecret,
} from '../../../lib/crypto/commitment';
import { IDENTITY } from '../../../lib/crypto/curve';
import { toHex64 } from '../../../lib/field';
import { preimageHash, type CommitmentRecord, type Preimage } from '../commitments/model';
import { LogTarget, type ClientContext } from '../context';
import { transactionEvent, type TransactionEvent } from '../notify/notifications';
import type { DepositRequest } from '../requests/bodies';
import { DatabaseError } from '../store/store';
import { assertApprovable } from './approval-rules';
import { escrowMsgValue } from './escrow-value';
import { RequestFailure, WorkerPanic } from './failures';
import { parseDepositTokenId, parseErcAddress, parseField, parseTokenTypeCode } from './inputs';

function depositRecord(
  ctx: ClientContext,
  preimage: Preimage,
  secret: DepositSecret,
  tokenType: TokenTypeName | 'FeeToken',
): CommitmentRecord {
  const hash = preimageHash(preimage);
  return {
    hash,
    preimage,
    status: 'PendingCreation',
    // head: Poseidon(Poseidon(s1, s2, s3, domain), c) — the secret replaces the nullifier key (shared_entities.rs);
    // plume: Poseidon(nullifier_key, c) with the keys current at deposit time.
    nullifier: nullifier(
      ctx.profile.depositNullifier === 'deposit-secret' ? depositNullifierKey(secret) : ctx.keys.current.nullifierKey,
      hash,
    ),
    tokenType: ctx.profile.commitmentTokenType ? tokenType : null,
    layer1TransactionHash: null,
    layer2BlockNumber: null,
  };
}

export async function handleDeposit(ctx: ClientContext, req: DepositRequest, id: string): Promise<TransactionEvent> {
  const log = ctx.log(LogTarget.rest);
  const token = parseErcAddress(req.ercAddress);
  const tokenId = parseDepositTokenId(req.tokenId);
  const code = parseTokenTypeCode(req.tokenType);
  const mapped = ctx.profile.depositTokenType(code);
  if (mapped === 'unsupported-fee-token') {
    // `TokenType::FeeToken => todo!()` (drivers/rest/client_nf_3.rs:338 @ master 6ee83be; head only)
    throw new WorkerPanic('not yet implemented', {
      file: 'nightfall_client/src/drivers/rest/client_nf_3.rs',
      line: 338,
    });
  }
  if (mapped.defaulted) log.warn(`TokenType value ${code} not supported, defaulting to ERC20`);
  const standard = mapped.standard;
  const fee = parseField('fee', req.fee);
  const depositFee = parseField('deposit fee', req.deposit_fee);
  const value = parseField('value', req.value);
  const secret = newDepositSecret();
  const tokenType = TokenType[standard];

  log.info(`${id} Setting transfer approval`);
  assertApprovable(standard, value, tokenId);
  try {
    await ctx.l1.approve(standard, token, tokenId, value);
  } catch (error) {
    throw new RequestFailure(`DepositError: token approval failed: ${(error as Error).message}`);
  }

  log.info(`${id} Escrowing funds`);
  let slot = tokenId;
  try {
    const receipt = await ctx.l1.escrowFunds({
      fee,
      token,
      tokenId,
      value,
      secretHash: depositSecretHash(secret),
      tokenType,
      msgValue: escrowMsgValue(fee, depositFee),
    });
    log.info(`Gas used in escrow funds: ${receipt.gasUsed}`);
    if (standard === 'ERC3525') slot = await ctx.l1.slotOf(token, tokenId);
  } catch (error) {
    throw new RequestFailure(`DepositError: escrow failed: ${(error as Error).message}`);
  }

  const nfTokenId = computeNfTokenId(token, tokenId);
  const nfSlotId = slot === tokenId ? nfTokenId : computeNfSlotId(token, slot);
  const valueRecord = depositRecord(
    ctx,
    { value, nfTokenId, nfSlotId, publicKey: IDENTITY, salt: { type: 'Deposit', value: secret } },
    secret,
    standard,
  );
  const feeRecord =
    depositFee === 0n
      ? undefined
      : depositRecord(
          ctx,
          {
            value: depositFee,
            nfTokenId: ctx.feeTokenId,
            nfSlotId: ctx.feeTokenId,
            publicKey: IDENTITY,
            salt: { type: 'Deposit', value: secret },
          },
          secret,
          'FeeToken',
        );
  const records = feeRecord ? [valueRecord, feeRecord] : [valueRecord];
  try {
    await ctx.store.insertCommitments(records);
    await ctx.store.addMappings(
      id,
      records.map((r) => r.hash),
    );
  } catch (error) {
    if (error instanceof DatabaseError) throw new RequestFailure(`DatabaseError: ${error.message}`);
    throw error;
  }
  log.debug(`${id} Deposit request completed successfully - returning reply to caller`);
  return transactionEvent(
    records.map((r) => toHex64(r.hash)),
    id,
  );
}
