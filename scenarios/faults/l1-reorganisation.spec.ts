// Fault: L1 reorganises the blocks holding a deposit's escrow and the BlockProposed of the L2 block that confirmed it.
// The reorganisation is the one upstream tests the real system against: the same transactions mined again in new
// blocks (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_test/src/run_tests.rs:606-616). What was seen in
// the replaced blocks must count for nothing, the harness must look again and find everything in its new block, the
// report must say what was reorganised, and the layer must carry on.
//
// The real client and proposer follow logs by number (nightfall_client/src/drivers/blockchain/nightfall_event_listener.rs,
// nightfall_proposer/src/driven/nightfall_event.rs:190-250 @ master): an L2 block they already processed is skipped
// when it arrives again ("Already processed layer 2 block … - skipping"), and neither reads a log's `removed` flag; a
// reorganisation that dropped a BlockProposed for good is not handled by either (the proposer resynchronises only on a
// block hash that differs at the height it expects). So the fault is scoped to the replayed reorganisation, the one the
// real system survives; the devnet's doubles, which read logs by L1 range and skip what they have counted, behave the same.
//
// It runs on a devnet of its own: reorganising the run's shared L1 would move the blocks under every other scenario.
import { expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { depositAndFindItsBlocks, escrowLookedUpAgain, type EscrowOnL1 } from '../../fixtures/faults/deposit-on-l1';
import { blocksProposedSince, isCanonical, type BlockProposedOnL1 } from '../../fixtures/faults/layer2-blocks-on-l1';
import { describeReorganisation, reorganiseL1, type L1Reorganisation } from '../../fixtures/faults/l1-reorg';
import { privateTransferCarriesOn } from '../../fixtures/faults/layer-carries-on';
import { startOwnDevnet } from '../../fixtures/faults/own-devnet';
import type { Devnet } from '../../fixtures/network';
import { attachText, describeScenario, setUp, tearDown } from '../../fixtures/report';
import { devnetOnly, type Target, type TokenUnderTest } from '../../fixtures/target';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import type { User } from '../../fixtures/users';

let devnet: Devnet;
let target: Target;
let token: TokenUnderTest;
let cast: Cast | undefined;
let alice: User;
let bob: User;
/** Seen before the reorganisation: the escrow's transaction and L1 block, and the BlockProposed that confirmed it. */
let escrow: EscrowOnL1;
let proposed: BlockProposedOnL1;
let reorg: L1Reorganisation;

describeScenario(
  {
    epic: 'Faults',
    feature: 'L1 reorganisation',
    needs: [devnetOnly("only the devnet's own anvil can be told to reorganise its blocks")],
  },
  'L1 reorganises the blocks holding an escrow and a BlockProposed',
  () => {
    setUp(async () => {
      ({ devnet, target } = await startOwnDevnet());
      token = target.tokens.find((t) => t.symbol === 'WGAS')!;
      cast = await startCast(target, ['alice', 'bob'], {
        tokens: { alice: { [token.symbol]: units(token, token.amounts.deposit) } },
        scenario: 'L1 reorganisation',
      });
      [alice, bob] = cast.users as [User, User];
    });

    tearDown(async () => {
      await cast?.close();
      await devnet?.stop();
    });

    reportCastPerTest(() => cast);

    it('Alice deposits: her escrow and the BlockProposed of the L2 block that confirms it are on L1', async () => {
      ({ escrow, proposed } = await depositAndFindItsBlocks(target, alice, token));
    });

    it("L1 replaces every block from the escrow's to the head, and the report lists them with the escrow and the BlockProposed", async () => {
      reorg = await reorganiseL1(devnet.anvilRpcUrl, {
        fromBlock: escrow.blockNumber,
        blockTimeSeconds: devnet.blockTimeSeconds,
      });
      const lines = describeReorganisation(reorg, {
        [escrow.hash]: `escrow of Alice's deposit (was in block ${escrow.blockNumber})`,
        [proposed.l1TxHash]: `BlockProposed of L2 block ${proposed.l2BlockNumber} (was in block ${proposed.l1BlockNumber})`,
      });
      await attachText('what L1 reorganised', lines.join('\n'));
      expect(
        reorg.blocks.filter((block) => block.newHash === block.oldHash),
        'blocks that kept their hash',
      ).toEqual([]);
      expect(reorg.depth).toBe(Number(reorg.toBlock - escrow.blockNumber) + 1);
      expect(lines.join('\n')).not.toContain('not in the reorganised blocks');
      expect(lines.find((line) => line.startsWith(`block ${escrow.blockNumber}:`))).toContain(
        `escrow of Alice's deposit (was in block ${escrow.blockNumber}) ${escrow.hash}`,
      );
      expect(lines.find((line) => line.startsWith(`block ${proposed.l1BlockNumber}:`))).toContain(
        `BlockProposed of L2 block ${proposed.l2BlockNumber}`,
      );
    });

    it("what was seen in the replaced blocks counts for nothing: neither the escrow's block nor the BlockProposed's is on L1 any more", async () => {
      expect(await isCanonical(target, { l1BlockNumber: escrow.blockNumber, l1BlockHash: escrow.blockHash })).toBe(
        false,
      );
      expect(await isCanonical(target, proposed)).toBe(false);
    });

    it('looking again finds the escrow and the BlockProposed in their new blocks, at the same heights', async () => {
      const newHash = (height: bigint) => reorg.blocks.find((block) => block.number === height)!.newHash;
      const receipt = await escrowLookedUpAgain(target, escrow);
      expect({ block: receipt.blockNumber, hash: receipt.blockHash, status: receipt.status }).toEqual({
        block: escrow.blockNumber,
        hash: newHash(escrow.blockNumber),
        status: 'success',
      });
      const again = (await blocksProposedSince(target, escrow.blockNumber)).find(
        (seen) => seen.l2BlockNumber === proposed.l2BlockNumber,
      );
      expect(again).toEqual({ ...proposed, l1BlockHash: newHash(proposed.l1BlockNumber) });
      expect(await isCanonical(target, again!)).toBe(true);
    });

    it('the layer carries on: Alice pays Bob privately, and both L2 balances are exact', async () => {
      await privateTransferCarriesOn(alice, bob, token);
    });
  },
);
