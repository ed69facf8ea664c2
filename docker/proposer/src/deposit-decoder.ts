// A DepositEscrowed event → the deposit it books (process_deposit_escrowed_event,
// EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_proposer/src/driven/nightfall_event.rs:369-454). The event
// only carries (nfSlotId, value), so, like the real proposer, we fetch the transaction and decode its escrow_funds
// calldata for the token and the secret hash; escrow must therefore be a direct call to Nightfall. The fee deposit (the
// second event of an escrow that paid a deposit fee) is recognised by its slot = fee token id.
import { decodeFunctionData, type Hash, type Hex, type PublicClient } from 'viem';
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
  { outcome: 'pending'; deposit: PendingDeposit } | { outcome: 'redeemed' } | { outcome: 'skipped'; reason: string };

export interface DepositDecoderDeps {
  client: PublicClient;
  chain: ChainReader;
  feeTokenId: bigint;
}

export async function decodeEscrowEvent(deps: DepositDecoderDeps, event: EscrowEvent): Promise<DecodedDeposit> {
  const tx = await deps.client.getTransaction({ hash: event.transactionHash });
  const escrow = decodeEscrowCall(tx.input);
  if (!escrow) return { outcome: 'skipped', reason: 'the transaction is not a direct escrow_funds call' };

  // The slot id comes from the event (for ERC-3525 the contract derived it with slotOf); so does the value, because
  // the fee deposit's value (msg.value − 2·fee) is not in the calldata.
  const isFeeDeposit = event.nfSlotId === deps.feeTokenId;
  const data: DepositData = {
    nfTokenId: isFeeDeposit ? deps.feeTokenId : nfTokenId(escrow.ercAddress, escrow.tokenId),
    nfSlotId: event.nfSlotId,
    value: event.value,
    secretHash: escrow.secretHash,
  };
  if (data.value >= BN254_R || data.secretHash >= BN254_R) {
    return { outcome: 'skipped', reason: 'its value or secret hash is not a field element' };
  }

  const key = depositKey(data);
  const status = await deps.chain.escrowStatus(key);
  if (!status.escrowed) return { outcome: 'skipped', reason: `nothing is escrowed under key ${key}` };
  if (status.redeemed) return { outcome: 'redeemed' };
  return { outcome: 'pending', deposit: { ...data, key, fee: status.fee, commitment: depositCommitment(data) } };
}

function decodeEscrowCall(input: Hex) {
  try {
    const call = decodeFunctionData({ abi: nightfallAbi, data: input });
    if (call.functionName !== 'escrow_funds') return undefined;
    const [, ercAddress, tokenId, , secretHash] = call.args;
    return { ercAddress, tokenId, secretHash };
  } catch {
    return undefined;
  }
}
