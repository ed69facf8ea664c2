// What `npm run e2e` prints when the scenarios' global setup refuses the run before any scenario: the refusal and its
// fix, alone, and exit status 2 — not vitest's "Unhandled Error" with a stack, an empty run's summary, or a failed
// Allure report (issue #23, item 7). Both refusals are decided from the settings, so no container starts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runNestedE2e, type NestedE2eRun } from '../../fixtures/faults/nested-e2e';

/** tsx and vitest start on a busy 2-core machine, then the settings are read: seconds, bounded generously. */
const RUN_TIMEOUT_MS = 3 * 60_000;
const SCENARIO = 'scenarios/round-trip/stablecoin.spec.ts';

/** The run's lines, without npx's complaints about this machine's npm configuration. */
function linesOf(run: NestedE2eRun): string[] {
  return run.output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn '));
}

function refusedRun(env: Record<string, string>): () => NestedE2eRun {
  let run: NestedE2eRun | undefined;
  beforeAll(async () => {
    // Its own run log: other tests may run `npm run e2e` in this checkout meanwhile.
    const runLog = join(mkdtempSync(join(tmpdir(), 'refused-run-')), 'run.jsonl');
    run = await runNestedE2e({ args: [SCENARIO], env: { ...env, E2E_RUN_LOG: runLog }, timeoutMs: RUN_TIMEOUT_MS });
    console.log(
      `refused run (${JSON.stringify(env)}): exit ${run.code} after ${Math.round(run.elapsedMs)} ms, ${linesOf(run).length} line(s)`,
    );
  }, RUN_TIMEOUT_MS + 30_000);
  return () => run!;
}

describe('npm run e2e with a head client on plume-era contracts', () => {
  const run = refusedRun({ E2E_DEVNET: 'plume,clientBuild=head' });

  it('exits 2, as a run that did not start', () => {
    expect(run().code, run().output).toBe(2);
  });

  it('prints one line: the refusal, naming the build, the contracts and both settings that fix it', () => {
    const lines = linesOf(run());
    expect(lines, run().output).toHaveLength(1);
    expect(lines[0]).toMatch(/^refused before any scenario: a head client cannot work on plume-era contracts\./);
    expect(lines[0]).toContain('E2E_DEVNET=plume');
    expect(lines[0]).toContain('E2E_DEVNET=head');
  });

  it("prints no test runner's error and no stack", () => {
    expect(run().output).not.toMatch(/Unhandled Error|PairingRefused|❯ |\bat .+:\d+:\d+/);
  });

  it('generates no report and says nothing of one', () => {
    expect(run().output).not.toMatch(/allure|report|junit|No test results/i);
  });
});

describe('npm run e2e with a devnet setting that does not parse', () => {
  const run = refusedRun({ E2E_DEVNET: 'plume,clientBuild=heed' });

  it('exits 2 printing only the setting and what it accepts', () => {
    expect(run().code, run().output).toBe(2);
    expect(linesOf(run()), run().output).toEqual([
      'devnet settings: E2E_DEVNET: clientBuild: Invalid option: expected one of "plume"|"head"',
    ]);
  });
});
