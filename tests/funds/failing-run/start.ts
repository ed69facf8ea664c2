// Starts the failing run (./run.spec.ts) as a vitest of its own and collects everything it printed: the run's
// reports are only written when its vitest ends, so the checker must stand outside it.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redact } from '../../../fixtures/secrets';
import type { DevnetFacts } from '../../../fixtures/target';
import { RUN_ENV, RUN_FILES } from './shared';

const REPOSITORY = fileURLToPath(new URL('../../..', import.meta.url));
const VITEST = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));
const CONFIG = 'tests/funds/failing-run/vitest.config.ts';

export interface FinishedRun {
  exitCode: number | null;
  /** stdout and stderr as they came, interleaved. */
  output: string;
}

export async function runFailingRun({
  facts,
  out,
  env,
  timeoutMs,
}: {
  facts: DevnetFacts;
  out: string;
  /** E2E_* settings of the run (identity mnemonic, state and recovery directories). */
  env: Record<string, string>;
  timeoutMs: number;
}): Promise<FinishedRun> {
  // The outer vitest's worker settings would make the inner one think it is a worker.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const child = spawn(process.execPath, [VITEST, 'run', '--config', CONFIG], {
    cwd: REPOSITORY,
    env: {
      ...inherited,
      ...env,
      [RUN_ENV.devnet]: JSON.stringify(facts),
      [RUN_ENV.out]: out,
      // Where the run's global attachments go: the results directory ./vitest.config.ts gives allure-vitest.
      ALLURE_RESULTS_DIR: join(out, RUN_FILES.reports, 'allure-results'),
      // The config imports ./shared without an extension, which only the native config loader would mind.
      VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    const bound = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          redact(
            `the failing run did not finish within ${timeoutMs / 1000} s; its output:\n${Buffer.concat(chunks).toString('utf8')}`,
          ),
        ),
      );
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(bound);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(bound);
      const output = Buffer.concat(chunks).toString('utf8');
      // Kept with the run's other files (a private directory) for whoever debugs a failure of the checker.
      writeFile(join(out, 'output.log'), output, { mode: 0o600 }).then(() => resolve({ exitCode, output }), reject);
    });
  });
}
