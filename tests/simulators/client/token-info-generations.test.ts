// getTokenInfo decoded with the build's own return shape (chain/token-info.ts) against plume-era contracts, whose
// getTokenInfo answers two words (Nightfall.sol:542-547 @ plume_testnet_deployer 0326e57). plume decodes two and is
// fine. head decodes three, so wherever head reads it the call fails as it does for real: GET /v1/token answers 500
// (drivers/rest/token_info.rs:32-34 @ master 6ee83be); a spend with change fails, rolled back
// (drivers/rest/client_operation.rs:74-76); a received commitment is never stored and the listener dies on that block
// (driven/event_handlers/nightfall_event.rs:440-442, drivers/blockchain/nightfall_event_listener.rs:180-191) until
// the queue worker, finding the client behind the chain, restarts it (driven/queue.rs:73-83).
import { describe, expect, it } from 'vitest';
import { nightfallAbi } from '../../../docker/contracts/abi';
import { nfTokenId } from '../../../fixtures/l1-contracts'; // the harness's derivation, checked by golden vectors
import { depositBody, transferBody } from '../../../fixtures/api';
import { waitFor } from '../../../fixtures/waits';
import { apiFailure, submit, waitForCommitments, waitForStatus } from './support/client-api';
import { failureReason } from './support/logs';
import { useClientDevnet } from './support/suite';

describe('client simulator on plume-era contracts: getTokenInfo per build', () => {
  const suite = useClientDevnet({
    identities: 3,
    contracts: 'plume',
    clients: {
      alice: { build: 'head', deriveKeys: true },
      bob: { build: 'head', deriveKeys: true, webhooks: true },
      carol: { build: 'plume', deriveKeys: true },
    },
  });
  const stablecoin = () => suite().devnet.stablecoin;
  const tokenId = () => nfTokenId(stablecoin().address, 0n);

  it('alice (head) deposits; GET /v1/token answers (address, id) on plume and 500 on head', async () => {
    const { alice, carol } = suite().clients;
    await waitForStatus(
      alice.api,
      await submit(alice.api, {
        operation: 'deposit',
        body: depositBody({ token: stablecoin(), value: 100n, fee: 0n }),
      }),
      ['Confirmed'],
    );
    await waitForCommitments(alice.api, 'the deposit Unspent', (cs) => cs.some((c) => c.status === 'Unspent'));
    expect(await carol.api.tokenInfo(tokenId())).toEqual({ erc_address: stablecoin().address, token_id: 0n });
    expect((await apiFailure(alice.api.tokenInfo(tokenId()))).isAnswer(500, 'INTERNAL_SERVER_ERROR')).toBe(true);
  });

  it('head: a transfer with change fails when it stores the change, and is rolled back', async () => {
    const { alice, bob } = suite().clients;
    const id = await submit(alice.api, {
      operation: 'transfer',
      body: transferBody({ token: stablecoin(), value: 40n, recipient: bob.keys!.zkpPublicKey, fee: 0n }),
    });
    await waitForStatus(alice.api, id, ['Failed']);
    expect(await failureReason(alice, id)).toContain('Error getting token info');
    expect((await alice.api.commitments()).map((c) => [c.preimage.value, c.status])).toEqual([[100n, 'Unspent']]);
  });

  it('head: a received commitment is never stored; the listener dies on its block until the worker restarts it', async () => {
    const { devnet, clients } = suite();
    const { alice, bob } = clients;
    const l2Blocks = () =>
      devnet.publicClient.readContract({
        address: devnet.deployment.nightfall,
        abi: nightfallAbi,
        functionName: 'layer2_block_number',
      });
    // No change and no fee: the sender stores nothing and never calls getTokenInfo.
    const sent = await submit(alice.api, {
      operation: 'transfer',
      body: transferBody({ token: stablecoin(), value: 100n, recipient: bob.keys!.zkpPublicKey, fee: 0n }),
    });
    await waitForStatus(alice.api, sent, ['Confirmed']);
    await waitFor({
      what: "bob's listener to die on the transfer's block",
      timeoutMs: 30_000,
      probe: () => bob.logs.filter((l) => l.includes("panicked at 'Error processing event: InvalidCalldata'")),
      isDone: (lines) => lines.length > 0,
    });
    expect(await bob.api.commitments()).toEqual([]);
    expect(await bob.api.balance(stablecoin().address)).toEqual({ raw: 0n, hasUnspent: false });

    // Bob's own deposit lands, but no listener processes its block: it stays PendingCreation.
    const first = await submit(bob.api, {
      operation: 'deposit',
      body: depositBody({ token: stablecoin(), value: 7n, fee: 0n }),
    });
    await waitForStatus(bob.api, first, ['Submitted']);
    const before = await l2Blocks();
    await waitFor({
      what: "the block with bob's deposit",
      timeoutMs: 30_000,
      probe: l2Blocks,
      isDone: (n) => n > before,
    });
    expect((await bob.api.commitments()).map((c) => c.status)).toEqual(['PendingCreation']);
    expect(await bob.api.requestStatus(first)).toMatchObject({ status: 'Submitted' });

    // His next request finds him behind the chain: the worker restarts the listener, which catches up.
    const second = await submit(bob.api, {
      operation: 'deposit',
      body: depositBody({ token: stablecoin(), value: 8n, fee: 0n }),
    });
    await waitForStatus(bob.api, second, ['Confirmed']);
    expect(bob.logs.some((l) => l.includes('restarting event listener'))).toBe(true);
    const values = (await bob.api.commitments()).map((c) => [c.preimage.value, c.status]);
    expect(values).toEqual(
      expect.arrayContaining([
        [7n, 'Unspent'],
        [8n, 'Unspent'],
      ]),
    );
    expect(values).toHaveLength(2); // the transfer's 100 never arrives
  });
});
