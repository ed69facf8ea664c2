// The real client's fragile listener and worker, reproduced by the simulator by default (EYBlockchain/nightfall_4_CE,
// nightfall_client/src/ @ plume_testnet_client 4e84c58 and @ master 6ee83be; audit findings N16–N19). The client's
// JSON-RPC goes through a proxy that refuses chosen calls, as a hosted provider does on a bad day:
// - N17: one failed eth_getTransactionByHash while a block is processed panics the listener task for good
//   (drivers/blockchain/nightfall_event_listener.rs:179 `_ => panic!("Error processing event: {e:?}")`);
// - N16: the queue's sync check then finds the client behind and restarts the listener with an empty tree but the old
//   counter (drivers/blockchain/event_listener_manager.rs:55-119), so every later spend proves against a root the
//   proposer does not know (nightfall_client_transaction.rs:104-121 @ plume_testnet_proposer 2c636a4);
// - N18: one failed layer2_block_number call in the sync check ends the queue worker (driven/queue.rs:65-71);
// - N19: plume replays with one unbounded eth_getLogs and panics if it is refused (nightfall_event_listener.rs:121-124);
//   head pages it and retries (nightfall_event_listener.rs:118-135 @ master).
import { toFunctionSelector, toHex } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { depositBody, transferBody } from '../../../fixtures/api';
import { waitFor } from '../../../fixtures/waits';
import { newMnemonic, queuedId, waitForStatus } from './support/client-api';
import type { TestClient } from './support/client-devnet';
import { startL1CallBreaker, type L1CallBreaker } from './support/l1-call-breaker';
import { loggedAt as logged } from './support/logs';
import { useClientDevnet } from './support/suite';

const LAYER2_BLOCK_NUMBER = toFunctionSelector('layer2_block_number()');
const isLayer2BlockNumberCall = (call: { method: string; params?: unknown[] | undefined }) =>
  call.method === 'eth_call' && JSON.stringify(call.params ?? []).includes(LAYER2_BLOCK_NUMBER.slice(2));

describe('plume client: one failed eth_getTransactionByHash while a block is processed (N17, then N16)', () => {
  const suite = useClientDevnet({ identities: 1 });
  let breaker: L1CallBreaker;
  let alice: TestClient;
  let aliceKey: string;
  let secondDeposit: string;
  afterAll(async () => breaker?.close());

  it('panics the listener task with the real log-panics line, once; nothing retries it', async () => {
    const { devnet } = suite();
    breaker = await startL1CallBreaker(devnet.rpcUrl);
    alice = await devnet.startTestClient(devnet.identities[0]!, { name: 'alice', rpcUrl: breaker.url });
    aliceKey = (await alice.api.deriveKey({ mnemonic: newMnemonic() })).zkpPublicKey;
    const first = queuedId(await alice.api.deposit(depositBody({ token: devnet.stablecoin, value: 500n, fee: 0n })));
    await waitForStatus(alice.api, first, ['Confirmed']);

    await devnet.pauseProposer(); // the next block lands only once the breaker is armed
    secondDeposit = queuedId(await alice.api.deposit(depositBody({ token: devnet.stablecoin, value: 300n, fee: 0n })));
    await waitForStatus(alice.api, secondDeposit, ['Submitted']);
    breaker.breakNext((c) => c.method === 'eth_getTransactionByHash', 'upstream connect error');
    await devnet.resumeProposer();

    await logged(
      alice,
      "thread 'tokio-runtime-worker' panicked at 'Error processing event: InvalidCalldata': nightfall_client/src/drivers/blockchain/nightfall_event_listener.rs:179",
    );
    expect(alice.logs.filter((l) => l.includes('panicked at')).length).toBe(1);
    expect(alice.logs.some((l) => l.includes('Client event listener (attempt 2)'))).toBe(false);
  });

  it('is restarted by the sync check: aborted, tree reset, blocks below the counter skipped, then Synchronized', async () => {
    const restarting = await logged(
      alice,
      'Client is not synchronised with the blockchain, restarting event listener on thread ThreadId(',
    );
    const aborting = await logged(alice, 'Restarting event listener: aborting current task…');
    const skipped = await logged(alice, 'Already processed layer 2 block 0 - skipping');
    const mismatch = await logged(
      alice,
      'Commitment root in block does not match calculated root. historic root is , calculated root is ',
    );
    const synchronised = await logged(alice, 'Event listener synchronized successfully', 30_000);
    expect([restarting, aborting, skipped, mismatch, synchronised]).toEqual(
      [...[restarting, aborting, skipped, mismatch, synchronised]].sort((a, b) => a - b),
    );
    await waitForStatus(alice.api, secondDeposit, ['Confirmed']); // the block the dead listener missed is processed now
  });

  it('then proves every spend against a root no block carries: the proposer refuses it and the request ends Failed', async () => {
    const { devnet } = suite();
    const id = queuedId(
      await alice.api.transfer(transferBody({ token: devnet.stablecoin, value: 100n, recipient: aliceKey, fee: 0n })),
    );
    await waitForStatus(alice.api, id, ['Failed']);
    expect(devnet.proposerLogs).toContain('Client transaction failed: Commitment root is not known');
    expect(
      (await alice.api.commitments()).some((c) => c.status === 'PendingSpend'),
      'plume strands the inputs (N2)',
    ).toBe(true);
  });
});

