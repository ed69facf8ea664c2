// One round of block production once the trigger fired: forget what is already on chain, select, build, simulate,
// propose and, when the block landed, remove its entries from the mempool.
import { slotKind, type OnChainTransaction } from '../../lib/block-codec';
import { buildBlock } from './block-builder';
import { isEmptySelection, selectBlockContents, type BlockSelection } from './block-selection';
import type { BlockSubmitter } from './block-submitter';
import type { ChainReader } from './chain';
import type { Log } from './log';
import type { Mempool } from './mempool';
import type { TriggerReason } from './trigger';

type Selection = BlockSelection<OnChainTransaction>;

export interface BlockAssemblerDeps {
  mempool: Mempool<OnChainTransaction>;
  chain: ChainReader;
  submitter: BlockSubmitter;
  blockSize: number;
  log: Log;
}

export class BlockAssembler {
  constructor(private readonly deps: BlockAssemblerDeps) {}

  async assembleAndPropose(reason: TriggerReason): Promise<void> {
    const { mempool, chain, submitter, blockSize, log } = this.deps;
    await this.dropEntriesAlreadyOnChain();
    const selection = selectBlockContents(mempool.deposits(), mempool.clientTransactions(), blockSize);
    if (isEmptySelection(selection)) {
      log.info('No transactions pending');
      return;
    }

    const number = await chain.nextLayer2BlockNumber();
    const block = buildBlock(selection);
    log.info(
      `Assembled block ${number} with ${block.transactions.length} transactions ` +
        `(${describe(selection)}; trigger: ${reason})`,
    );

    const simulation = await submitter.simulate(block);
    if (!simulation.ok) {
      log.warn(`Block ${number} would revert: ${simulation.reason}`);
      await this.dropOffendingEntries(selection);
      return;
    }
    const submission = await submitter.propose(block);
    if (!submission.succeeded) {
      // The chain changed between simulation and mining; the next round re-checks every entry against it.
      log.error(`Block ${number} reverted in tx ${submission.hash}`);
      return;
    }
    removeFromMempool(mempool, selection);
    log.info(`Proposed block ${number} in tx ${submission.hash}`);
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

  /**
   * Finds which entries make the block revert by proposing each alone (in simulation). When even an empty block
   * would revert, the fault is not in the entries (e.g. this proposer is no longer the current one): keep them all.
   */
  private async dropOffendingEntries(selection: Selection): Promise<void> {
    const { mempool, submitter, log } = this.deps;
    const empty = await submitter.simulate(buildBlock({ depositGroups: [], clientTransactions: [] }));
    if (!empty.ok) {
      log.warn(`Even an empty block would revert (${empty.reason}); keeping the mempool`);
      return;
    }
    for (const deposit of selection.depositGroups.flat()) {
      const alone = await submitter.simulate(buildBlock({ depositGroups: [[deposit]], clientTransactions: [] }));
      if (alone.ok) continue;
      log.warn(`Dropping deposit with escrow key ${deposit.key}: ${alone.reason}`);
      mempool.removeDeposits([deposit.key]);
    }
    for (const tx of selection.clientTransactions) {
      const alone = await submitter.simulate(buildBlock({ depositGroups: [], clientTransactions: [tx] }));
      if (alone.ok) continue;
      log.warn(`Dropping client transaction ${tx.id}: ${alone.reason}`);
      mempool.removeClientTransactions([tx.id]);
    }
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

