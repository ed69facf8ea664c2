// The conditions a fault scenario puts on one client's L1 connection for a while, beside the one-shot faults of
// ./client-faults.ts: a hosted endpoint's bad day (429s, connections cut before forwarding, answers lost after it,
// stalls — on a fixed schedule, so a run is reproducible) and a poor network (latency with jitter, lost requests, a
// partition that heals). The kernel here has no netem, so the network is modelled where the client's traffic already
// passes: a lost request is its connection cut (what a client sees once loss outlasts TCP's retransmits), and a
// partition holds every request and push until it heals (TCP delivers what it retransmitted then).
import { z } from 'zod';

const Position = z.number().int().positive();

export const BadDay = z.object({
  /** In every `cycle` reads, the one at `rateLimitAt` is answered 429, at `dropAt` cut before forwarding, at
   * `loseAnswerAt` forwarded and its answer cut off. */
  reads: z.object({ cycle: Position, rateLimitAt: Position, dropAt: Position, loseAnswerAt: Position }),
  /** The same for eth_sendRawTransaction, numbered among the sends. */
  sends: z.object({ cycle: Position, rateLimitAt: Position, loseAnswerAt: Position }),
  /** Every `every`-th request is held `ms` before anything else happens. */
  latency: z.object({ every: Position, ms: z.number().int().positive().max(30_000) }),
});
export type BadDay = z.infer<typeof BadDay>;

export const PoorNetwork = z.object({
  /** Added to every request and every push from the node. */
  latencyMs: z.number().int().nonnegative().max(10_000).default(0),
  /** Each delay varies by up to this much either way, on a fixed sequence. */
  jitterMs: z.number().int().nonnegative().max(10_000).default(0),
  /** Every `lossEvery`-th request is lost: its connection cut without an answer. */
  lossEvery: z.number().int().min(2).optional(),
  /** From now, for this long, nothing passes; then it heals by itself. */
  partitionSeconds: z.number().positive().max(600).optional(),
});
export type PoorNetwork = z.infer<typeof PoorNetwork>;

export const ConditionsOrder = z.object({ badDay: BadDay.optional(), network: PoorNetwork.optional() });
export type ConditionsOrder = z.infer<typeof ConditionsOrder>;

/** What the route does with one request: wait `delayMs` (a stall, latency or a partition), then its fate. */
export interface RequestTreatment {
  delayMs: number;
  fate: 'forward' | 'rate-limit' | 'drop' | 'lose-answer';
}

export interface ConditionCounts {
  requests: number;
  rateLimited: number;
  dropped: number;
  answersLost: number;
  delayed: number;
  lost: number;
  heldByPartition: number;
}

export interface ConditionsState {
  badDay: BadDay | null;
  network: PoorNetwork | null;
  /** ISO wall time the partition heals; null without one. */
  partitionHealsAt: string | null;
  counts: ConditionCounts;
  /** ISO wall time of the first request the conditions did something to; null while none. */
  firstMetAt: string | null;
}

/** Deterministic jitter: the n-th delay's offset in [-jitter, +jitter], spread over the range. */
export function jitterOffset(n: number, jitterMs: number): number {
  if (jitterMs === 0) return 0;
  const span = 2 * jitterMs + 1;
  return ((n * 7_919) % span) - jitterMs;
}

function slotOf(position: number, cycle: number): number {
  return ((position - 1) % cycle) + 1;
}

export class RouteConditions {
  #badDay: BadDay | undefined;
  #network: PoorNetwork | undefined;
  #partitionUntil = 0;
  #reads = 0;
  #sends = 0;
  #firstMetAt: number | undefined;
  readonly #counts: ConditionCounts = {
    requests: 0,
    rateLimited: 0,
    dropped: 0,
    answersLost: 0,
    delayed: 0,
    lost: 0,
    heldByPartition: 0,
  };

  constructor(private readonly now: () => number = Date.now) {}

  /** Replaces the conditions (an absent part is lifted); a partition starts now. Schedules count from here. */
  set(order: ConditionsOrder): void {
    this.#badDay = order.badDay;
    this.#network = order.network;
    this.#partitionUntil =
      order.network?.partitionSeconds === undefined ? 0 : this.now() + order.network.partitionSeconds * 1_000;
    this.#reads = 0;
    this.#sends = 0;
  }

  clear(): void {
    this.set({});
  }

  /** How long until the partition heals (0 when there is none). */
  partitionLeftMs(): number {
    return Math.max(0, this.#partitionUntil - this.now());
  }

  /** The delay of a push from the node: the partition's remainder, else latency and jitter. */
  pushDelayMs(): number {
    const partition = this.partitionLeftMs();
    if (partition > 0) return partition;
    const network = this.#network;
    return network ? Math.max(0, network.latencyMs + jitterOffset(this.#counts.requests, network.jitterMs)) : 0;
  }

  /** Counts one request (a send if `isSend`) and decides what happens to it. */
  treat(isSend: boolean): RequestTreatment {
    const counts = this.#counts;
    counts.requests += 1;
    const position = isSend ? (this.#sends += 1) : (this.#reads += 1);
    let delayMs = 0;
    let fate: RequestTreatment['fate'] = 'forward';
    const partition = this.partitionLeftMs();
    if (partition > 0) {
      counts.heldByPartition += 1;
      delayMs += partition;
    }
    const network = this.#network;
    if (network) {
      delayMs += Math.max(0, network.latencyMs + jitterOffset(counts.requests, network.jitterMs));
      if (network.lossEvery !== undefined && counts.requests % network.lossEvery === 0) {
        counts.lost += 1;
        fate = 'drop';
      }
    }
    const badDay = this.#badDay;
    if (badDay) {
      if (counts.requests % badDay.latency.every === 0) {
        counts.delayed += 1;
        delayMs += badDay.latency.ms;
      }
      if (fate === 'forward') fate = this.#badDayFate(position, isSend, badDay);
    }
    if ((fate !== 'forward' || partition > 0) && this.#firstMetAt === undefined) this.#firstMetAt = this.now();
    return { delayMs, fate };
  }

  #badDayFate(position: number, isSend: boolean, badDay: BadDay): RequestTreatment['fate'] {
    const schedule = isSend ? badDay.sends : badDay.reads;
    const slot = slotOf(position, schedule.cycle);
    const counts = this.#counts;
    if (slot === schedule.rateLimitAt) {
      counts.rateLimited += 1;
      return 'rate-limit';
    }
    if ('dropAt' in schedule && slot === schedule.dropAt) {
      counts.dropped += 1;
      return 'drop';
    }
    if (slot === schedule.loseAnswerAt) {
      counts.answersLost += 1;
      return 'lose-answer';
    }
    return 'forward';
  }

  state(): ConditionsState {
    return {
      badDay: this.#badDay ?? null,
      network: this.#network ?? null,
      partitionHealsAt: this.partitionLeftMs() > 0 ? new Date(this.#partitionUntil).toISOString() : null,
      counts: { ...this.#counts },
      firstMetAt: this.#firstMetAt === undefined ? null : new Date(this.#firstMetAt).toISOString(),
    };
  }
}
