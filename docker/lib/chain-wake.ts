// What wakes a simulator's log follower (./log-follower.ts): the node's own pushes over a WebSocket subscription, as the
// real services are told of the chain. The real client subscribes to the Nightfall contract's logs and streams them
// once it has replayed the past (nightfall_client/src/drivers/blockchain/nightfall_event_listener.rs:34-197 @ master
// 6ee83be); the proposer likewise. Here a push only wakes the follower, which then reads its next range as before —
// so ordering, gaps and replays keep one code path — and a follower told nothing reads anyway after
// WAKE_SAFETY_NET_MS, against a subscription lost without an error. Once the subscription reports an error, and
// without a ws(s):// endpoint at all, the follower polls at its own interval.
//
// Cheaper too: an idle client polled eth_blockNumber every 300 ms and eth_getLogs every block — 2/3 of its CPU while
// idle (measured: 1.0 s of CPU in 30 s idle, 0.37 s with the listener's polling slowed to 5 s).
import { createPublicClient, encodeEventTopics, webSocket, type AbiEvent, type Address } from 'viem';

/** How long a follower with a subscription waits for a push before it reads anyway. */
const WAKE_SAFETY_NET_MS = 5_000;
/** Bound of opening the socket and subscribing; past it the follower polls (a later subscription still wakes it). */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

export type WakeOn =
  /** Every new block (eth_subscribe newHeads): for followers that report their progress block by block. */
  | { readonly kind: 'newHeads' }
  /** New logs of these contracts (eth_subscribe logs), only `event`'s if given. */
  | { readonly kind: 'logs'; readonly address: Address | readonly Address[]; readonly event?: AbiEvent };

export interface ChainWake {
  /**
   * Resolves at the first push since the previous call returned (at once if one came meanwhile), after
   * WAKE_SAFETY_NET_MS without one — after `pollMs` once the subscription has failed — or when `signal` aborts.
   */
  next(pollMs: number, signal: AbortSignal): Promise<void>;
  close(): void;
}

export interface ChainWakeOptions {
  /** Told once why the subscription failed (the follower polls from then on). */
  onError(message: string): void;
  /** Replaces WAKE_SAFETY_NET_MS (a test's way to see that pushes alone wake). */
  safetyNetMs?: number;
}

/**
 * Subscribes on `url` and resolves once the node has confirmed the subscription (or it failed): a follower that reads
 * after this misses no push. Undefined when `url` is not a WebSocket endpoint. Never rejects.
 */
export async function openChainWake(
  url: string,
  on: WakeOn,
  options: ChainWakeOptions,
): Promise<ChainWake | undefined> {
  if (!/^wss?:\/\//i.test(url)) return undefined;
  const safetyNetMs = options.safetyNetMs ?? WAKE_SAFETY_NET_MS;
  const { transport } = createPublicClient({ transport: webSocket(url) });
  let pushed = false;
  let failed = false;
  let closed = false;
  let wake: (() => void) | undefined;
  const push = () => {
    pushed = true;
    wake?.();
  };
  const fail = (error: unknown) => {
    if (!failed && !closed) options.onError(error instanceof Error ? error.message.split('\n')[0]! : String(error));
    failed = true;
    wake?.();
  };
  const params =
    on.kind === 'newHeads'
      ? ['newHeads']
      : ['logs', { address: on.address, ...(on.event ? { topics: encodeEventTopics({ abi: [on.event] }) } : {}) }];
  const subscribing = transport.subscribe({ params: params as ['newHeads'], onData: push, onError: fail });
  const bound = new Promise<'timed out'>((resolve) =>
    setTimeout(() => resolve('timed out'), SUBSCRIBE_TIMEOUT_MS).unref(),
  );
  const subscribed = await Promise.race([subscribing, bound]).catch((error: unknown) => {
    fail(error);
    return undefined;
  });
  if (subscribed === 'timed out') fail(new Error(`no subscription within ${SUBSCRIBE_TIMEOUT_MS / 1000} s`));

  return {
    next(pollMs, signal) {
      if (pushed || signal.aborted) {
        pushed = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          wake = undefined;
          pushed = false;
          resolve();
        };
        const timer = setTimeout(done, failed ? pollMs : safetyNetMs);
        signal.addEventListener('abort', done, { once: true });
        wake = done;
      });
    },
    close() {
      closed = true;
      void subscribing.then(
        (subscription) => subscription.unsubscribe(),
        () => undefined,
      );
      void transport.getRpcClient().then(
        (rpc) => rpc.close(),
        () => undefined,
      );
    },
  };
}
