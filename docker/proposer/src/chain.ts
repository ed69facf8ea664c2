// Read-only views of the Nightfall and RoundRobin contracts that the proposer consults: who may propose, which block
// comes next, and whether a mempool entry is still valid on chain.
import type { Address, PublicClient } from 'viem';
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
