// A DepositEscrowed event → the deposit it books (reference §8.3, nightfall_event.rs process_deposit_escrowed_event).
// The event only carries (nfSlotId, value), so, like the real proposer, we fetch the transaction and decode its
// escrow_funds calldata for the token and secret hash; escrow must therefore be a direct call to Nightfall.
// The fee deposit (second event of an escrow that paid a deposit fee) is recognised by its slot = the fee token id.
import { decodeFunctionData, type Hash, type PublicClient } from 'viem';
import { nightfallAbi } from '../../contracts/abi';
import { depositCommitment, depositKey, nfTokenId, type DepositData } from '../../lib/crypto/commitment';
import { BN254_R } from '../../lib/field';
import type { ChainReader } from './chain';
import type { PendingDeposit } from './mempool';

export interface EscrowEvent {
  transactionHash: Hash;
  nfSlotId: bigint;
  value: bigint;
}

export type DecodedDeposit =
  | { outcome: 'pending'; deposit: PendingDeposit }
  | { outcome: 'redeemed' }
  | { outcome: 'skipped'; reason: string };

export interface DepositDecoderDeps {
  client: PublicClient;
  chain: ChainReader;
  feeTokenId: bigint;
}

export async function decodeEscrowEvent(deps: DepositDecoderDeps, event: EscrowEvent): Promise<DecodedDeposit> {
  const tx = await deps.client.getTransaction({ hash: event.transactionHash });
  let call;
  try {
    call = decodeFunctionData({ abi: nightfallAbi, data: tx.input });
  } catch {
    return { outcome: 'skipped', reason: 'escrow was not a direct escrow_funds call' };
  }
  if (call.functionName !== 'escrow_funds') {
    return { outcome: 'skipped', reason: `escrow came from a ${call.functionName} call` };
  }
  const [, ercAddress, tokenId, , secretHash] = call.args;

  // The slot id comes from the event (for ERC-3525 the contract derived it from slotOf); the value too, because the
  // fee deposit's value (msg.value − 2·fee) is not in the calldata.
  const isFeeDeposit = event.nfSlotId === deps.feeTokenId;
  const data: DepositData = {
    nfTokenId: isFeeDeposit ? deps.feeTokenId : nfTokenId(ercAddress, tokenId),
    nfSlotId: event.nfSlotId,
    value: event.value,
    secretHash,
  };
  if (data.value >= BN254_R || data.secretHash >= BN254_R) {
    return { outcome: 'skipped', reason: 'value or secret hash is not a field element' };
  }

  const key = depositKey(data);
  const escrow = await deps.chain.escrowStatus(key);
  if (!escrow.escrowed) return { outcome: 'skipped', reason: `no escrow on chain under key ${key}` };
  if (escrow.redeemed) return { outcome: 'redeemed' };
  return { outcome: 'pending', deposit: { ...data, key, fee: escrow.fee, commitment: depositCommitment(data) } };
}
