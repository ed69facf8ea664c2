// `npm run e2e` on the devnet with a pairing that cannot work (a head client on plume-era contracts): the run learns
// the contracts' generation from the chain, refuses before any scenario runs, names both and the settings that fix it,
// and exits non-zero.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Bound of the whole refused run: the devnet's start (images are built and cached by the other tests) and the refusal. */
const RUN_TIMEOUT_MS = 4 * 60_000;

describe('npm run e2e with a head client on plume-era contracts', () => {
  it('is refused before any scenario, naming the client build, the contracts and the fix', async () => {
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('E2E_') && !name.startsWith('VITEST'))),
      E2E_DEVNET_CONTRACTS: 'plume',
      E2E_DEVNET_CLIENT_BUILD: 'head',
    };
    const started = performance.now();
    const child = spawn('npx', ['vitest', 'run', '--project', 'scenarios', 'scenarios/round-trip/stablecoin.spec.ts'], { env, detached: true });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGTERM'), RUN_TIMEOUT_MS);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    console.log(`refused run: exit ${code} after ${Math.round(performance.now() - started)} ms`);

    // eslint-disable-next-line no-control-regex
    const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
    expect(code, plain.slice(-4000)).not.toBe(0);
    expect(plain).toMatch(/refused before any scenario: a head client cannot work on plume-era contracts/);
    expect(plain).toMatch(/E2E_DEVNET_CLIENT_BUILD=plume/);
    expect(plain).toMatch(/E2E_DEVNET_CONTRACTS=head/);
    expect(plain, 'no scenario test ran').not.toMatch(/Tests\s+\d+ (passed|failed)/);
  }, RUN_TIMEOUT_MS + 30_000);
});
