// The simulated proposer turning deposits and client transactions into L2 blocks on a real devnet
// (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_proposer/src/driven/block_assembler.rs:68-152,
// nightfall_proposer/src/driven/nightfall_event.rs:369-454): what lands, when the trigger fires, what pause/resume hold
// back, and that a block whose propose_block reverts loses its transactions
// (nightfall_proposer/src/services/assemble_block.rs:379-385, driven/nightfall_contract.rs:16-60 @ plume_testnet_proposer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../fixtures/waits';
import { slotKind } from '../../../docker/lib/block-codec';
import { startProposer, type RunningProposer } from '../../../docker/proposer/src/proposer';
import {
  blockdata,
  call,
  FAST_FINALITY,
  firstNullifier,
  postTransaction,
  recordingLog,
  transferTransaction,
  type RecordingLog,
} from './support/proposer-api';
import { startProposerDevnet, type ProposerDevnet, type ProposedBlock } from './support/proposer-devnet';
import { anvilDevAccount } from '../../../fixtures/network/dev-accounts';

const BLOCK_TIMEOUT_MS = 20_000;

let devnet: ProposerDevnet;

beforeAll(async () => {
  devnet = await startProposerDevnet();
});

afterAll(async () => {
  await devnet?.stop();
});

/** Waits until `count` blocks are on chain and returns them all. */
function blocksOnChain(count: number): Promise<ProposedBlock[]> {
  return waitFor({
    what: `${count} L2 block(s) on chain`,
    timeoutMs: BLOCK_TIMEOUT_MS,
    probe: () => devnet.proposedBlocks(),
    isDone: (blocks) => blocks.length >= count,
    describe: (blocks) => `${blocks.length} block(s)`,
  });
}

/** An in-process proposer on this devnet, its lines kept in `log`. */
const startRecorded = (settings: ReturnType<ProposerDevnet['settings']>, log: RecordingLog = recordingLog()) =>
  startProposer(settings, { port: 0, host: '127.0.0.1', log, println: log.println, finalityTimings: FAST_FINALITY });

const postOk = async (proposerUrl: string, tx: unknown) =>
  expect(await postTransaction(proposerUrl, tx)).toEqual({ status: 201, body: '' });

describe('with the devnet timings (1 s interval, 1 s maximum wait)', () => {
  let proposer: RunningProposer;
  const log = recordingLog();

  beforeAll(async () => {
    proposer = await startRecorded(devnet.settings(), log);
  });
  afterAll(async () => {
    await proposer?.close();
  });

  it('puts an escrowed deposit and its fee deposit into block 0 and redeems their escrow keys', async () => {
    const deposits = await devnet.escrowStablecoin({ value: 1_000n, fee: 10n, depositFee: 5n });
    expect(deposits).toHaveLength(2);

    const [first] = await blocksOnChain(1);
    expect(first?.number).toBe(0n);
    expect(first?.block.transactions).toEqual([
      {
        fee: 0n,
        commitments: [deposits[0]!.commitment, deposits[1]!.commitment, 0n, 0n],
        nullifiers: [0n, 0n, 0n, 0n],
        public_data: [deposits[0]!.key, deposits[1]!.key, 0n, 0n],
      },
    ]);
    for (const deposit of deposits) expect(await devnet.escrowRedeemed(deposit.key)).toBe(true);
    await waitFor({
      what: 'the proposer to log the receipt of block 0',
      timeoutMs: 5_000,
      probe: () => log.lines,
      isDone: (lines) =>
        lines.some((l) =>
          /^INFO Received receipt for submitted block with hash: 0x[0-9a-f]{64}, gas used was: \d+$/.test(l),
        ),
      describe: (lines) => lines.at(-1) ?? 'no log line',
    });
    await waitFor({
      what: 'blockdata to count block 0',
      timeoutMs: 5_000,
      probe: () => blockdata(proposer.url),
      isDone: (n) => n === 1,
    });
  });

  it('books an ERC-3525 deposit under the nf slot id of its token slot', async () => {
    const before = (await devnet.proposedBlocks()).length;
    const deposit = await devnet.escrowSlotToken({ slot: 5n, value: 120n });
    const blocks = await blocksOnChain(before + 1);
    expect(blocks.at(-1)?.block.transactions[0]?.public_data[0]).toBe(deposit.key);
    expect(await devnet.escrowRedeemed(deposit.key)).toBe(true);
  });

  it('includes client transactions and counts every block in /v1/blockdata', async () => {
    const before = (await devnet.proposedBlocks()).length;
    const tx = transferTransaction({ fee: 0n });
    await postOk(proposer.url, tx);

    const blocks = await blocksOnChain(before + 1);
    const slot = blocks.at(-1)?.block.transactions[0];
    expect(slot && slotKind(slot)).toBe('transfer');
    expect(slot?.nullifiers[0]).toBe(firstNullifier(tx));
    expect(await devnet.isNullified(firstNullifier(tx))).toBe(true);
    await waitFor({
      what: `blockdata to reach ${blocks.length}`,
      timeoutMs: 5_000,
      probe: () => blockdata(proposer.url),
      isDone: (n) => n === blocks.length,
    });
  });

  it('holds pending transactions while paused, past the maximum wait, until resumed', async () => {
    const before = (await devnet.proposedBlocks()).length;
    await call(`${proposer.url}/v1/pause`);
    const tx = transferTransaction();
    await postOk(proposer.url, tx);

    // Let the trigger look at the mempool three more times (> 2 s at a 1 s tick, twice the 1 s maximum wait).
    const checks = proposer.stats().triggerChecks;
    await waitFor({
      what: 'three trigger checks while paused',
      timeoutMs: 10_000,
      probe: () => proposer.stats().triggerChecks,
      isDone: (n) => n >= checks + 3,
    });
    expect(await devnet.proposedBlocks()).toHaveLength(before);
    expect(proposer.stats().pendingClientTransactions).toBe(1);

    await call(`${proposer.url}/v1/resume`);
    await blocksOnChain(before + 1);
    expect(await devnet.isNullified(firstNullifier(tx))).toBe(true);
  });

  it('assembles while paused when the mempool fills a whole block', async () => {
    const before = (await devnet.proposedBlocks()).length;
    await call(`${proposer.url}/v1/pause`);
    try {
      const txs = Array.from({ length: 64 }, () => transferTransaction());
      for (const tx of txs) await postOk(proposer.url, tx);
      const blocks = await blocksOnChain(before + 1);
      expect(blocks.at(-1)?.block.transactions).toHaveLength(64);
    } finally {
      await call(`${proposer.url}/v1/resume`);
    }
  });

  it('loses every transaction of a block whose propose_block reverts, as upstream (no simulation, no retry)', async () => {
    const before = (await devnet.proposedBlocks()).length;
    const receipts = () => log.lines.filter((line) => line.includes('Received receipt for submitted block')).length;
    const receiptsBefore = receipts();
    await call(`${proposer.url}/v1/pause`);
    // A fee the contract cannot pay out to the proposer: propose_block reverts on it, and takes the other one along.
    const unpayable = transferTransaction({ fee: 10n ** 30n });
    const fine = transferTransaction({ fee: 0n });
    await postOk(proposer.url, unpayable);
    await postOk(proposer.url, fine);
    await call(`${proposer.url}/v1/resume`);

    await waitFor({
      what: 'the receipt of the reverted block in the proposer log',
      timeoutMs: BLOCK_TIMEOUT_MS,
      probe: () => receipts(),
      isDone: (n) => n === receiptsBefore + 1,
    });
    expect(proposer.stats()).toMatchObject({ pendingClientTransactions: 0, pendingBlocks: 0 });
    expect(await devnet.proposedBlocks()).toHaveLength(before);
    expect(await devnet.isNullified(firstNullifier(fine))).toBe(false);

    // The next block carries what arrives next, never the lost transaction.
    const next = transferTransaction({ fee: 0n });
    await postOk(proposer.url, next);
    const blocks = await blocksOnChain(before + 1);
    expect(blocks.at(-1)?.block.transactions.map((t) => t.nullifiers[0])).toEqual([firstNullifier(next)]);
    expect(await devnet.isNullified(firstNullifier(fine))).toBe(false);
  });
});

