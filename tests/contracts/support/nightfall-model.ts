// An independent TypeScript statement of the identifiers and block shapes of the real contract and client
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : blockchain_assets/contracts/Nightfall.sol:49-88,435-444,
// lib/src/nf_token_id.rs:11-44, lib/src/lib.rs:41-49), used to check the Solidity against those rules rather than
// against itself.
import { concat, encodeAbiParameters, getAddress, keccak256, sha256, toHex, type Address, type Hex } from 'viem';

type Word4 = readonly [bigint, bigint, bigint, bigint];

export interface OnChainTransaction {
  fee: bigint;
  commitments: Word4;
  nullifiers: Word4;
  public_data: Word4;
}

export interface Block {
  commitments_root: bigint;
  nullifier_root: bigint;
  commitments_root_root: bigint;
  transactions: readonly OnChainTransaction[];
  rollup_proof: Hex;
}

export interface WithdrawData {
  nf_token_id: bigint;
  recipient_address: Address;
  value: bigint;
  withdraw_fund_salt: bigint;
}

export interface DepositCommitment {
  nf_token_id: bigint;
  nf_slot_id: bigint;
  value: bigint;
  secret_hash: bigint;
}

const ZERO4: Word4 = [0n, 0n, 0n, 0n];

const shr4 = (hash: Hex) => BigInt(hash) >> 4n;

/** sha256(pad32(ercAddress) ‖ pad32(tokenId)) >> 4 */
export function nfTokenId(ercAddress: Address, tokenId: bigint): bigint {
  return shr4(sha256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [ercAddress, tokenId])));
}

/** ERC-3525 only: keccak256(abi.encode(ercAddress, slot)) >> 4 */
export function nfSlotIdOfSlot(ercAddress: Address, slot: bigint): bigint {
  return shr4(keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [ercAddress, slot])));
}

/** keccak256(abi.encode(nightfallAddress, uint256(0))) >> 4 */
export function feeTokenId(nightfall: Address): bigint {
  return nfSlotIdOfSlot(nightfall, 0n);
}

/** sha256(abi.encode(DepositCommitment)) >> 4 */
export function depositKey(deposit: DepositCommitment): bigint {
  const words = [deposit.nf_token_id, deposit.nf_slot_id, deposit.value, deposit.secret_hash];
  return shr4(
    sha256(
      encodeAbiParameters(
        words.map(() => ({ type: 'uint256' })),
        words,
      ),
    ),
  );
}

/** A distinct, reproducible field-sized value for a test's commitments, nullifiers and secrets. */
export function field(tag: string): bigint {
  return shr4(keccak256(toHex(tag)));
}

export function depositSlot(keys: readonly bigint[]): OnChainTransaction {
  const commitments = keys.map((key) => field(`commitment of deposit ${key}`));
  return { fee: 0n, commitments: pad4(commitments), nullifiers: ZERO4, public_data: pad4(keys) };
}

export function transferSlot(opts: { fee: bigint; nullifiers: readonly bigint[]; tag: string }): OnChainTransaction {
  return {
    fee: opts.fee,
    commitments: pad4([field(`${opts.tag} recipient`), field(`${opts.tag} change`)]),
    nullifiers: pad4(opts.nullifiers),
    public_data: pad4([
      field(`${opts.tag} c0`),
      field(`${opts.tag} c1`),
      field(`${opts.tag} c2`),
      field(`${opts.tag} e`),
    ]),
  };
}

/** A withdraw slot: commitments[0] = 0, public_data = [nf_token_id, recipient, value, 0]. */
export function withdrawSlot(
  withdraw: Omit<WithdrawData, 'withdraw_fund_salt'> & { fee: bigint; nullifier: bigint },
): OnChainTransaction {
  return {
    fee: withdraw.fee,
    commitments: [0n, 0n, field(`fee of ${withdraw.nullifier}`), 0n],
    nullifiers: pad4([withdraw.nullifier]),
    public_data: [withdraw.nf_token_id, BigInt(withdraw.recipient_address), withdraw.value, 0n],
  };
}

/** What the recipient passes to descrow_funds for a withdraw slot (the salt is the slot's first nullifier). */
export function withdrawDataOf(slot: OnChainTransaction): WithdrawData {
  return {
    nf_token_id: slot.public_data[0],
    recipient_address: getAddress(toHex(slot.public_data[1], { size: 20 })),
    value: slot.public_data[2],
    withdraw_fund_salt: slot.nullifiers[0],
  };
}

export const dummySlot: OnChainTransaction = { fee: 0n, commitments: ZERO4, nullifiers: ZERO4, public_data: ZERO4 };

/** A block with a mock rollup proof: abi.encode(feeSum) followed by the (unchecked) accumulators and proof. */
export function block(transactions: readonly OnChainTransaction[], feeSum = 0n, tag = 'block'): Block {
  return {
    commitments_root: field(`${tag} commitments root`),
    nullifier_root: field(`${tag} nullifier root`),
    commitments_root_root: field(`${tag} historic roots root`),
    transactions,
    rollup_proof: concat([encodeAbiParameters([{ type: 'uint256' }], [feeSum]), toHex(new Uint8Array(256))]),
  };
}

function pad4(values: readonly bigint[]): Word4 {
  if (values.length > 4) throw new Error('a slot holds at most four values');
  return [values[0] ?? 0n, values[1] ?? 0n, values[2] ?? 0n, values[3] ?? 0n];
}
