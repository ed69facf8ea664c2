// The scenarios on the testnet target, run the way an operator runs them (`npm run e2e -- --target testnet
// --env-file .env`), against the devnet standing in for the live network (tests/testnet/devnet-as-testnet.ts): the
// harness starts only the clients and reaches L1 and the proposer by URL; nothing holds block production. Both real
// pairings, each on a devnet of its own: plume clients on plume-era contracts, head clients on head-era contracts (a
// head client cannot work on plume-era contracts, and preflight says so). Each run must pass preflight and every
// scenario test, and print no configured secret.
//
// scripts/e2e.ts has no switch for its output directories: vitest.config.ts sends JUnit to reports/junit.xml and the
// Allure results to reports/allure-results, and the report step writes reports/allure-report, so these runs write
// there too. The outcome is read from the run's own console summary instead: reports/ is shared with any other run on
// this machine, and a JUnit file from there can be another run's.
import { spawn } from 'node:child_process';
import { parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStandInEnvFile } from '../../fixtures/faults/stand-in-profile';
import { startDevnet, type Devnet } from '../../fixtures/network';
import { scanForSecrets, Secret } from '../../fixtures/secrets';
import {
  allowlist,
  fundedFunders,
  STAND_IN_GAS_ALLOWANCE,
  STAND_IN_TOKENS,
  standInSettingsOf,
} from './devnet-as-testnet';

/**
 * The proposer's batching window, seconds. On the testnet target nothing holds block production, so the early
 * de-escrow test relies on this window alone to run before the withdrawal's block. The trigger's wait restarts after
 * every block, and every submission of the round trip but the first deposits follows a block the scenario awaited, so
 * the withdrawal reaches the proposer early in a window and its block lands about one window later. Measured on a
 * 2-core machine: withdrawal test plus early de-escrow test take 0.3-1.1 s, the withdrawal's block landed 6.2-6.4 s
 * (window 6) and 11-13 s (window 12) after them; a run took 42 s at 6 s and 67 s at 12 s (each round trip waits out
 * about three windows). 8 s keeps a margin of over five times the measured span at a few seconds per window.
 */
const BATCH_WINDOW_SECONDS = Number(process.env.E2E_STAND_IN_BATCH_WINDOW ?? 8);
/** Bound of one whole run (preflight, both scenario files in parallel, the report). */
const RUN_TIMEOUT_MS = 8 * 60_000;
/**
 * What the stand-in runs: the round trip of both ERC-20s, the path preflight plans and funds for. The token-standard
 * and rejection scenarios run on the devnet target (`npm test`); on the live network they need the network's own
 * ERC-721/1155/3525 and more pre-certified keys than a round trip.
 */
const SCENARIOS = 'scenarios/round-trip';
/** Scenario files × users per file: each user's client takes one pre-certified key. */
const KEYS_PER_RUN = 2 * 2;
/**
 * The round trip's tests per scenario file, and those the automatic-de-escrow build skips: the early and the second
 * de-escrow (no de-escrow route). On the plume build those ran and passed.
 */
const TESTS_PER_FILE = 11;
const SKIPPED_PER_FILE_ON_HEAD = 2;
/**
 * The push path's proof (WGAS file): the stand-in, like a nightly job behind NAT, gives no public URL for the receiver,
 * so that file pulls too and says why; the pull path's proof runs in the other file.
 */
const SKIPPED_PUSH_PROOF = 1;

const PAIRINGS = ['plume', 'head'] as const;
type Pairing = (typeof PAIRINGS)[number];
const runs = {} as Record<Pairing, { devnet: Devnet; funderKey: Secret<Hex>; clientKeys: Secret<Hex>[] }>;

beforeAll(async () => {
  await Promise.all(
    PAIRINGS.map(async (pairing) => {
      const devnet = await startDevnet({ batchWindowSeconds: BATCH_WINDOW_SECONDS, contracts: pairing });
      // One funder per run, holding what preflight asks for a round trip of both tokens (4 gas allowances, fees, gas and
      // headroom), owning nothing else: anvil's dev account 0 sends it, as an operator would fund a testnet account.
      const holding = {
        native: 4n * parseEther(STAND_IN_GAS_ALLOWANCE) + parseEther('2'),
        WGAS: STAND_IN_TOKENS.WGAS.amounts.deposit,
        dUSD: STAND_IN_TOKENS.dUSD.amounts.deposit,
      };
      const [funder] = await fundedFunders(devnet, [holding]);
      const clientKeys = Array.from({ length: KEYS_PER_RUN }, () => new Secret(generatePrivateKey()));
      runs[pairing] = { devnet, funderKey: funder!.key, clientKeys };
      // Pre-certified client keys: the X509 stand-in's owner allowlists them, as certification would on the network.
      await allowlist(
        devnet,
        clientKeys.map((key) => privateKeyToAddress(key.reveal())),
      );
    }),
  );
});

