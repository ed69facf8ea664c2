// One round of block assembly once the trigger fired: forget what is already on chain, select, build, and take the
// selected entries out of the mempool at once, as upstream does before anything is proposed
// (nightfall_proposer/src/services/assemble_block.rs:379-385 @ plume_testnet_proposer 4e84c58). The block then waits in
// the pending queue for the finality checker (finality-checker.ts); if its propose_block fails or reverts, nothing
// puts its entries back: deposits stay escrowed and the clients' requests stay Submitted.
import { slotKind, type Block, type OnChainTransaction } from '../../lib/block-codec';
import { buildBlock } from './block-builder';
import { isEmptySelection, selectBlockContents, type BlockSelection } from './block-selection';
import type { ChainReader } from './chain';
import type { Log } from './log';
import type { Mempool } from './mempool';
import type { TriggerReason } from './trigger';

type Selection = BlockSelection<OnChainTransaction>;

export interface BlockAssemblerDeps {
  mempool: Mempool<OnChainTransaction>;
  chain: ChainReader;
  blockSize: number;
  log: Log;
}

export class BlockAssembler {
  constructor(private readonly deps: BlockAssemblerDeps) {}

  /** The block to queue, or undefined when nothing is pending. */
  async assemble(reason: TriggerReason): Promise<Block | undefined> {
    const { mempool, blockSize, log } = this.deps;
    await this.dropEntriesAlreadyOnChain();
    const selection = selectBlockContents(mempool.deposits(), mempool.clientTransactions(), blockSize);
    if (isEmptySelection(selection)) {
      log.info('No transactions pending');
      return undefined;
    }
    const block = buildBlock(selection);
    removeFromMempool(mempool, selection);
    log.info(
      `Assembled a block of ${block.transactions.length} transactions (${describe(selection)}; trigger: ${reason})`,
    );
    return block;
  }

  /** Deposits already redeemed and transactions whose nullifiers are spent (e.g. by another proposer) can't land. */
  private async dropEntriesAlreadyOnChain(): Promise<void> {
    const { mempool, chain } = this.deps;
    const deposits = await Promise.all(
      mempool.deposits().map(async (d) => ((await chain.escrowStatus(d.key)).redeemed ? [d.key] : [])),
    );
    const transactions = await Promise.all(
      mempool.clientTransactions().map(async (tx) => ((await chain.anyNullified(tx.nullifiers)) ? [tx.id] : [])),
    );
    mempool.removeDeposits(deposits.flat());
    mempool.removeClientTransactions(transactions.flat());
  }
}

function removeFromMempool(mempool: Mempool<OnChainTransaction>, selection: Selection): void {
  mempool.removeDeposits(selection.depositGroups.flat().map((d) => d.key));
  mempool.removeClientTransactions(selection.clientTransactions.map((tx) => tx.id));
}

/** The real proposer's summary: "This block has N deposit(s), N transfer(s), and N withdrawal(s)". */
function describe(selection: Selection): string {
  const kinds = selection.clientTransactions.map((tx) => slotKind(tx.slot));
  const deposits = selection.depositGroups.flat().length;
  const transfers = kinds.filter((k) => k === 'transfer').length;
  const withdraws = kinds.filter((k) => k === 'withdraw').length;
  return `${deposits} deposit(s), ${transfers} transfer(s), ${withdraws} withdrawal(s)`;
}
