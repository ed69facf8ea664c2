// Fault: L1 reorganises so that what the system read changes: the BlockProposed of the L2 block holding a deposit is
// mined some blocks later, or dropped for good (anvil_reorg with a plan: fixtures/faults/reorg-plan.ts).
//
// What the real client and proposer do (EYBlockchain/nightfall_4_CE; master 6ee83be, plume_testnet_client 4e84c58,
// plume_testnet_deployer 0326e57 read alike): both count L2 blocks, not L1 heights. A BlockProposed whose L2 number is
// below the count is skipped as "Already processed layer 2 block … - skipping" (client:
// nightfall_client/src/driven/event_handlers/nightfall_event.rs:166-168 @ master, :165-167 @ plume_testnet_client;
// proposer: nightfall_proposer/src/driven/nightfall_event.rs:209-213 @ master), the count only ever grows (client :243
// @ master, `+= I256::ONE`), and neither reads a log's `removed` flag. So:
// - moved later: the L2 block keeps its number, so nothing the client holds changes — the deposit stays settled, the
//   harness finds the log at its new height, and the layer carries on;
// - dropped: L1's count of L2 blocks goes back by one while the client's does not. Its synchronisation status says
//   AheadOfChain (nightfall_client/src/drivers/blockchain/nightfall_event_listener.rs:216-227 @ master), which nothing
//   acts on, and it keeps the dropped block's commitments as settled: the known defect asserted below.
//
// On a devnet of its own: reorganising the run's shared L1 would move the blocks under every other scenario.
import { describe, expect, it } from 'vitest';
import { units } from '../../fixtures/api';
import { flagKnownDefect, type SoftwareDefect } from '../../fixtures/builds/known-defects';
import { reportCastPerTest, startCast, type Cast } from '../../fixtures/cast';
import { depositAndFindItsBlocks, escrowLookedUpAgain, type EscrowOnL1 } from '../../fixtures/faults/deposit-on-l1';
import { describeReorganisation, reorganiseL1, type L1Reorganisation } from '../../fixtures/faults/l1-reorg';
import { blocksProposedSince, isCanonical, type BlockProposedOnL1 } from '../../fixtures/faults/layer2-blocks-on-l1';
import { privateTransferCarriesOn } from '../../fixtures/faults/layer-carries-on';
import { startOwnDevnet } from '../../fixtures/faults/own-devnet';
import type { Devnet } from '../../fixtures/network';
import { attachText, describeNeeding, describeScenario, setUp, tearDown } from '../../fixtures/report';
import { devnetOnly, type Target, type TokenUnderTest } from '../../fixtures/target';
import type { User } from '../../fixtures/users';
import { waitFor } from '../../fixtures/waits';

/** How many L1 blocks later the BlockProposed is mined again. */
const MOVED_BY_BLOCKS = 2;

const DROPPED_BLOCK_STAYS_SETTLED: SoftwareDefect = {
  id: 'dropped-block-proposed-stays-settled',
  software: 'the real client (and proposer)',
  summary:
    'when a reorganisation drops a BlockProposed for good, the client keeps counting that L2 block and its commitments as settled, and only reports AheadOfChain',
  evidence:
    'EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/driven/event_handlers/nightfall_event.rs:166-168,243 ' +
    '(a known L2 number is skipped, the count only grows; no `removed` log is read), ' +
    'nightfall_client/src/drivers/blockchain/nightfall_event_listener.rs:216-227 (AheadOfChain, reported only); ' +
    'the same @ plume_testnet_client 4e84c58 : nightfall_event.rs:165-167,242, nightfall_event_listener.rs:205-216',
};

let devnet: Devnet;
let target: Target;
let token: TokenUnderTest;

