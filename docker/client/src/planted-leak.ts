// The privacy check's proof that it can fail (docs/privacy.md): NF4_SIM_PLANTED_LEAK makes this double leak on purpose.
// The real client has no such switch; unset (the default) leaks nothing. Each name only adds its one leak:
// - `amount-in-calldata`: a transfer's value in a free commitment word of its slot, which the proposer carries to L1
//   (the client is the only party that knows a private amount: the proposer never sees it);
// - `key-in-log`: the recipient's compressed ZKP public key in a log line of the transfer.
// Other names (the harness's own `salt-in-report`) are not this double's to plant, and leave it honest.
import { z } from 'zod';
import { parseEnv } from '../../lib/settings';

const PlantedLeakEnv = {
  NF4_SIM_PLANTED_LEAK: z.enum(['amount-in-calldata', 'key-in-log', 'salt-in-report', '']).optional(),
};

export type ClientPlantedLeak = 'amount-in-calldata' | 'key-in-log';

export function loadPlantedLeak(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ClientPlantedLeak | undefined {
  const name = parseEnv(PlantedLeakEnv, env).NF4_SIM_PLANTED_LEAK;
  return name === 'amount-in-calldata' || name === 'key-in-log' ? name : undefined;
}

/** The slot's commitments with the value in the first free (zero) word; unchanged when none is free. */
export function amountPlanted<T extends readonly bigint[]>(commitments: T, value: bigint): T {
  const free = commitments.indexOf(0n);
  if (free < 0) return commitments;
  return commitments.map((word, i) => (i === free ? value : word)) as unknown as T;
}