describe('with a long maximum wait', () => {
  let proposer: RunningProposer;

  beforeAll(async () => {
    // 2 of 64 slots fill the target; the 600 s window can't be what fires within the test's timeout.
    const settings = devnet.settings({
      NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_MAX_WAIT_SECS: '600',
      NF4_NIGHTFALL_PROPOSER__BLOCK_ASSEMBLY_TARGET_FILL_RATIO: String(2 / 64),
    });
    proposer = await startRecorded(settings);
  });
  afterAll(async () => {
    await proposer?.close();
  });

  it('fires by fill ratio: one slot waits, the second fills the target and both land together', async () => {
    const before = (await devnet.proposedBlocks()).length;
    const one = transferTransaction();
    const two = transferTransaction();
    await postOk(proposer.url, one);
    const checks = proposer.stats().triggerChecks;
    await waitFor({
      what: 'two trigger checks with one pending slot',
      timeoutMs: 10_000,
      probe: () => proposer.stats().triggerChecks,
      isDone: (n) => n >= checks + 2,
    });
    expect(await devnet.proposedBlocks()).toHaveLength(before);

    await postOk(proposer.url, two);
    const blocks = await blocksOnChain(before + 1);
    expect(
      blocks
        .at(-1)
        ?.block.transactions.map((t) => t.nullifiers[0])
        .sort(),
    ).toEqual([firstNullifier(one), firstNullifier(two)].sort());
  });
});

describe('next to a proposer that is not the current one', () => {
  let current: RunningProposer;
  let other: RunningProposer;
  const otherLog = recordingLog();

  beforeAll(async () => {
    current = await startRecorded(devnet.settings());
    const otherSettings = devnet.settings({ NF4_SIGNING_KEY: anvilDevAccount(2).key.reveal() }); // a funded key RoundRobin doesn't know
    other = await startRecorded(otherSettings, otherLog);
  });
  afterAll(async () => {
    await Promise.all([current?.close(), other?.close()]);
  });

  it('learns of the deposit too, but never waits on the trigger: only the current proposer proposes', async () => {
    await waitFor({
      what: 'the other proposer to find out it is not the current one',
      timeoutMs: 10_000,
      probe: () => otherLog.lines,
      isDone: (lines) => lines.some((l) => l.includes('Not the current proposer')),
      describe: (lines) => lines.at(-1) ?? 'no log line',
    });
    const before = (await devnet.proposedBlocks()).length;
    const [deposit] = await devnet.escrowStablecoin({ value: 7n, fee: 0n });

    await waitFor({
      what: 'the other proposer to hold the deposit in its mempool',
      timeoutMs: 10_000,
      probe: () => other.stats().pendingDeposits,
      isDone: (n) => n === 1,
    });
    const blocks = await blocksOnChain(before + 1);
    expect(blocks.at(-1)?.block.transactions[0]?.public_data[0]).toBe(deposit?.key);
    expect(other.stats().triggerChecks).toBe(0);
  });
});
