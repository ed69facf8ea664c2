// `npm run e2e` on the devnet with a pairing that cannot work (a head client on plume-era contracts): the run learns
// the contracts' generation from the chain, refuses before any scenario runs, names both and the settings that fix it,
// and exits non-zero.
import { describe, expect, it } from 'vitest';
import { runNestedVitest } from '../../fixtures/faults/nested-e2e';

/** Bound of the whole refused run: the devnet's start (images are built and cached by the other tests) and the refusal. */
const RUN_TIMEOUT_MS = 4 * 60_000;

describe('npm run e2e with a head client on plume-era contracts', () => {
  it('is refused before any scenario, naming the client build, the contracts and the fix', async () => {
    const run = await runNestedVitest({
      args: ['--project', 'scenarios', 'scenarios/round-trip/stablecoin.spec.ts'],
      env: { E2E_DEVNET_CONTRACTS: 'plume', E2E_DEVNET_CLIENT_BUILD: 'head' },
      timeoutMs: RUN_TIMEOUT_MS,
    });
    console.log(`refused run: exit ${run.code} after ${Math.round(run.elapsedMs)} ms`);

    const plain = run.output;
    expect(run.code, plain.slice(-4000)).not.toBe(0);
    expect(plain).toMatch(/refused before any scenario: a head client cannot work on plume-era contracts/);
    expect(plain).toMatch(/E2E_DEVNET_CLIENT_BUILD=plume/);
    expect(plain).toMatch(/E2E_DEVNET_CONTRACTS=head/);
    expect(plain, 'no scenario test ran').not.toMatch(/Tests\s+\d+ (passed|failed)/);
  }, RUN_TIMEOUT_MS + 30_000);
});
