// The explorer's proof that its oracle can fail (docs/explore.md): NF4_SIM_PLANTED_BUG makes this double book value
// wrongly on purpose. The real client has no such switch; unset (the default) plants nothing. Each name adds one bug:
// - `change-off-by-one`: a spend's change output is one unit over (value made out of nothing);
// - `double-credit`: a received commitment is stored twice (a second commitment of the same value, its own salt);
// - `nullifier-not-recorded`: a block's nullifiers do not mark the commitments they spend: those stay (or are again)
//   Unspent, spendable and counted in the balance.
import { z } from 'zod';
import { parseEnv } from '../../lib/settings';
import { modR } from '../../lib/field';
import { preimageHash, type CommitmentRecord } from './commitments/model';
import type { ClientStore } from './store/store';

const PlantedBugEnv = {
  NF4_SIM_PLANTED_BUG: z.enum(['change-off-by-one', 'double-credit', 'nullifier-not-recorded', '']).optional(),
};

export type ClientPlantedBug = Exclude<z.infer<(typeof PlantedBugEnv)['NF4_SIM_PLANTED_BUG']>, '' | undefined>;

export function loadPlantedBug(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ClientPlantedBug | undefined {
  return parseEnv(PlantedBugEnv, env).NF4_SIM_PLANTED_BUG || undefined;
}

/** The change a spend returns to its sender: what is left of the inputs, one unit over with `change-off-by-one`. */
export function changeOf(left: bigint, bug: ClientPlantedBug | undefined): bigint {
  return bug === 'change-off-by-one' ? modR(left + 1n) : left;
}

/**
 * The received commitments to store: as decrypted, and with `double-credit` each a second time, as another commitment
 * of the same value (its salt one more, so its own hash and nullifier).
 */
export function credited(
  received: readonly CommitmentRecord[],
  bug: ClientPlantedBug | undefined,
  nullifierOf: (hash: bigint) => bigint,
): CommitmentRecord[] {
  if (bug !== 'double-credit') return [...received];
  return received.flatMap((record) => {
    const { salt } = record.preimage;
    if (salt.type !== 'Transfer') return [record];
    const preimage = { ...record.preimage, salt: { type: 'Transfer' as const, value: modR(salt.value + 1n) } };
    const hash = preimageHash(preimage);
    return [record, { ...record, hash, preimage, nullifier: nullifierOf(hash) }];
  });
}

/** A block's nullifiers mark what they spend Spent; with `nullifier-not-recorded`, Unspent instead. */
export async function recordSpends(
  store: ClientStore,
  nullifiers: readonly bigint[],
  bug: ClientPlantedBug | undefined,
): Promise<void> {
  if (bug !== 'nullifier-not-recorded') return store.markSpent(nullifiers);
  const spent = new Set(nullifiers.filter((n) => n !== 0n));
  const hashes = store
    .commitments()
    .filter((c) => spent.has(c.nullifier))
    .map((c) => c.hash);
  return store.setStatus(hashes, 'Unspent');
}
