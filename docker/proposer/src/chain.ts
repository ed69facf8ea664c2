// Read-only views of the Nightfall and RoundRobin contracts that the proposer consults: who may propose, which block
// comes next, and whether a mempool entry is still valid on chain.
import type { Address, Hash, PublicClient } from 'viem';
import { nightfallAbi, roundRobinAbi } from '../../contracts/abi';
import type { ContractAddresses } from '../../lib/addresses';

export interface EscrowStatus {
  escrowed: boolean;
  redeemed: boolean;
  fee: bigint;
}

export class ChainReader {
  constructor(
    private readonly client: PublicClient,
    private readonly addresses: Pick<ContractAddresses, 'nightfall' | 'roundRobin'>,
  ) {}

  async currentProposer(): Promise<Address> {
    return this.client.readContract({
      address: this.addresses.roundRobin,
      abi: roundRobinAbi,
      functionName: 'get_current_proposer_address',
    });
  }

  /** The L1 block the current proposer's turn began in (its bootstrap or the last rotation). */
  async startL1Block(): Promise<bigint> {
    return this.client.readContract({
      address: this.addresses.roundRobin,
      abi: roundRobinAbi,
      functionName: 'start_l1_block',
    });
  }

  /** Every ProposerRotated since block 0, oldest first, in one eth_getLogs as upstream queries them (:269-279). */
  async proposerRotations(): Promise<Hash[]> {
    const logs = await this.client.getContractEvents({
      address: this.addresses.roundRobin,
      abi: roundRobinAbi,
      eventName: 'ProposerRotated',
      fromBlock: 0n,
      strict: true,
    });
    return logs.map((log) => log.transactionHash);
  }

  /** The number the next proposed L2 block will carry (BlockProposed counts from 0). */
  async nextLayer2BlockNumber(): Promise<bigint> {
    return this.client.readContract({
      address: this.addresses.nightfall,
      abi: nightfallAbi,
      functionName: 'layer2_block_number',
    });
  }

  async isNullified(nullifier: bigint): Promise<boolean> {
    return this.client.readContract({
      address: this.addresses.nightfall,
      abi: nightfallAbi,
      functionName: 'is_nullified',
      args: [nullifier],
    });
  }

  async anyNullified(nullifiers: readonly bigint[]): Promise<boolean> {
    const spent = await Promise.all(nullifiers.filter((n) => n !== 0n).map((n) => this.isNullified(n)));
    return spent.includes(true);
  }

  async escrowStatus(depositKey: bigint): Promise<EscrowStatus> {
    const [escrowed, redeemed, fee] = await this.client.readContract({
      address: this.addresses.nightfall,
      abi: nightfallAbi,
      functionName: 'deposit_escrowed',
      args: [depositKey],
    });
    return { escrowed, redeemed, fee };
  }
}