// head checks sync once per request, never while idle (driven/queue.rs:72-83 @ master): its dead listener stays dead
// until a request comes, which then meets the restart and proves against the emptied tree.
describe('head client: one failed eth_getTransactionByHash while a block is processed (N17, then N16 at the next request)', () => {
  const suite = useClientDevnet({ identities: 1, contracts: 'head' });
  let breaker: L1CallBreaker;
  let carol: TestClient;
  let carolKey: string;
  let secondDeposit: string;
  afterAll(async () => breaker?.close());

  it("panics the listener task at head's own line, once; nothing retries it", async () => {
    const { devnet } = suite();
    breaker = await startL1CallBreaker(devnet.rpcUrl);
    carol = await devnet.startTestClient(devnet.identities[0]!, { build: 'head', name: 'carol', rpcUrl: breaker.url });
    carolKey = (await carol.api.deriveKey({ mnemonic: newMnemonic() })).zkpPublicKey;
    const first = queuedId(await carol.api.deposit(depositBody({ token: devnet.stablecoin, value: 500n, fee: 0n })));
    await waitForStatus(carol.api, first, ['Confirmed']);

    await devnet.pauseProposer();
    secondDeposit = queuedId(await carol.api.deposit(depositBody({ token: devnet.stablecoin, value: 300n, fee: 0n })));
    await waitForStatus(carol.api, secondDeposit, ['Submitted']);
    breaker.breakNext((c) => c.method === 'eth_getTransactionByHash', 'upstream connect error');
    await devnet.resumeProposer();

    await logged(
      carol,
      "thread 'tokio-runtime-worker' panicked at 'Error processing event: InvalidCalldata': nightfall_client/src/drivers/blockchain/nightfall_event_listener.rs:190",
    );
    expect(carol.logs.filter((l) => l.includes('panicked at')).length).toBe(1);
  });

  it('is not restarted while idle: the next request meets the sync check, the restart, and a root no block carries', async () => {
    const { devnet } = suite();
    // Three 1 s L1 blocks: several turns in which plume's idle check would have restarted the listener.
    const panicBlock = await devnet.publicClient.getBlockNumber();
    await waitFor({
      what: 'three more L1 blocks',
      timeoutMs: 15_000,
      probe: () => devnet.publicClient.getBlockNumber(),
      isDone: (n) => n >= panicBlock + 3n,
    });
    expect(
      carol.logs.some((l) => l.includes('Restarting event listener')),
      'no restart while idle',
    ).toBe(false);

    const id = queuedId(
      await carol.api.transfer(transferBody({ token: devnet.stablecoin, value: 100n, recipient: carolKey, fee: 0n })),
    );
    const processing = await logged(carol, `Processing request: ${id}`);
    const aborting = await logged(carol, 'Restarting event listener: aborting current task…');
    const mismatch = await logged(carol, 'Commitment root in block does not match calculated root');
    expect([processing, aborting, mismatch]).toEqual([...[processing, aborting, mismatch]].sort((a, b) => a - b));
    await waitForStatus(carol.api, id, ['Failed']);
    expect(devnet.proposerLogs).toContain('Client transaction failed: Commitment root is not known');
    await waitForStatus(carol.api, secondDeposit, ['Confirmed']); // the block the dead listener missed is processed now
  });
});

describe('plume client: one failed layer2_block_number call in the idle sync check (N18)', () => {
  const suite = useClientDevnet({ identities: 1 });
  let breaker: L1CallBreaker;
  afterAll(async () => breaker?.close());

  it('ends the queue worker for good: /v1/health stays Healthy, a request answers 202 and stays Queued', async () => {
    const { devnet } = suite();
    breaker = await startL1CallBreaker(devnet.rpcUrl);
    const bob = await devnet.startTestClient(devnet.identities[0]!, { name: 'bob', rpcUrl: breaker.url });
    await logged(bob, 'Starting warp server and request queue');
    breaker.breakNext(isLayer2BlockNumberCall, 'rate limited');
    await logged(bob, 'Failed to get synchronisation status: IOError("Could not read current block")');

    expect(await bob.api.health()).toBe('Healthy');
    const id = queuedId(await bob.api.deposit(depositBody({ token: devnet.stablecoin, value: 1n, fee: 0n })));
    const checksBefore = breaker.calls.filter(isLayer2BlockNumberCall).length;
    // Three more of plume's 3 s "connection is alive" lines: several 1 s worker turns have passed.
    const alive = bob.logs.filter((l) => l === 'connection is alive: true').length;
    await waitFor({
      what: 'three more "connection is alive" lines (9 s of a running process)',
      timeoutMs: 15_000,
      probe: () => bob.logs.filter((l) => l === 'connection is alive: true').length,
      isDone: (n) => n >= alive + 3,
    });
    expect(await bob.api.requestStatus(id)).toMatchObject({ status: 'Queued' });
    expect(await bob.api.queue()).toBe(1);
    expect(breaker.calls.filter(isLayer2BlockNumberCall).length, 'no sync check after the death').toBe(checksBefore);
  });
});

