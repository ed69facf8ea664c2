// Multi-step chain actions the contract tests share: a funded ERC-20 deposit, a block proposal.
import type { HDAccount, TransactionReceipt } from 'viem';
import { TokenType } from '../../../docker/contracts/abi';
import { roles, type ContractsDevnet } from './devnet';
import { depositKey, nfTokenId, type Block } from './nightfall-model';

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
