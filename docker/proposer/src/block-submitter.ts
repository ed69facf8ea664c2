// Sends propose_block as upstream's proposer does (nightfall_proposer/src/driven/nightfall_contract.rs:16-60 @
// plume_testnet_proposer 4e84c58): a fixed 5 M gas, max fee twice the gas price, no simulation first and no look at the
// receipt's status. A reverted block is therefore "proposed" as far as the proposer knows: it logs the receipt and
// moves on, and the block's transactions, already out of the mempool, are lost. Any failure before a receipt (nonce,
// gas price, send, receipt) is upstream's TransactionError, "Did not receive a transaction receipt".
import type { Account, Address, Chain, PublicClient, Transport, WalletClient } from 'viem';
import { nightfallAbi } from '../../contracts/abi';
import type { Block } from '../../lib/block-codec';
import type { Log } from './log';

const PROPOSE_GAS = 5_000_000n;

class ProposeBlockError extends Error {
  constructor(cause: unknown) {
    super('Did not receive a transaction receipt', { cause });
  }
}

export class BlockSubmitter {
  constructor(
    private readonly publicClient: PublicClient,
    private readonly walletClient: WalletClient<Transport, Chain, Account>,
    private readonly nightfall: Address,
    private readonly log: Log,
  ) {}

  async propose(block: Block): Promise<void> {
    let receipt;
    try {
      const account = this.walletClient.account;
      const nonce = await this.publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' });
      const gasPrice = await this.publicClient.getGasPrice();
      const hash = await this.walletClient.writeContract({
        address: this.nightfall,
        abi: nightfallAbi,
        functionName: 'propose_block',
        args: [block],
        nonce,
        gas: PROPOSE_GAS,
        maxFeePerGas: gasPrice * 2n,
        maxPriorityFeePerGas: gasPrice,
      });
      receipt = await this.publicClient.waitForTransactionReceipt({ hash });
    } catch (error) {
      throw new ProposeBlockError(error);
    }
    this.log.info(
      `Received receipt for submitted block with hash: ${receipt.transactionHash}, gas used was: ${receipt.gasUsed}`,
    );
  }
}
