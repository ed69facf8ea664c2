// Proof that the explorer's oracle can fail (issue #29): with each planted bug in the devnet's clients (E2E_DEVNET's
// plantedBug, fixtures/network/planted-bug.ts), `npm run explore` at its default number of steps stops on a violation,
// names the broken invariant and shrinks the history. Each bug is one nested `npm run explore` on a devnet of its own
// (up to about 10 minutes each, shrinking included): too long for `npm test`, so `npm run explore:planted` runs this
// file, every night (.github/workflows/nightly.yml).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runNestedE2e, type NestedE2eRun } from '../fixtures/faults/nested-e2e';
import { ExploreSummary, readHistory } from '../fixtures/explore/history-file';
import type { PlantedBug } from '../fixtures/network/planted-bug';

/** The seed of the green devnet run (`--seed 7 --steps 30`), at the explorer's default of 30 steps. */
const SEED = '7';
/** A find and its shrink at the default 16 attempts (about half a minute each on the devnet), with room. */
const RUN_TIMEOUT_MS = 20 * 60_000;
const SUMMARY = 'reports/explore/summary.json';

function explore(args: readonly string[], env: Record<string, string> = {}): Promise<NestedE2eRun> {
  return runNestedE2e({ script: 'scripts/explore.ts', args, env, timeoutMs: RUN_TIMEOUT_MS });
}

function summary(): ExploreSummary {
  return ExploreSummary.parse(JSON.parse(readFileSync(SUMMARY, 'utf8')));
}

describe.each<[PlantedBug, string]>([
  ['change-off-by-one', 'value-conserved'],
  ['double-credit', 'value-conserved'],
  // Found at a settle (value-conserved: a spent input counted again); shrunk to deposits and the bring-home, whose
  // withdrawals land and leave their inputs Unspent (spend-recorded).
  ['nullifier-not-recorded', 'spend-recorded'],
])('clients with the planted bug %s', (bug, invariant) => {
  it(`are caught by npm run explore at its default steps: ${invariant} broken, the history shrunk; a replay plants the bug again`, async () => {
    const run = await explore(['--seed', SEED], { E2E_DEVNET: `plantedBug=${bug}` });
    expect(run.code, run.output.slice(-4_000)).toBe(1);
    const found = summary();
    // The night's figures, in the job's log: how soon it was found, how far it shrank, at what cost.
    console.info(`${bug}: ${JSON.stringify({ found: found.found, attempts: found.timing?.attempts })}`);
    expect(found.plantedBug).toBe(bug);
    expect(found.violations.map((v) => v.invariant)).toContain(invariant);
    // Found within the default steps (the final settle and the bring-home included), and shrunk: the history printed
    // is shorter than the one that first broke, measured the same way (steps run, up to the violation).
    expect(found.found!.afterSteps).toBeLessThanOrEqual(found.steps + 2);
    expect(found.found!.shrunkTo).toBeLessThan(found.found!.afterSteps);
    const historyFile = found.violations[0]!.history!;
    expect(readHistory(historyFile).plantedBug).toBe(bug);

    // Replayed without being told: the recorded bug is planted again, and the same invariant breaks at once.
    const replay = await explore(['--replay', historyFile]);
    expect(replay.code, replay.output.slice(-4_000)).toBe(1);
    const again = summary();
    expect({ plantedBug: again.plantedBug, attempts: again.found?.attempts }).toEqual({ plantedBug: bug, attempts: 1 });
    expect(again.violations.map((v) => v.invariant)).toContain(invariant);
  });
});
