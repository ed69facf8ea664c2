// A transfer or withdraw that fails after the client reserved its inputs, on each build (build-profile.ts
// rollsBackReservations, identityRecipient). head puts the inputs back to Unspent and deletes the change it stored
// (client_nf_3.rs:518-543,659-697,756-781,912-947 @ master) and refuses an identity-point recipient before selecting
// anything (:493-499). plume never gives reserved inputs back (services/commitment_selection.rs:53-68,
// client_nf_3.rs:483-509,596-605,659-686,777-786 @ plume_testnet_client): they stay PendingSpend, the change stays
// PendingCreation, the identity recipient fails only at proof time; a client restart (the replay re-marks every
// on-chain commitment Unspent) is what brings the inputs back. The cases: a fee beyond the fee balance (the value
// inputs are reserved first), an identity-point recipient, and a proposer that refuses the transaction.
import { describe, expect, it } from 'vitest';
import { compressPublicKey } from '../../../docker/lib/crypto/curve';
import { deriveKeys as deriveZkpKeys } from '../../../docker/lib/crypto/keys';
import {
  DEFAULT_CHILD_PATH,
  depositBody,
  hex64,
  transferBody,
  withdrawBody,
  type CommitmentEntry,
} from '../../../fixtures/api';
import { newMnemonic, submit, waitForCommitments, waitForStatus, type Submission } from './support/client-api';
import type { TestClient } from './support/client-devnet';
import { failureReason } from './support/logs';
import { useClientDevnet } from './support/suite';

type Build = 'plume' | 'head';

/** What a failed spend leaves behind, per build. */
const AFTER_FAILURE: Record<
  Build,
  { inputs: CommitmentEntry['status']; change: CommitmentEntry['status'] | 'deleted' }
> = {
  plume: { inputs: 'PendingSpend', change: 'PendingCreation' },
  head: { inputs: 'Unspent', change: 'deleted' },
};

