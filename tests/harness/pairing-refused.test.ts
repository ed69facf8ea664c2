// The scenarios' vitest, started by hand on the devnet with a pairing that cannot work (a head client on plume-era
// contracts): the global setup refuses before the devnet starts (the settings name both sides; the chain's answer is
// judged again once it runs), names both and the settings that fix it, and exits 2 with the refusal alone on stderr (no
// test runner's stack: fixtures/run/run-refusal.ts). tests/console/refused-run.test.ts is the same through npm run e2e.
import { describe, expect, it } from 'vitest';
import { runNestedVitest } from '../../fixtures/faults/nested-e2e';

/** Bound of the whole refused run: vitest's start on a busy machine and the refusal (seconds). */
const RUN_TIMEOUT_MS = 4 * 60_000;

describe('npm run e2e with a head client on plume-era contracts', () => {
  it(
    'is refused before any scenario, naming the client build, the contracts and the fix',
    async () => {
      const run = await runNestedVitest({
        args: ['--project', 'scenarios', 'scenarios/round-trip/stablecoin.spec.ts'],
        env: { E2E_DEVNET: 'plume,clientBuild=head' },
        timeoutMs: RUN_TIMEOUT_MS,
      });
      console.log(`refused run: exit ${run.code} after ${Math.round(run.elapsedMs)} ms`);

      const plain = run.output;
      expect(run.code, plain.slice(-4000)).toBe(2);
      expect(plain).toMatch(/refused before any scenario: a head client cannot work on plume-era contracts/);
      expect(plain).toMatch(/E2E_DEVNET=plume/);
      expect(plain).toMatch(/E2E_DEVNET=head/);
      expect(plain, 'no scenario test ran').not.toMatch(/Tests\s+\d+ (passed|failed)/);
      expect(plain, "no test runner's error or stack").not.toMatch(/Unhandled Error|❯ /);
    },
    RUN_TIMEOUT_MS + 30_000,
  );
});
