// The simulators' wake (docker/lib/chain-wake.ts) against the real anvil: its pushes over WebSocket wake a follower
// (new heads; a contract's logs), a failed subscription turns into polling at the follower's own interval, and an
// http endpoint offers nothing to subscribe to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, createWalletClient, http, publicActions, type AbiEvent, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { openChainWake, type ChainWake, type WakeOn } from '../../docker/lib/chain-wake';
import { loadArtifact } from '../../docker/contracts/artifacts';
import { anvilDevAccount } from '../../fixtures/network/dev-accounts';
import { startAnvil, type AnvilProcess } from '../support/anvil-process';

/** Longer than any test here: only a push (or a failure) can end a wait. */
const NO_SAFETY_NET_MS = 10 * 60_000;
/** Bound of a wait that a push must end. */
const PUSH_BOUND_MS = 20_000;

let anvil: AnvilProcess;
const opened: ChainWake[] = [];

beforeAll(async () => {
  anvil = await startAnvil();
});

afterAll(async () => {
  for (const wake of opened) wake.close();
  await anvil?.stop();
});

const wsUrl = () => anvil.rpcUrl.replace(/^http/, 'ws');
const chain = () =>
  createTestClient({ mode: 'anvil', chain: foundry, transport: http(anvil.rpcUrl) }).extend(publicActions);

/** Resolves with 'woken' when next() resolves within the bound, else 'not woken'. */
async function wokenWithin(
  wake: ChainWake,
  act: () => Promise<unknown>,
  pollMs = NO_SAFETY_NET_MS,
  boundMs = PUSH_BOUND_MS,
): Promise<'woken' | 'not woken'> {
  const stop = new AbortController();
  const bound = new Promise<'not woken'>((resolve) => setTimeout(() => resolve('not woken'), boundMs).unref());
  const woken = wake.next(pollMs, stop.signal).then(() => 'woken' as const);
  await act();
  const outcome = await Promise.race([woken, bound]);
  stop.abort();
  return outcome;
}

/** A wake that only pushes end (no safety net), recording what it reports. */
async function open(url: string, on: WakeOn, errors: string[]): Promise<ChainWake> {
  const wake = await openChainWake(url, on, {
    onError: (message) => errors.push(message),
    safetyNetMs: NO_SAFETY_NET_MS,
  });
  if (!wake) throw new Error('expected a wake for a ws:// endpoint');
  opened.push(wake);
  return wake;
}

describe('chainWake', () => {
  it('wakes a follower at the next new head pushed over WebSocket', async () => {
    const errors: string[] = [];
    const wake = await open(wsUrl(), { kind: 'newHeads' }, errors);
    const outcome = await wokenWithin(wake, () => chain().mine({ blocks: 1 }));
    expect({ outcome, errors }).toEqual({ outcome: 'woken', errors: [] });
  });

  it("wakes a follower at a contract's new log, and a push that came between two waits is not lost", async () => {
    const funder = privateKeyToAccount(anvilDevAccount(0).key.reveal());
    const wallet = createWalletClient({ account: funder, chain: foundry, transport: http(anvil.rpcUrl) }).extend(
      publicActions,
    );
    const { abi, bytecode } = loadArtifact('WrappedGas');
    const deployed = await wallet.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode }) });
    const address = deployed.contractAddress as Address;
    const errors: string[] = [];
    const wake = await open(wsUrl(), { kind: 'logs', address }, errors);
    const emitLog = async () =>
      wallet.waitForTransactionReceipt({
        hash: await wallet.writeContract({ address, abi, functionName: 'deposit', value: 1n }),
      });

    expect(await wokenWithin(wake, emitLog)).toBe('woken');
    // One more log while nobody waits: the next wait ends on it.
    await emitLog();
    expect(await wokenWithin(wake, async () => undefined)).toBe('woken');
    expect(errors).toEqual([]);
  });

  it("with an event given, only that event's logs wake", async () => {
    const funder = privateKeyToAccount(anvilDevAccount(1).key.reveal());
    const wallet = createWalletClient({ account: funder, chain: foundry, transport: http(anvil.rpcUrl) }).extend(
      publicActions,
    );
    const { abi, bytecode } = loadArtifact('WrappedGas');
    const address = (await wallet.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi, bytecode }) }))
      .contractAddress as Address;
    const withdrawal = abi.find((item): item is AbiEvent => item.type === 'event' && item.name === 'Withdrawal')!;
    const errors: string[] = [];
    const wake = await open(wsUrl(), { kind: 'logs', address, event: withdrawal }, errors);
    const send = async (functionName: 'deposit' | 'withdraw') =>
      wallet.waitForTransactionReceipt({
        hash: await (functionName === 'deposit'
          ? wallet.writeContract({ address, abi, functionName, value: 2n })
          : wallet.writeContract({ address, abi, functionName, args: [1n] })),
      });

    // A deposit logs Deposit and Transfer, no Withdrawal: anvil pushes a matching log as it mines, so seconds are ample.
    expect(await wokenWithin(wake, () => send('deposit'), NO_SAFETY_NET_MS, 3_000)).toBe('not woken');
    expect(await wokenWithin(wake, () => send('withdraw'))).toBe('woken');
    expect(errors).toEqual([]);
  });

  it("turns into polling at the follower's own interval once the subscription fails, and says so once", async () => {
    const errors: string[] = [];
    // Nothing listens there: the socket cannot open.
    const wake = await open('ws://127.0.0.1:9/', { kind: 'newHeads' }, errors);
    expect(errors).toHaveLength(1);
    expect(await wokenWithin(wake, async () => undefined, 10)).toBe('woken');
    expect(errors).toHaveLength(1);
  });

  it('offers nothing on an http endpoint: the follower polls', async () => {
    expect(await openChainWake(anvil.rpcUrl, { kind: 'newHeads' }, { onError: () => undefined })).toBeUndefined();
  });
});
