// The proposer's finality gate after a rotation (nightfall_proposer/src/drivers/blockchain/block_assembly.rs:108-185,
// 235-314 @ plume_testnet_proposer 4e84c58): once its finality checker meets a ProposerRotated that is not 12 blocks
// behind anvil's finalized block (64 below the head), it holds the pending-blocks lock until it is, so a block
// assembled meanwhile is neither queued nor proposed. On an automine chain the test moves the head itself, so the
// hold is counted in blocks, not seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../fixtures/waits';
import { startProposer, type RunningProposer } from '../../../docker/proposer/src/proposer';
import { FAST_FINALITY, recordingLog } from './support/proposer-api';
import { startProposerDevnet, type ProposerDevnet } from './support/proposer-devnet';

const WAIT_MS = 20_000;
/** anvil's finalized block lies this far below the head (measured on anvil 1.7.1); the proposer wants 12 more. */
const FINALIZED_DEPTH = 64n;
const CONFIRMATIONS = 12n;

describe('after a rotation', () => {
  let devnet: ProposerDevnet;
  let proposer: RunningProposer;
  const log = recordingLog();

  beforeAll(async () => {
    devnet = await startProposerDevnet();
    proposer = await startProposer(devnet.settings(), {
      port: 0,
      host: '127.0.0.1',
      log,
      println: log.println,
      finalityTimings: FAST_FINALITY,
    });
  });
  afterAll(async () => {
    await proposer?.close();
    await devnet?.stop();
  });

  /** Waits for `more` polls of an unfinalised rotation, so the checker has seen the chain as it is now. */
  const polls = (more: number) => {
    const seen = log.printed.length;
    return waitFor({
      what: `${more} more finality polls of the rotation`,
      timeoutMs: WAIT_MS,
      probe: () => log.printed,
      isDone: (printed) => printed.length >= seen + more,
      describe: (printed) => printed.at(-1) ?? 'nothing printed',
    });
  };

  it('holds a block assembled after it until the rotation is 12 blocks behind the finalized block', async () => {
    const rotation = await devnet.rotate();
    const needs = rotation.blockNumber + CONFIRMATIONS;
    expect((await polls(1)).at(-1)).toBe(`additional confirmations required: ${needs}`);

    const [deposit] = await devnet.escrowStablecoin({ value: 3n, fee: 0n });
    await waitFor({
      what: 'the proposer to assemble the deposit into a block',
      timeoutMs: WAIT_MS,
      probe: () => log.lines,
      isDone: (lines) => lines.some((line) => line.startsWith('INFO Assembled a block of 1 transactions')),
      describe: (lines) => lines.at(-1) ?? 'no log line',
    });

    // One block short of final + 12: the checker still waits, and the block is not even in the queue.
    await devnet.mine(needs + FINALIZED_DEPTH - 1n - (await devnet.publicClient.getBlockNumber()));
    expect(await devnet.finalizedBlock()).toBe(needs - 1n);
    await polls(2);
    expect(await devnet.proposedBlocks()).toEqual([]);
    expect(proposer.stats()).toMatchObject({ pendingDeposits: 0, pendingBlocks: 0 });
    expect(log.lines).not.toContainEqual(expect.stringContaining('Added block to queue'));

    await devnet.mine(1n);
    const blocks = await waitFor({
      what: 'the held block on chain',
      timeoutMs: WAIT_MS,
      probe: () => devnet.proposedBlocks(),
      isDone: (found) => found.length === 1,
      describe: (found) => `${found.length} block(s)`,
    });
    expect(blocks[0]?.block.transactions[0]?.public_data[0]).toBe(deposit?.key);
    expect(log.lines).toContainEqual(`INFO Rotate Proposer Transaction finalized: ${rotation.transactionHash}`);
  });
});