afterAll(async () => {
  await Promise.all(Object.values(runs).map((run) => run.devnet.stop()));
});

interface RunOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  elapsedMs: number;
}

/** `npx tsx scripts/e2e.ts --target testnet --env-file <file>` in its own process group, killed when over its bound. */
async function e2eOnStandIn(build: Pairing, contracts: Pairing = build): Promise<RunOutcome> {
  const { funderKey, clientKeys } = runs[build];
  const { devnet } = runs[contracts];
  const profile = standInSettingsOf(devnet, funderKey, {
    clientBuild: build,
    clientKeys: clientKeys.map((key) => key.reveal()).join(','),
    // A stuck phase fails within the run's bound, with the harness's own diagnosis, instead of at the testnet's 75 min.
    timeouts: {
      l2Confirmation: '2m',
      requestSubmitted: '1m',
      transactionEvent: '1m',
      l2BalanceVisible: '1m',
      deEscrow: '1m',
      l1Receipt: '1m',
      serviceHealthy: '1m',
    },
  });
  // The profile file, its secrets in an env file; the identity ledger and any recovery bundle stay in the run's own
  // directory, not in ~/.nightfall-e2e.
  const { envFile } = writeStandInEnvFile(profile, `e2e-stand-in-${build}`);
  // Nothing of this process's configuration or of its vitest worker leaks into the run: the env file is the profile.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('E2E_') && !name.startsWith('VITEST')),
  );

  const started = performance.now();
  const child = spawn('npx', ['tsx', 'scripts/e2e.ts', '--target', 'testnet', '--env-file', envFile, SCENARIOS], {
    env,
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const timer = setTimeout(() => {
    output += `\n[killed after ${RUN_TIMEOUT_MS} ms]\n`;
    process.kill(-child.pid!, 'SIGTERM');
  }, RUN_TIMEOUT_MS);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (c, s) => resolve([c, s])),
  );
  clearTimeout(timer);
  const elapsedMs = performance.now() - started;
  console.log(
    `e2e --target testnet (${build} build, batching window ${BATCH_WINDOW_SECONDS} s): exit ${code} in ${Math.round(elapsedMs / 1000)} s`,
  );

  return { code, signal, output, elapsedMs };
}

/** The run console's closing counts ("tests: 16 passed, 0 failed, 4 skipped" and "20 tests in 2 files, …"; fixtures/console/lines.ts). */
function summaryOf(output: string): { files: string; tests: string } {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const tests = plain.match(/^tests: (\d+ passed, \d+ failed, \d+ skipped)$/m)?.[1] ?? '(no "tests:" line)';
  const files = plain.match(/^\d+ tests in (\d+) files, /m)?.[1] ?? '(no "… tests in … files" line)';
  return { files, tests };
}

describe('npm run e2e -- --target testnet on the devnet standing in for the test network', () => {
  it.each(PAIRINGS)(
    'runs preflight and every scenario green with the %s client build on its contracts, printing no secret',
    async (build) => {
      const run = await e2eOnStandIn(build);
      const { devnet, funderKey, clientKeys } = runs[build];

      const leaks = await scanForSecrets(
        { text: run.output, source: `e2e output (${build})` },
        { secrets: [funderKey, ...clientKeys, devnet.eventService.apiKey] },
      );
      expect(leaks, 'a configured secret appears in the console output').toEqual([]);

      expect(run.output).toContain('preflight passed in');
      expect(run.code, `exit status (signal ${run.signal}); output:\n${run.output.slice(-6000)}`).toBe(0);
      const skipped = SKIPPED_PUSH_PROOF + (build === 'head' ? 2 * SKIPPED_PER_FILE_ON_HEAD : 0);
      const passed = 2 * TESTS_PER_FILE - skipped;
      expect(summaryOf(run.output)).toEqual({ files: '2', tests: `${passed} passed, 0 failed, ${skipped} skipped` });
    },
    RUN_TIMEOUT_MS + 30_000,
  );

  it(
    'refuses a head client on plume-era contracts in preflight, naming both, before any funds move or scenario runs',
    async () => {
      const run = await e2eOnStandIn('head', 'plume');
      expect(run.code, `exit status (signal ${run.signal}); output:\n${run.output.slice(-6000)}`).toBe(2);
      expect(run.output).toMatch(
        /UnworkablePairing|refused before any scenario: a head client cannot work on plume-era contracts/,
      );
      expect(run.output, 'the evidence: what the chain answered').toMatch(
        /getTokenInfo\(0\) on 0x[0-9a-fA-F]{40} answered 64 bytes/,
      );
      expect(run.output, 'no scenario file started').not.toMatch(/^running \d+ test files/m);
    },
    RUN_TIMEOUT_MS,
  );
});
