// The simulated proposer's REST surface against a real devnet (EYBlockchain/nightfall_4_CE @ master 6ee83be :
// nightfall_proposer/src/drivers/rest/mod.rs:26-84,
// nightfall_proposer/src/driven/nightfall_client_transaction.rs:78-153): route table, the 500-for-everything-else rule,
// and which client transactions are admitted (201) or refused (400).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../fixtures/waits';
import { buildClientTransaction } from '../../../docker/lib/block-codec';
import { randomFieldElement } from '../../../docker/lib/crypto/commitment';
import { startProposer, type RunningProposer } from '../../../docker/proposer/src/proposer';
import {
  call,
  firstNullifier,
  postRaw,
  postTransaction,
  recordingLog,
  transferTransaction,
} from './support/proposer-api';
import { startProposerDevnet, type ProposerDevnet } from './support/proposer-devnet';

let devnet: ProposerDevnet;
let proposer: RunningProposer;
const log = recordingLog();

beforeAll(async () => {
  devnet = await startProposerDevnet();
  proposer = await startProposer(devnet.settings(), { port: 0, host: '127.0.0.1', log });
});

afterAll(async () => {
  await proposer?.close();
  await devnet?.stop();
});

const url = (path: string) => `${proposer.url}${path}`;

describe('routes', () => {
  it('answers /v1/health with "Healthy" whatever the method', async () => {
    expect(await call(url('/v1/health'))).toEqual({ status: 200, body: 'Healthy' });
    expect(await call(url('/v1/health'), 'POST', {})).toEqual({ status: 200, body: 'Healthy' });
  });

  it('answers 500 INTERNAL_SERVER_ERROR for unknown paths and wrong methods (no 404 branch)', async () => {
    expect(await call(url('/v1/no-such-route'))).toEqual({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
    expect(await call(url('/v1/blockdata'), 'POST', {})).toEqual({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
  });

  it('reports synchronised once it has read the chain, and block 0 as the next block', async () => {
    await waitFor({
      what: 'the proposer to report Synchronised',
      timeoutMs: 10_000,
      probe: () => call(url('/v1/synchronisation')),
      isDone: (reply) => reply.body === 'Synchronised',
    });
    expect(await call(url('/v1/blockdata'))).toEqual({ status: 200, body: '0' });
  });

  it('answers 200 with an empty body to pause and resume', async () => {
    expect(await call(url('/v1/pause'))).toEqual({ status: 200, body: '' });
    expect(await call(url('/v1/resume'))).toEqual({ status: 200, body: '' });
  });
});

describe('POST /v1/transaction', () => {
  it('answers 500 for a body that is not a ClientTransaction', async () => {
    expect(await postTransaction(proposer.url, { fee: '00' })).toEqual({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
    const notJson = await postRaw(url('/v1/transaction'), '{"fee":', 'application/json');
    expect(notJson).toEqual({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
    const wrongType = await postRaw(url('/v1/transaction'), JSON.stringify(transferTransaction()), 'text/plain');
    expect(wrongType).toEqual({ status: 500, body: 'INTERNAL_SERVER_ERROR' });
  });

  it('refuses a transaction whose proof does not verify', async () => {
    const tx = transferTransaction();
    const tampered = {
      ...tx,
      commitments: [tx.commitments[1], tx.commitments[0], tx.commitments[2], tx.commitments[3]],
    };
    expect(await postTransaction(proposer.url, tampered)).toEqual({ status: 400, body: 'Client transaction failed' });
  });

  it('refuses a transaction whose first nullifier is zero', async () => {
    const tx = buildClientTransaction({
      fee: 0n,
      historicCommitmentRoots: [0n, 0n, 0n, 0n],
      commitments: [randomFieldElement(), 0n, 0n, 0n],
      nullifiers: [0n, randomFieldElement(), 0n, 0n],
      cipherText: [1n, 2n, 3n, 4n, 0n],
    });
    expect(await postTransaction(proposer.url, tx)).toEqual({ status: 400, body: 'Client transaction failed' });
  });

  it('admits a valid transaction once, refuses its duplicate and any other spend of its nullifier', async () => {
    await call(url('/v1/pause')); // keep it pending while we probe the mempool checks
    const tx = transferTransaction();
    const rival = transferTransaction({ nullifiers: [randomFieldElement(), firstNullifier(tx), 0n, 0n] });

    expect(await postTransaction(proposer.url, tx)).toEqual({ status: 201, body: '' });
    expect(await postTransaction(proposer.url, tx)).toEqual({ status: 400, body: 'Client transaction failed' });
    expect(await postTransaction(proposer.url, rival)).toEqual({ status: 400, body: 'Client transaction failed' });
    expect(proposer.stats().pendingClientTransactions).toBe(1);
    expect(log.lines).toContainEqual(expect.stringContaining('Transaction already exists'));

    await call(url('/v1/resume'));
    await waitFor({
      what: 'the transaction to be spent on chain',
      timeoutMs: 20_000,
      probe: () => devnet.isNullified(firstNullifier(tx)),
      isDone: (spent) => spent,
    });
    // Now spent on chain rather than pending: still refused.
    const late = transferTransaction({ nullifiers: [firstNullifier(tx), 0n, 0n, 0n] });
    expect(await postTransaction(proposer.url, late)).toEqual({ status: 400, body: 'Client transaction failed' });
    expect(log.lines).toContain('WARN Client transaction failed: Duplicate nullifier'); // not the pending-spend variant
  });
});