/** Waits, bounded by the L1 receipt wait of the devnet's pace, until L1's head is at `height` or above. */
async function l1HeadReaches(height: bigint): Promise<void> {
  await waitFor({
    what: `L1's head to reach block ${height}, so that a transaction can be mined again there`,
    timeoutMs: target.timeouts.l1Receipt,
    probe: () => target.funder.publicClient.getBlockNumber({ cacheTime: 0 }),
    isDone: (head) => head >= height,
    describe: (head) => `head at block ${head}`,
    diagnose: () =>
      `anvil mines a block every ${devnet.blockTimeSeconds} s; a head that does not move is a stopped miner`,
  });
}

describeNeeding(
  [devnetOnly("only the devnet's own anvil can be told to reorganise its blocks")],
  'L1 reorganisations on a devnet of their own',
  () => {
    setUp(async () => {
      ({ devnet, target } = await startOwnDevnet());
      token = target.tokens.find((t) => t.symbol === 'WGAS')!;
    });

    tearDown(async () => {
      await devnet?.stop();
    });

    describe('a BlockProposed moved to a later L1 block', () => {
      let cast: Cast | undefined;
      let alice: User;
      let bob: User;
      let escrow: EscrowOnL1;
      let proposed: BlockProposedOnL1;
      let reorg: L1Reorganisation;

      setUp(async () => {
        cast = await startCast(target, ['alice', 'bob'], {
          tokens: { alice: { [token.symbol]: units(token, token.amounts.deposit) } },
          scenario: 'L1 reorganisation moves a BlockProposed',
        });
        [alice, bob] = cast.users as [User, User];
      });

      tearDown(async () => {
        await cast?.close();
      });

      describeScenario(
        { epic: 'Faults', feature: 'L1 reorganisation' },
        'L1 reorganises and mines the BlockProposed of a deposit some blocks later',
        () => {
          reportCastPerTest(() => cast);

          it('Alice deposits: her escrow and the BlockProposed of the L2 block that confirms it are on L1', async () => {
            ({ escrow, proposed } = await depositAndFindItsBlocks(target, alice, token));
          });

          it(`L1 mines the BlockProposed ${MOVED_BY_BLOCKS} blocks later, and the report names its old and new heights`, async () => {
            await l1HeadReaches(proposed.l1BlockNumber + BigInt(MOVED_BY_BLOCKS));
            reorg = await reorganiseL1(devnet.anvilRpcUrl, {
              fromBlock: escrow.blockNumber,
              blockTimeSeconds: devnet.blockTimeSeconds,
              move: [{ hash: proposed.l1TxHash, blocksLater: MOVED_BY_BLOCKS }],
            });
            const name = `BlockProposed of L2 block ${proposed.l2BlockNumber}`;
            const lines = describeReorganisation(reorg, {
              [escrow.hash]: "escrow of Alice's deposit",
              [proposed.l1TxHash]: name,
            });
            await attachText('what L1 reorganised', lines.join('\n'));
            expect(reorg.moved[0]).toEqual({
              hash: proposed.l1TxHash,
              fromBlock: proposed.l1BlockNumber,
              toBlock: proposed.l1BlockNumber + BigInt(MOVED_BY_BLOCKS),
            });
            expect(lines).toContain(
              `moved: ${name} ${proposed.l1TxHash} from block ${proposed.l1BlockNumber} to block ${proposed.l1BlockNumber + BigInt(MOVED_BY_BLOCKS)}`,
            );
            expect(reorg.dropped).toEqual([]);
          });

          it('the harness finds the BlockProposed at its new height, with the same L2 block number, and the escrow where it was', async () => {
            expect(await isCanonical(target, proposed), 'the block that held it before').toBe(false);
            const again = (await blocksProposedSince(target, escrow.blockNumber)).find(
              (seen) => seen.l1TxHash === proposed.l1TxHash,
            );
            expect(again && { l2: again.l2BlockNumber, l1: again.l1BlockNumber }).toEqual({
              l2: proposed.l2BlockNumber,
              l1: proposed.l1BlockNumber + BigInt(MOVED_BY_BLOCKS),
            });
            expect(await isCanonical(target, again!)).toBe(true);
            const receipt = await escrowLookedUpAgain(target, escrow);
            expect({ block: receipt.blockNumber, status: receipt.status }).toEqual({
              block: escrow.blockNumber,
              status: 'success',
            });
          });

          it("the deposit stays settled: Alice's client is Synchronized and her L2 balance is the deposit", async () => {
            expect(await alice.api.synchronisation()).toEqual({ phase: 'Synchronized' });
            await alice.l2BalanceBecomes(token, units(token, token.amounts.deposit));
          });

          it('the layer carries on: Alice pays Bob privately, and both L2 balances are exact', async () => {
            await privateTransferCarriesOn(alice, bob, token);
          });
        },
      );
    });

    describe('a BlockProposed dropped for good', () => {
      let cast: Cast | undefined;
      let carol: User;
      let escrow: EscrowOnL1;
      let proposed: BlockProposedOnL1;

      setUp(async () => {
        // Her client is left ahead of L1 on purpose: what it holds cannot be withdrawn, so the teardown keeps it.
        cast = await startCast(target, ['carol'], {
          tokens: { carol: { [token.symbol]: units(token, token.amounts.deposit) } },
          scenario: 'L1 reorganisation drops a BlockProposed',
          leftovers: 'keep',
        });
        [carol] = cast.users as [User];
      });

      tearDown(async () => {
        await cast?.close();
      });

      describeScenario(
        { epic: 'Faults', feature: 'L1 reorganisation' },
        'L1 reorganises and drops the BlockProposed of a deposit for good',
        () => {
          reportCastPerTest(() => cast);

          it('Carol deposits: her escrow and the BlockProposed of the L2 block that confirms it are on L1', async () => {
            ({ escrow, proposed } = await depositAndFindItsBlocks(target, carol, token));
          });

          it('L1 drops the BlockProposed: no L1 block holds that L2 block any more, and the escrow stays', async () => {
            const reorg = await reorganiseL1(devnet.anvilRpcUrl, {
              fromBlock: proposed.l1BlockNumber,
              blockTimeSeconds: devnet.blockTimeSeconds,
              drop: [proposed.l1TxHash],
            });
            const name = `BlockProposed of L2 block ${proposed.l2BlockNumber}`;
            const lines = describeReorganisation(reorg, { [proposed.l1TxHash]: name });
            await attachText('what L1 reorganised', lines.join('\n'));
            expect(lines).toContain(
              `dropped: ${name} ${proposed.l1TxHash}, was in block ${proposed.l1BlockNumber}, not replayed`,
            );
            const onL1 = await blocksProposedSince(target, escrow.blockNumber);
            expect(onL1.filter((seen) => seen.l2BlockNumber >= proposed.l2BlockNumber)).toEqual([]);
            expect((await escrowLookedUpAgain(target, escrow)).blockHash).toBe(escrow.blockHash);
          });

          it(`known defect ${DROPPED_BLOCK_STAYS_SETTLED.id}: Carol's client stays one L2 block ahead of L1 and keeps the dropped block's commitments as settled`, async () => {
            await flagKnownDefect(DROPPED_BLOCK_STAYS_SETTLED);
            expect(await carol.api.synchronisation()).toEqual({ phase: 'AheadOfChain', blocksAhead: 1 });
            const commitments = await carol.api.commitments();
            expect(commitments.length, 'her deposit (and its fee) as her client filed them').toBeGreaterThan(0);
            expect(new Set(commitments.map((c) => c.status)), 'as settled').toEqual(new Set(['Unspent']));
            await carol.l2BalanceBecomes(token, units(token, token.amounts.deposit));
            carol.giveUp(
              commitments.map((c) => c._id),
              `known defect ${DROPPED_BLOCK_STAYS_SETTLED.id}: ${DROPPED_BLOCK_STAYS_SETTLED.summary} (${DROPPED_BLOCK_STAYS_SETTLED.evidence})`,
            );
          });
        },
      );
    });
  },
);
