// Environment switches of the simulator that the real client does not have (so they are not in lib/settings.ts).
// The real failure modes are the default (context.ts Quirks); a switch can only turn one OFF, for a unit test that
// needs the client to survive something else. No value turns a quirk on: on is what an unset variable means.
import { z } from 'zod';
import { parseEnv } from '../../lib/settings';
import type { Quirks } from './context';

const offOnly = z
  .enum(['false', ''], { error: 'may only be "false" (the realistic quirk is on by default and cannot be asked for)' })
  .optional()
  .transform((v) => v !== 'false');

const QuirkEnv = {
  /** "false" = the queue worker survives a failed sync check and a panic (context.ts Quirks.workerDeath). */
  NF4_SIM_CLIENT_WORKER_DEATH: offOnly,
};

export const REALISTIC_QUIRKS: Quirks = { workerDeath: true };

export function loadQuirks(env: Readonly<Record<string, string | undefined>> = process.env): Quirks {
  return { workerDeath: parseEnv(QuirkEnv, env).NF4_SIM_CLIENT_WORKER_DEATH };
}