describe.each(['plume', 'head'] as const)(
  'client simulator (%s): a transfer or withdraw that fails after selection',
  (build: Build) => {
    const suite = useClientDevnet({ identities: 1, contracts: build, clients: { alice: { build } } });
    const mnemonic = newMnemonic();
    let restarted: TestClient | undefined;
    const alice = () => restarted ?? suite().clients.alice;
    const stablecoin = () => suite().devnet.stablecoin;
    const expected = AFTER_FAILURE[build];
    // Someone to send to (only the sender's side is under test).
    const bobKey = compressPublicKey(deriveZkpKeys(newMnemonic().reveal(), DEFAULT_CHILD_PATH).zkpPublicKey);

    /** Deposits `value` (powers of two, so that each spend below selects exactly its own deposit) and returns it Unspent. */
    async function deposited(value: bigint, depositFee = 0n): Promise<CommitmentEntry> {
      const { api } = alice();
      const id = await submit(api, {
        operation: 'deposit',
        body: depositBody({ token: stablecoin(), value, fee: 0n, depositFee }),
      });
      await waitForStatus(api, id, ['Confirmed']);
      const cs = await waitForCommitments(api, `the deposit of ${value} Unspent`, (all) =>
        all.some((c) => c.preimage.value === value && c.status === 'Unspent'),
      );
      return cs.find((c) => c.preimage.value === value)!;
    }

    const statusOf = async (c: CommitmentEntry) =>
      (await alice().api.commitments()).find((x) => x._id === c._id)?.status;

    /** Submits, waits for Failed, returns the commitments that appeared meanwhile and the worker's reason. */
    async function failed(submission: Submission): Promise<{ created: CommitmentEntry[]; reason: string }> {
      const { api } = alice();
      const before = new Set((await api.commitments()).map((c) => c._id));
      const id = await submit(api, submission);
      await waitForStatus(api, id, ['Failed']);
      const created = (await api.commitments()).filter((c) => !before.has(c._id));
      const reason = await failureReason(alice(), id); // logged after any rollback
      const rolledBack = alice().logs.some((l) => l.includes(`${id} Rolling back`));
      expect(rolledBack).toBe(build === 'head' && !reason.includes('identity point'));
      return { created, reason };
    }

    it('a transfer whose fee is beyond the fee balance: Failed; its value input stays reserved on plume only', async () => {
      await alice().api.deriveKey({ mnemonic });
      const value = await deposited(1024n, 5n);
      const { created, reason } = await failed({
        operation: 'transfer',
        body: transferBody({ token: stablecoin(), value: 1024n, recipient: bobKey, fee: 6n }),
      });
      expect(reason).toContain('fee commitments');
      expect(created).toEqual([]);
      expect(await statusOf(value)).toBe(expected.inputs);
      const { api } = alice();
      expect(await api.balance(stablecoin().address)).toEqual(
        build === 'plume' ? { raw: 0n, hasUnspent: false } : { raw: 1024n, hasUnspent: true },
      );
      expect(await api.feeBalance()).toEqual({ raw: 5n, hasUnspent: true }); // the fee selection failed: nothing reserved
    });

    it('a withdraw whose fee is beyond the fee balance: the same', async () => {
      const value = await deposited(2048n);
      const { created } = await failed({
        operation: 'withdraw',
        body: withdrawBody({ token: stablecoin(), value: 2048n, recipient: alice().identity.address, fee: 6n }),
      });
      expect(created).toEqual([]);
      expect(await statusOf(value)).toBe(expected.inputs);
      expect(await alice().api.balance(stablecoin().address)).toEqual(
        build === 'plume' ? { raw: 0n, hasUnspent: false } : { raw: 3072n, hasUnspent: true },
      );
    });

    it(`a transfer to the identity point: ${build === 'head' ? 'refused before selection' : 'reserved, then refused by the proof'}`, async () => {
      const value = await deposited(4096n);
      const { created, reason } = await failed({
        operation: 'transfer',
        body: transferBody({ token: stablecoin(), value: 4000n, recipient: hex64(1n), fee: 0n }),
      });
      expect(await statusOf(value)).toBe(expected.inputs);
      if (build === 'head') {
        expect(reason).toContain('Recipient public key cannot be the identity point');
        expect(created).toEqual([]);
      } else {
        expect(reason).toContain('Transaction could not be completed due to a proving error.');
        // The change was stored before proving and is never removed: it will never be on chain.
        expect(created.map((c) => [c.preimage.value, c.status])).toEqual([[96n, 'PendingCreation']]);
      }
    });

    it("a withdraw to a recipient above 160 bits (the circuit's range check): Failed after selection", async () => {
      const value = await deposited(16384n);
      const { reason } = await failed({
        operation: 'withdraw',
        body: {
          ...withdrawBody({ token: stablecoin(), value: 16384n, recipient: alice().identity.address, fee: 0n }),
          recipientAddress: `01${'00'.repeat(20)}`,
        },
      });
      expect(reason).toContain('Transaction could not be completed due to a proving error.');
      expect(await statusOf(value)).toBe(expected.inputs);
    });

    it('a transaction the proposer refuses (its input is already spent in the mempool): Failed, the input as the build leaves it', async () => {
      const { devnet } = suite();
      const value = await deposited(32768n);
      const withdrawAll: Submission = {
        operation: 'withdraw',
        body: withdrawBody({ token: stablecoin(), value: 32768n, recipient: alice().identity.address, fee: 0n }),
      };
      await devnet.pauseProposer();
      try {
        await waitForStatus(alice().api, await submit(alice().api, withdrawAll), ['Submitted']);
        // A restart replays the chain, and the replay re-marks every commitment of ours that is on chain Unspent: the
        // input of the withdraw still in the mempool, and on plume the inputs stranded by the failures above.
        const stopped = alice();
        await stopped.close();
        restarted = await devnet.startTestClient(stopped.identity, {
          build,
          dataDir: stopped.dataDir,
          name: 'alice-restarted',
        });
        await alice().api.deriveKey({ mnemonic });
        const deposits = [1024n, 2048n, 4096n, 16384n, 32768n];
        const replayed = await waitForCommitments(
          alice().api,
          'the replay to put every deposit back to Unspent',
          (cs) => deposits.every((v) => cs.find((c) => c.preimage.value === v)?.status === 'Unspent'),
        );
        // plume's orphaned change is not on chain: nothing brings it back.
        expect(replayed.filter((c) => c.status === 'PendingCreation').map((c) => c.preimage.value)).toEqual(
          build === 'plume' ? [96n] : [],
        );

        const { reason } = await failed(withdrawAll);
        expect(reason).toContain('All proposers rejected the transaction');
        expect(await statusOf(value)).toBe(expected.inputs);
      } finally {
        await devnet.resumeProposer();
      }
      await waitForCommitments(
        alice().api,
        'the first withdraw to land and spend its input',
        (cs) => cs.find((c) => c._id === value._id)?.status === 'Spent',
      );
    });
  },
);
