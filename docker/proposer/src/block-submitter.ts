// Sends propose_block from the proposer's key and waits for the receipt. Every block is simulated first: a revert
// then costs no gas and comes with the contract's reason, which the assembler uses to drop offending entries.
import {
  BaseError,
  ContractFunctionRevertedError,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { nightfallAbi } from '../../contracts/abi';
import type { Block } from '../../lib/block-codec';

export type SimulationResult = { ok: true } | { ok: false; reason: string };

export interface Submission {
  hash: Hash;
  succeeded: boolean;
}

export class BlockSubmitter {
  constructor(
    private readonly publicClient: PublicClient,
    private readonly walletClient: WalletClient<Transport, Chain, Account>,
    private readonly nightfall: Address,
  ) {}

  async simulate(block: Block): Promise<SimulationResult> {
    try {
      await this.publicClient.simulateContract({
        account: this.walletClient.account,
        address: this.nightfall,
        abi: nightfallAbi,
        functionName: 'propose_block',
        args: [block],
      });
      return { ok: true };
    } catch (error) {
      const reason = revertReason(error);
      if (reason === undefined) throw error; // not a revert (RPC down, ...): let the caller retry later
      return { ok: false, reason };
    }
  }

  async propose(block: Block): Promise<Submission> {
    const hash = await this.walletClient.writeContract({
      address: this.nightfall,
      abi: nightfallAbi,
      functionName: 'propose_block',
      args: [block],
    });
    const receipt = await this.publicClient.waitForTransactionReceipt({ hash });
    return { hash, succeeded: receipt.status === 'success' };
  }
}

/** The contract's revert reason, or undefined when the error is not a revert. */
function revertReason(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(revert instanceof ContractFunctionRevertedError)) return undefined;
  return revert.reason ?? revert.shortMessage;
}
