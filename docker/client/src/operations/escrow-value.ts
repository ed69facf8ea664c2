// The coin a deposit sends with escrow_funds (D2): with a deposit fee, one value deposit and one fee deposit, each
// paying `fee`, plus the deposit fee itself; without one, `fee` alone (nightfall_client/src/driven/contract_functions/
// nightfall_contract.rs:66-70 @ EYBlockchain/nightfall_4_CE plume_testnet_client 4e84c58, :73-77 @ master 6ee83be).
import { modR } from '../../../lib/field';

export function escrowMsgValue(fee: bigint, depositFee: bigint): bigint {
  return depositFee === 0n ? fee : modR(2n * fee + depositFee);
}
