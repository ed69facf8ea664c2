// Releasing a withdraw's escrowed funds on L1 (the real handle_de_escrow, drivers/rest/withdraw.rs): convert the
// request, ask the contract whether the withdraw has landed (withdraw_processed), and only then send descrow_funds
// from the client's own key. Used by the plume build's POST /v1/de-escrow and the head build's automatic de-escrow.
import { getAddress } from 'viem';
import { TokenType } from '../../../contracts/abi';
import type { WithdrawData } from '../../../lib/block-codec';
import type { ClientContext } from '../context';
import { LogTarget } from '../context';
import { HandlerPanic } from '../http/rejections';
import type { DeEscrowRequest } from '../requests/bodies';
import { nfTokenIdFromHex, parseTokenTypeCode } from './inputs';
import { parseFieldHex } from '../../../lib/field';

/** The de-escrow did not happen (the route's 400 `Failed to de-escrow funds`); the message says why. */
export class DeEscrowFailure extends Error {
  override readonly name = 'DeEscrowFailure';
}

/**
 * The real Fr → Address conversion accepts values up to 2^161 − 1 (an off-by-one bit in its bound) and keeps the low
 * 20 bytes; above that its `.expect()` panics.
 */
const MAX_CONVERTIBLE_ADDRESS = (1n << 161n) - 1n;

function withdrawData(req: DeEscrowRequest): WithdrawData {
  let nfTokenId: bigint;
  let recipient: bigint;
  let value: bigint;
  let salt: bigint;
  try {
    nfTokenId = nfTokenIdFromHex(req.ercAddress, req.tokenId);
    recipient = parseFieldHex(req.recipientAddress);
    value = parseFieldHex(req.value);
    salt = parseFieldHex(req.withdrawFundSalt);
  } catch (error) {
    throw new DeEscrowFailure(`Could not convert Withdraw data request to WithdrawData: ${(error as Error).message}`);
  }
  if (recipient > MAX_CONVERTIBLE_ADDRESS) {
    throw new HandlerPanic('Could not convert WithdrawData withdraw address to Solidity address');
  }
  const low160 = recipient & ((1n << 160n) - 1n);
  return {
    nf_token_id: nfTokenId,
    recipient_address: getAddress(`0x${low160.toString(16).padStart(40, '0')}`),
    value,
    withdraw_fund_salt: salt,
  };
}

/** Resolves when descrow_funds was sent and mined (its status is not checked, as in the real client). */
export async function deEscrow(ctx: ClientContext, req: DeEscrowRequest): Promise<void> {
  const log = ctx.log(LogTarget.deEscrow);
  let code: number;
  try {
    code = parseTokenTypeCode(req.tokenType);
  } catch {
    log.error('Could not convert token type');
    throw new DeEscrowFailure('Could not convert token type');
  }
  const mapped = ctx.profile.depositTokenType(code);
  const tokenType = mapped === 'unsupported-fee-token' ? TokenType.FeeToken : TokenType[mapped.standard];
  const data = withdrawData(req);

  let available: boolean;
  try {
    available = await ctx.l1.withdrawProcessed(data);
  } catch (error) {
    log.debug(`Nightfall contract error: ${(error as Error).message}`);
    throw new DeEscrowFailure(`Nightfall contract error: ${(error as Error).message}`);
  }
  if (!available) {
    log.debug('Not yet able to de-escrow funds');
    throw new DeEscrowFailure('Not yet able to de-escrow funds');
  }
  log.debug('Withdraw is on chain, attempting to de-escrow funds');
  try {
    const receipt = await ctx.l1.descrowFunds(data, tokenType);
    if (receipt.gasUsed !== 0n) log.info(`Gas used in de_escrow_funds: ${receipt.gasUsed}`);
  } catch (error) {
    log.error(`Could not de-escrow funds: ${(error as Error).message}`);
    throw new DeEscrowFailure(`Could not de-escrow funds: ${(error as Error).message}`);
  }
}
