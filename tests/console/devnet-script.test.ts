// `npm run devnet` (scripts/devnet.ts) run as a person runs it: it honours E2E_DEVNET's client build — the clients it
// starts answer as that build, and its `--json` line says which (issue #23, item 7: a head client build given to `npm
// run devnet` used to start plume clients silently) — and a pairing that cannot work is refused before anything starts.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NightfallClient } from '../../fixtures/api';
import { fingerprintClient } from '../../fixtures/builds/fingerprint';
import { runNestedE2e } from '../../fixtures/faults/nested-e2e';
import { waitFor } from '../../fixtures/waits';

/** Images are built and cached by the other devnet tests; the start itself takes under a minute on a busy machine. */
const START_TIMEOUT_MS = 4 * 60_000;
const STOP_TIMEOUT_MS = 60_000;
const PROGRESS_EVERY_MS = 15_000;

/** The part of the `--json` line this test reads; the harness's own reading of what the script prints. */
const DevnetFacts = z.object({
  contractGeneration: z.enum(['plume', 'head']),
  clientBuild: z.enum(['plume', 'head']),
  clients: z.array(z.object({ name: z.string(), url: z.url() })).min(1),
});

/** The calling worker's environment without its E2E_* and VITEST* settings, plus `env`. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('E2E_') && !name.startsWith('VITEST'),
  );
  return { ...Object.fromEntries(inherited), ...env };
}

describe('npm run devnet -- --json with E2E_DEVNET=head', () => {
  let child: ChildProcessByStdio<null, Readable, Readable>;
  let stdout = '';
  let stderr = '';
  let facts: z.output<typeof DevnetFacts>;

  beforeAll(async () => {
    child = spawn('npx', ['tsx', 'scripts/devnet.ts', '--json'], {
      env: cleanEnv({ E2E_DEVNET: 'head' }),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
    let gone = false;
    void exited.then(() => (gone = true));
    const line = await waitFor({
      what: "npm run devnet's --json line",
      timeoutMs: START_TIMEOUT_MS,
      progressEveryMs: PROGRESS_EVERY_MS,
      probe: () => ({ line: stdout.split('\n').find((text) => text.startsWith('{')), exited: gone }),
      isDone: (state) => state.line !== undefined,
      failIf: (state) =>
        state.exited ? `the script exited before printing it; stderr: ${stderr.slice(-2000)}` : undefined,
      describe: () => `no JSON line yet; last stderr line: ${stderr.trim().split('\n').at(-1) ?? 'none'}`,
    });
    facts = DevnetFacts.parse(JSON.parse(line.line!));
  }, START_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    if (!child?.pid || child.exitCode !== null) return;
    const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
    // Ctrl-C, as a person stops it: the script removes its containers before it exits.
    process.kill(-child.pid, 'SIGINT');
    await waitFor({
      what: 'npm run devnet to stop its containers and exit after SIGINT',
      timeoutMs: STOP_TIMEOUT_MS,
      probe: () => child.exitCode ?? child.signalCode,
      isDone: (state) => state !== null,
      describe: () => `still running; last stderr line: ${stderr.trim().split('\n').at(-1) ?? 'none'}`,
    });
    await closed;
  }, STOP_TIMEOUT_MS + 10_000);

  it('prints the client build in its --json line', () => {
    expect(facts.clientBuild).toBe('head');
    expect(facts.contractGeneration).toBe('head');
  });

  it('starts clients that answer as a head build', async () => {
    const builds = await Promise.all(
      facts.clients.map((client) => fingerprintClient(new NightfallClient({ baseUrl: client.url, name: client.name }))),
    );
    expect(builds.map((build) => build.name)).toEqual(facts.clients.map(() => 'head-like'));
  });
});

describe('npm run devnet with a head client on plume-era contracts', () => {
  it('is refused before anything starts: the refusal and its fix alone, exit 2', async () => {
    const run = await runNestedE2e({
      script: 'scripts/devnet.ts',
      args: ['--json'],
      env: { E2E_DEVNET: 'plume,clientBuild=head' },
      timeoutMs: 2 * 60_000,
    });
    const lines = run.output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn '));
    expect(run.code, run.output).toBe(2);
    expect(lines, run.output).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^refused before any scenario: a head client cannot work on plume-era contracts\..*E2E_DEVNET=plume.*E2E_DEVNET=head/,
    );
  });
});
