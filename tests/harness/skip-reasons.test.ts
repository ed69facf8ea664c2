// A skip's reason reaches every report, and a skip without one fails the run: a real vitest run of ./skip-reasons/
// (its own configuration with the repository's reporters) is started twice, once with every skip explained and once
// with a bare context.skip(), and its exit code, JUnit XML, Allure results and summary.json are read back. Then
// scenarios that declare needs: a made-up pair (./skip-reasons/needs.spec.ts), and the devnet-only scenario files on
// the testnet target, every test of which must skip with its reason before any set-up runs.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNestedVitest } from '../../fixtures/faults/nested-e2e';
import { RunSummary } from '../../fixtures/run/run-summary';
import { MISSING_NEED, TORN_DOWN, WRITTEN_REASON } from './skip-reasons/shared';

const RUN_TIMEOUT_MS = 90_000;

interface FinishedRun {
  code: number | null;
  output: string;
  out: string;
}

async function runSkips(bare: boolean, spec = 'skips', env: Record<string, string> = {}): Promise<FinishedRun> {
  const out = mkdtempSync(join(tmpdir(), 'skip-reasons-'));
  const run = await runNestedVitest({
    args: ['--config', 'tests/harness/skip-reasons/vitest.config.ts'],
    env: { SKIP_REASONS_OUT: out, SKIP_REASONS_BARE: bare ? '1' : '0', SKIP_REASONS_SPEC: spec, ...env },
    timeoutMs: RUN_TIMEOUT_MS,
  });
  return { code: run.code, output: run.output, out };
}

/** The Allure result of the test named `name`. */
type AllureResult = {
  name: string;
  status: string;
  steps: { name: string; status?: string; attachments: { name: string; source: string }[] }[];
};
function allureResult(out: string, name: string): AllureResult {
  const dir = join(out, 'allure-results');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('-result.json'))) {
    const result = JSON.parse(readFileSync(join(dir, file), 'utf8')) as AllureResult;
    if (result.name === name) return result;
  }
  throw new Error(`no Allure result named "${name}" in ${dir}`);
}

describe('skip reasons', () => {
  it(
    'a skip with a written reason carries it into the JUnit XML and the Allure result, and the run passes',
    async () => {
      const run = await runSkips(false);
      expect(run.code, run.output.slice(-4000)).toBe(0);

      const junit = readFileSync(join(run.out, 'junit.xml'), 'utf8');
      const testcase = junit.slice(junit.indexOf('is skipped with a written reason"'));
      expect(
        testcase.slice(0, testcase.indexOf('</testcase>')),
        'the JUnit testcase: skipped, with the reason as a property',
      ).toMatch(new RegExp(`<skipped/>[\\s\\S]*<property name="skip reason" value="${WRITTEN_REASON}">`));

      const result = allureResult(run.out, 'is skipped with a written reason');
      expect(result.status).toBe('skipped');
      const [reasonStep, attachmentStep] = result.steps;
      expect([reasonStep?.name, reasonStep?.status], 'a skipped step naming the reason').toEqual([
        `skipped: ${WRITTEN_REASON}`,
        'skipped',
      ]);
      expect(
        attachmentStep?.attachments.map((a) => [
          a.name,
          readFileSync(join(run.out, 'allure-results', a.source), 'utf8'),
        ]),
        'the reason attached',
      ).toEqual([['why this test was skipped', WRITTEN_REASON]]);

      const summary = RunSummary.parse(JSON.parse(readFileSync(join(run.out, 'summary.json'), 'utf8')));
      expect(summary.tests).toEqual({ passed: 1, failed: 0, skipped: 1, skippedWithoutReason: 0 });
    },
    RUN_TIMEOUT_MS + 10_000,
  );

  it(
    'a skip without a reason fails the run, which names it, and summary.json counts it',
    async () => {
      const run = await runSkips(true);
      expect(run.code, run.output.slice(-4000)).toBe(1);
      expect(run.output).toMatch(/1 test\(s\) skipped without a written reason — this fails the run/);
      expect(run.output).toMatch(
        /\[scenarios\] .*tests\/harness\/skip-reasons\/skips\.spec\.ts > skips > is skipped without a reason/,
      );
      expect(run.output, 'no test failed: the skip alone fails the run').toMatch(/Tests\s+1 passed \| 2 skipped \(3\)/);
      const summary = RunSummary.parse(JSON.parse(readFileSync(join(run.out, 'summary.json'), 'utf8')));
      expect(summary.tests).toEqual({ passed: 1, failed: 0, skipped: 2, skippedWithoutReason: 1 });
    },
    RUN_TIMEOUT_MS + 10_000,
  );
});

describe("a scenario's needs", () => {
  it(
    'a missing need skips every test of its scenario with the reason and runs none of its set-up; held needs run it',
    async () => {
      const run = await runSkips(false, 'needs');
      expect(
        run.code,
        'no set-up, tear-down or test of the missing scenario ran (each throws)\n' + run.output.slice(-4000),
      ).toBe(0);

      const summary = RunSummary.parse(JSON.parse(readFileSync(join(run.out, 'summary.json'), 'utf8')));
      expect(summary.tests).toEqual({ passed: 1, failed: 0, skipped: 3, skippedWithoutReason: 0 });
      for (const name of [
        'is skipped, directly in the scenario',
        'is skipped, nested',
        'is skipped where its own need is missing',
      ]) {
        const result = allureResult(run.out, name);
        expect([result.status, result.steps[0]?.name], `the Allure result of "${name}"`).toEqual([
          'skipped',
          `skipped: ${MISSING_NEED}`,
        ]);
      }
      expect(existsSync(join(run.out, TORN_DOWN)), 'the applying scenario was torn down').toBe(true);
    },
    RUN_TIMEOUT_MS + 10_000,
  );
});

describe('the devnet-only scenarios on the testnet target', () => {
  it(
    'skip every test with its reason and start nothing: the example profile, made-up secrets, no chain to reach',
    async () => {
      const run = await runSkips(false, 'skips', {
        SKIP_REASONS_INCLUDE: 'scenarios/faults/*.spec.ts,scenarios/rejections/funder-cannot-pay.spec.ts',
        E2E_TARGET: 'testnet',
        E2E_PROFILE: 'profiles/testnet.example.toml',
        // Of the right shape only: a set-up that ran would fail on them, as nothing answers there.
        E2E_TESTNET_RPC_URL: 'https://rpc.example.test/v2/made-up',
        E2E_TESTNET_FUNDER_KEY: `0x${'3c'.repeat(32)}`,
        E2E_TESTNET_CLIENT_ETHEREUM_URL: 'wss://rpc.example.test/ws/made-up',
      });
      expect(run.code, run.output.slice(-4000)).toBe(0);
      const summary = RunSummary.parse(JSON.parse(readFileSync(join(run.out, 'summary.json'), 'utf8')));
      expect(summary.tests.skipped, 'every test of those files skipped').toBeGreaterThanOrEqual(40);
      expect(summary.tests).toEqual({ passed: 0, failed: 0, skipped: summary.tests.skipped, skippedWithoutReason: 0 });
    },
    RUN_TIMEOUT_MS + 10_000,
  );
});