describe('plume client: a slow answer to the idle sync check (N18 needs a failure, not a delay)', () => {
  const suite = useClientDevnet({ identities: 1 });
  let breaker: L1CallBreaker;
  afterAll(async () => breaker?.close());

  it('is awaited: the queue worker lives on and the next deposit confirms', async () => {
    const { devnet } = suite();
    breaker = await startL1CallBreaker(devnet.rpcUrl);
    const dave = await devnet.startTestClient(devnet.identities[0]!, { name: 'dave', rpcUrl: breaker.url });
    await logged(dave, 'Starting warp server and request queue');
    // Longer than viem's default 10 s HTTP timeout: the real client's WebSocket provider has no per-request timeout.
    const SLOW_MS = 12_000;
    breaker.delayNext(isLayer2BlockNumberCall, SLOW_MS);
    await waitFor({
      what: 'the slow sync check to be answered and a later one asked',
      timeoutMs: 3 * SLOW_MS,
      probe: () => breaker.calls.filter(isLayer2BlockNumberCall).length,
      isDone: (checks) => checks >= 2,
    });
    const id = queuedId(await dave.api.deposit(depositBody({ token: devnet.stablecoin, value: 1n, fee: 0n })));
    await waitForStatus(dave.api, id, ['Confirmed']);
    expect(dave.logs.filter((l) => l.includes('Failed to get synchronisation status'))).toEqual([]);
  });
});

describe.each(['plume', 'head'] as const)('%s client: the history replay at start-up (N19)', (build) => {
  const suite = useClientDevnet({ identities: 2 });
  const breakers: L1CallBreaker[] = [];
  afterAll(async () => Promise.all(breakers.map((b) => b.close())));

  const start = async (identity: number, refuseLogs: boolean) => {
    const { devnet } = suite();
    const breaker = await startL1CallBreaker(devnet.rpcUrl);
    breakers.push(breaker);
    if (refuseLogs) breaker.breakNext((c) => c.method === 'eth_getLogs', 'query exceeds max block range 10000');
    const client = await devnet.startTestClient(devnet.identities[identity]!, {
      build,
      name: `${build}-${identity}`,
      rpcUrl: breaker.url,
    });
    return { client, breaker };
  };

  it(
    build === 'plume'
      ? 'reads the whole history with ONE eth_getLogs from the genesis block'
      : 'reads the history with eth_getLogs from the genesis block (one page on anvil)',
    async () => {
      const { client, breaker } = await start(0, false);
      await logged(client, 'past events to process');
      const genesis = toHex(suite().devnet.deployment.deployBlock);
      const fromGenesis = breaker.calls.filter(
        (c) => c.method === 'eth_getLogs' && JSON.stringify(c.params?.[0]).includes(`"fromBlock":"${genesis}"`),
      );
      expect(fromGenesis.length).toBe(1);
      expect(
        (fromGenesis[0]!.params?.[0] as { toBlock?: string }).toBlock,
        'up to a block number (the head at start), not "latest"',
      ).toMatch(/^0x[0-9a-f]+$/);
    },
  );

  if (build === 'plume') {
    it('panics on a refused replay with the message of its .expect, and never processes a block', async () => {
      const { client } = await start(1, true);
      await logged(
        client,
        `thread 'tokio-runtime-worker' panicked at 'could not get past events: ErrorResp(ErrorPayload { code: -32000, message: "query exceeds max block range 10000", data: None })': nightfall_client/src/drivers/blockchain/nightfall_event_listener.rs:124`,
      );
      expect(client.logs.some((l) => l.includes('past events to process'))).toBe(false);
    });
  } else {
    it('logs a refused replay, returns an error and is retried after 2 s', async () => {
      const { client } = await start(1, true);
      await logged(
        client,
        'Failed to fetch past events: Provider error: server returned an error response: error code -32000: query exceeds max block range 10000. Will retry...',
      );
      await logged(
        client,
        'Client event listener terminated with error: IOError("Failed to fetch past events: Provider error: server returned an error response: error code -32000: query exceeds max block range 10000"). Restarting in 2s',
      );
      await logged(client, 'Client event listener (attempt 2)...');
      await logged(client, 'past events to process');
    });
  }
});
