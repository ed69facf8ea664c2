// What a fault scenario has armed against one client's own L1 connection (its route /clients/<name>): the next call(s)
// of a JSON-RPC method refused with a provider's 429 or cut off, and a lag of the client's view of the chain. A fault is
// armed over the control API (./client-routes.ts) and fires on the calls that match it, then is spent; each firing is
// recorded with its wall time, the moment a scenario measures its harness's diagnosis from.
import { z } from 'zod';

const Selector = z.string().regex(/^0x[0-9a-fA-F]{8}$/, 'a 4-byte selector, 0x and 8 hex digits');

export const ArmedFault = z.object({
  /** refuse: HTTP 429 with a provider's body, nothing forwarded. cut: the connection is closed, nothing forwarded. */
  action: z.enum(['refuse', 'cut']),
  /** The JSON-RPC method to meet, e.g. eth_call or eth_getTransactionByHash; eth_subscription is the node's push. */
  method: z.string().min(1),
  /** Only an eth_call whose data starts with this selector (e.g. layer2_block_number()). */
  selector: Selector.optional(),
  /** How many matching calls it meets before it is spent. */
  times: z.number().int().positive().default(1),
  /**
   * Once it has met a call, it meets every matching call for this long, as a provider refuses a client for its backoff
   * (Infura's 429 names backoff_seconds): a client that retries at once meets it again.
   */
  forSeconds: z.number().positive().max(60).optional(),
});
export type ArmedFault = z.infer<typeof ArmedFault>;

export const LagOrder = z.object({
  /** How long the client's view of the chain trails the node: 0 ends the lag. */
  seconds: z.number().nonnegative().max(600),
  /** The lag ends by itself after this long (a client that falls behind for a while); absent: until cleared. */
  forSeconds: z.number().positive().max(3_600).optional(),
});

export interface FiredFault {
  action: ArmedFault['action'];
  method: string;
  selector?: string;
  /** ISO wall time of the firing. */
  at: string;
}

export interface ClientFaultState {
  armed: ArmedFault[];
  fired: FiredFault[];
  lagSeconds: number;
  /** Calls the client made on its route, per method (refused and cut ones included). */
  calls: Record<string, number>;
}

/** One JSON-RPC call as the route sees it: its method and, for an eth_call, the data it sends. */
export interface SeenCall {
  method: string;
  params?: unknown;
}

const CallData = z
  .tuple([z.object({ data: z.string().optional(), input: z.string().optional() }).loose()])
  .rest(z.unknown());

function selectorOf(call: SeenCall): string | undefined {
  const parsed = CallData.safeParse(call.params);
  const data = parsed.success ? (parsed.data[0].data ?? parsed.data[0].input) : undefined;
  return data?.slice(0, 10).toLowerCase();
}

type Armed = ArmedFault & { until?: number };

export class ClientFaultBook {
  readonly #armed: Armed[] = [];
  readonly #fired: FiredFault[] = [];
  readonly #calls: Record<string, number> = {};
  #lagMs = 0;
  #lagUntil = Infinity;

  constructor(private readonly now: () => number = Date.now) {}

  arm(fault: ArmedFault): void {
    this.#armed.push({ ...fault, ...(fault.selector ? { selector: fault.selector.toLowerCase() } : {}) });
  }

  lag(seconds: number, forSeconds?: number): void {
    this.#lagMs = seconds * 1_000;
    this.#lagUntil = forSeconds === undefined ? Infinity : this.now() + forSeconds * 1_000;
  }

  get lagMs(): number {
    return this.now() < this.#lagUntil ? this.#lagMs : 0;
  }

  /** Counts `call` and spends the first armed fault it meets, if any: what the route must do with it. */
  meet(call: SeenCall): ArmedFault['action'] | undefined {
    this.#calls[call.method] = (this.#calls[call.method] ?? 0) + 1;
    const now = this.now();
    // A fault whose backoff is over is spent.
    for (let i = this.#armed.length - 1; i >= 0; i--)
      if (this.#armed[i]!.until !== undefined && now >= this.#armed[i]!.until!) this.#armed.splice(i, 1);
    const index = this.#armed.findIndex(
      (fault) => fault.method === call.method && (!fault.selector || fault.selector === selectorOf(call)),
    );
    if (index < 0) return undefined;
    const fault = this.#armed[index]!;
    if (fault.until === undefined) {
      fault.times -= 1;
      if (fault.forSeconds !== undefined) fault.until = now + fault.forSeconds * 1_000;
      else if (fault.times === 0) this.#armed.splice(index, 1);
    }
    this.#fired.push({
      action: fault.action,
      method: fault.method,
      ...(fault.selector ? { selector: fault.selector } : {}),
      at: new Date(this.now()).toISOString(),
    });
    return fault.action;
  }

  /** Disarms everything and ends the lag; what fired stays on record. */
  clear(): void {
    this.#armed.length = 0;
    this.#lagMs = 0;
  }

  state(): ClientFaultState {
    return {
      armed: this.#armed.map(({ until: _until, ...f }) => ({ ...f })),
      fired: this.#fired.map((f) => ({ ...f })),
      lagSeconds: this.lagMs / 1_000,
      calls: { ...this.#calls },
    };
  }
}
