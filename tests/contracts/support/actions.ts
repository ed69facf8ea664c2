// Multi-step chain actions the contract tests share: a funded ERC-20 deposit, a block proposal, a withdraw block.
import type { HDAccount, TransactionReceipt } from 'viem';
import { TokenType } from '../../../docker/contracts/abi';
import { roles, type ContractsDevnet } from './devnet';
import {
  block,
  depositKey,
  field,
  nfTokenId,
  withdrawDataOf,
  withdrawSlot,
  type Block,
  type WithdrawData,
} from './nightfall-model';

/** Mints `value` stablecoins to `user`, approves Nightfall and escrows them paying `fee`; returns the escrow key. */
export async function depositStablecoin(
  devnet: ContractsDevnet,
  user: HDAccount,
  opts: { value: bigint; fee: bigint; secretHash: bigint },
): Promise<bigint> {
  const { deployment, contracts, mined } = devnet;
  const token = deployment.tokens.stablecoin;
  await mined(contracts().stablecoin.write.mint([user.address, opts.value]));
  await mined(contracts(user).stablecoin.write.approve([deployment.nightfall, opts.value]));
  const args = [opts.fee, token, 0n, opts.value, opts.secretHash, TokenType.ERC20] as const;
  await mined(contracts(user).nightfall.write.escrow_funds(args, { value: opts.fee }));
  const id = nfTokenId(token, 0n);
  return depositKey({ nf_token_id: id, nf_slot_id: id, value: opts.value, secret_hash: opts.secretHash });
}

/** Sends propose_block as `proposer` (the registered devnet proposer unless told otherwise). */
export function proposeBlock(devnet: ContractsDevnet, blk: Block, proposer: HDAccount = roles.proposer) {
  return devnet.contracts(proposer).nightfall.write.propose_block([blk]);
}

export function proposeBlockMined(devnet: ContractsDevnet, blk: Block): Promise<TransactionReceipt> {
  return devnet.mined(proposeBlock(devnet, blk));
}

/** Proposes a block whose one slot withdraws `value` of `nfTokenId` to `recipient`; returns what claims it. */
export async function proposeWithdraw(
  devnet: ContractsDevnet,
  withdraw: { nfTokenId: bigint; recipient: HDAccount; value: bigint; tag: string },
): Promise<WithdrawData> {
  const slot = withdrawSlot({
    fee: 0n,
    nf_token_id: withdraw.nfTokenId,
    recipient_address: withdraw.recipient.address,
    value: withdraw.value,
    nullifier: field(`${withdraw.tag} spent`),
  });
  await proposeBlockMined(devnet, block([slot], 0n, withdraw.tag));
  return withdrawDataOf(slot);
}
