// A client restart (EYBlockchain/nightfall_4_CE @ master 6ee83be : nightfall_client/src/main.rs:28-59, lib.rs:12-23):
// the store in the data directory survives, requests do not (old ids → 404), keys are random again until deriveKey, and
// the listener replays every block from the genesis block — re-announcing each by webhook and, exactly like the real
// client, turning a PendingSpend whose spend has not landed back into Unspent (then Spent once it does).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { depositBody, withdrawBody } from '../../../fixtures/api';
import { waitFor } from '../../../fixtures/waits';
import { wakeOnEvent } from '../../../fixtures/waits/wake';
import {
  apiFailure,
  newMnemonic,
  queuedId,
  waitForBalance,
  waitForCommitments,
  waitForStatus,
} from './support/client-api';
import type { TestClient } from './support/client-devnet';
import { hooksOf } from './support/notifications';
import { currentKeys } from './support/raw-http';
import { useClientDevnet } from './support/suite';

const BlockchainEvent = z.object({ event_type: z.literal('blockchain_event'), l2_block_number: z.number() });

describe('client simulator restart (plume)', () => {
  const suite = useClientDevnet({ identities: 1, clients: { client: { webhooks: true } } });
  const mnemonic = newMnemonic();
  let restarted: TestClient | undefined;
  /** The running process: the suite's client until the first restart. */
  const client = () => restarted ?? suite().clients.client;
  const stablecoin = () => suite().devnet.stablecoin;

  /** Stops the client and starts it again on the same store and webhook sink (which forgets what it received). */
  const restart = async () => {
    const stopped = client();
    await stopped.close();
    const hooks = hooksOf(stopped);
    hooks.clear(); // only what the new process sends
    restarted = await suite().devnet.startTestClient(stopped.identity, {
      dataDir: stopped.dataDir,
      webhooks: hooks,
      name: 'restarted',
    });
  };

  it('keeps commitments, drops requests, and replays the chain with a blockchain_event per block', async () => {
    const keys = await client().api.deriveKey({ mnemonic });
    const id = queuedId(await client().api.deposit(depositBody({ token: stablecoin(), value: 500n, fee: 0n })));
    await waitForStatus(client().api, id, ['Confirmed']);
    const before = await waitForCommitments(
      client().api,
      'the deposit Unspent',
      (cs) => cs.length === 1 && cs[0]!.status === 'Unspent',
    );
    const hooks = hooksOf(client());
    const lastBlock = Math.max(...hooks.payloads.map((p) => BlockchainEvent.safeParse(p).data?.l2_block_number ?? -1));

    await restart();
    const { api, url } = client();
    expect((await apiFailure(api.requestStatus(id))).isAnswer(404, 'No such request')).toBe(true);
    expect(await api.commitments()).toEqual(before);
    expect(await api.balance(stablecoin().address)).toEqual({ raw: 500n, hasUnspent: true });
    expect((await currentKeys(url)).zkp_public_key).not.toBe(keys.zkpPublicKey); // random keys at boot
    await waitFor({
      what: `replayed blockchain_events up to L2 block ${lastBlock}`,
      timeoutMs: 30_000,
      probe: () => hooks.payloads.map((p) => BlockchainEvent.safeParse(p).data?.l2_block_number),
      isDone: (numbers) => numbers.includes(lastBlock) && numbers.includes(0),
      wakeOn: wakeOnEvent(hooks.events, 'received'),
    });
  });

  it('releases an unconfirmed spend on replay (as the real client does) and marks it Spent when its block lands', async () => {
    const { devnet } = suite();
    const { api, identity } = client();
    await api.deriveKey({ mnemonic });
    await devnet.pauseProposer();
    const id = queuedId(
      await api.withdraw(withdrawBody({ token: stablecoin(), value: 500n, recipient: identity.address, fee: 0n })),
    );
    await waitForStatus(api, id, ['Submitted']);
    const [spending] = await api.commitments();
    expect(spending?.status).toBe('PendingSpend');

    await restart();
    await waitForCommitments(
      client().api,
      'the replay to mark the reserved deposit Unspent',
      (cs) => cs[0]?.status === 'Unspent',
    );
    await devnet.resumeProposer();
    await waitForCommitments(
      client().api,
      'the withdrawn deposit Spent after the block',
      (cs) => cs[0]?.status === 'Spent',
    );
  });

  it('processes what it had queued before it stops, then forgets those requests: the deposits land, their ids are 404', async () => {
    // The real client, PID 1 without a SIGTERM handler, works through docker's grace period (queue/worker.ts).
    const { api } = client();
    await api.deriveKey({ mnemonic });
    const ids = [
      queuedId(await api.deposit(depositBody({ token: stablecoin(), value: 200n, fee: 0n }))),
      queuedId(await api.deposit(depositBody({ token: stablecoin(), value: 300n, fee: 0n }))),
    ];
    await restart();
    const after = client().api;
    for (const id of ids)
      expect((await apiFailure(after.requestStatus(id))).isAnswer(404, 'No such request'), id).toBe(true);
    await after.deriveKey({ mnemonic });
    await waitForBalance(after, stablecoin().address, 500n);
  });
});
