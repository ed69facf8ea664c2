// Environment switches of the simulator that the real client does not have (so they are not in lib/settings.ts):
// opt-in reproductions of real failure modes. Validated like every other setting.
import { z } from 'zod';
import { SettingsError } from '../../lib/settings';
import type { Quirks } from './context';

const QuirkEnv = z.object({
  /** "true" = reproduce the real queue worker's deaths (context.ts Quirks.workerDeath). */
  NF4_SIM_CLIENT_WORKER_DEATH: z
    .enum(['true', 'false', ''], { error: 'must be "true" or "false"' })
    .optional()
    .transform((v) => v === 'true'),
});

export function loadQuirks(env: Readonly<Record<string, string | undefined>> = process.env): Quirks {
  const result = QuirkEnv.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    throw new SettingsError(`invalid simulator environment:\n  ${lines.join('\n  ')}`);
  }
  return { workerDeath: result.data.NF4_SIM_CLIENT_WORKER_DEATH };
}
