// propose_block calldata for unit tests that read L2 blocks from a scripted L1: one withdraw slot, as the real
// contracts decode it (fixtures/l1-contracts/propose-block.ts).
import { encodeFunctionData, pad, type Address, type Hex } from 'viem';
import { nightfallAbi } from '../../fixtures/l1-contracts';

/** A block of one withdraw slot: nullifiers[0] = the salt, commitments[0] = 0, public data [token id, recipient, value]. */
export function proposeBlockWithWithdrawal(data: {
  nf_token_id: bigint;
  recipient_address: Address;
  value: bigint;
  withdraw_fund_salt: bigint;
}): Hex {
  const slot = {
    fee: 0n,
    commitments: [0n, 0n, 0n, 0n] as const,
    nullifiers: [data.withdraw_fund_salt, 0n, 0n, 0n] as const,
    public_data: [data.nf_token_id, BigInt(data.recipient_address), data.value, 0n] as const,
  };
  return encodeFunctionData({
    abi: nightfallAbi,
    functionName: 'propose_block',
    args: [
      {
        commitments_root: 1n,
        nullifier_root: 2n,
        commitments_root_root: 3n,
        transactions: [slot],
        rollup_proof: pad('0x00'),
      },
    ],
  });
}
