// The rate limit: a token bucket, as Alchemy documents its own ("evaluated over a 10-second rolling window using a
// token bucket algorithm with strict refill rates", https://alchemy.com/docs/reference/throughput). The bucket holds
// `burst` tokens and refills at `perSecond`; each request takes one, and a request finding none is refused.

export class TokenBucket {
  #tokens: number;
  #last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#tokens = burst;
    this.#last = now();
  }

  /** Takes `count` tokens if there are that many; otherwise takes none and says how long until there would be. */
  take(count = 1): { granted: true } | { granted: false; waitMs: number } {
    this.#refill();
    if (this.#tokens >= count) {
      this.#tokens -= count;
      return { granted: true };
    }
    return { granted: false, waitMs: Math.ceil(((count - this.#tokens) / this.perSecond) * 1_000) };
  }

  #refill(): void {
    const now = this.now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#last) / 1_000) * this.perSecond);
    this.#last = now;
  }
}

/** Requests seen in the last second and the last ten, and the highest of each so far (for the stats route). */
export class RateMeter {
  readonly #arrivals: number[] = [];
  peakPerSecond = 0;
  peakPer10Seconds = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  record(count = 1): void {
    const now = this.now();
    for (let i = 0; i < count; i++) this.#arrivals.push(now);
    this.#forget(now);
    this.peakPerSecond = Math.max(this.peakPerSecond, this.currentPerSecond());
    this.peakPer10Seconds = Math.max(this.peakPer10Seconds, this.#arrivals.length);
  }

  /** Requests in the last second. */
  currentPerSecond(): number {
    const now = this.now();
    this.#forget(now);
    return this.#arrivals.filter((at) => at > now - 1_000).length;
  }

  #forget(now: number): void {
    while (this.#arrivals.length > 0 && this.#arrivals[0]! <= now - 10_000) this.#arrivals.shift();
  }
}
