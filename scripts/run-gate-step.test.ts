// The last step of `npm run e2e` and `npm run report` on a planted reports directory: the exit status the command
// ends with, reports/quarantine.json and summary.json's `tests.notChecked`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleRunRecord } from '../fixtures/report/trends/test-results';
import { runGateStep } from './run-gate-step';

let reports: string;
beforeEach(() => {
  reports = mkdtempSync(join(tmpdir(), 'gate-step-'));
});
afterEach(() => rmSync(reports, { recursive: true, force: true }));

function plantRun(tests: { fullName: string; status: string; steps?: unknown[] }[]): {
  resultsDir: string;
  summaryPath: string;
} {
  const resultsDir = join(reports, 'allure-results');
  mkdirSync(resultsDir, { recursive: true });
  tests.forEach((test, i) =>
    writeFileSync(join(resultsDir, `${i}-result.json`), JSON.stringify({ name: 't', labels: [], steps: [], ...test })),
  );
  const summaryPath = join(reports, 'summary.json');
  writeFileSync(
    summaryPath,
    JSON.stringify({
      target: 'devnet',
      clientBuild: 'plume',
      contracts: 'plume',
      tests: { passed: 1, failed: 0, skipped: 1, skippedWithoutReason: 0 },
      funds: { leftOnL2: [] },
    }),
  );
  return { resultsDir, summaryPath };
}

describe('the gate step of npm run e2e', () => {
  it('exits 3 on a planted scenario that skipped where it applies, and writes quarantine.json and tests.notChecked', async () => {
    const run = plantRun([
      {
        fullName: 'scenarios:scenarios/round-trip/stablecoin.spec.ts#Round trip Alice deposits',
        status: 'passed',
        steps: [{ name: 'not checked: the salt — why not', status: 'skipped' }],
      },
      { fullName: 'scenarios:scenarios/round-trip/stablecoin.spec.ts#Round trip Bob withdraws', status: 'skipped' },
    ]);
    const gate = await runGateStep({ ...run, reportsDir: reports, vitestStatus: 0, narrowed: false });
    expect(gate.exitCode).toBe(3);
    expect(gate.gateProblems).toEqual([
      expect.stringContaining('unexpected skip: scenarios/round-trip/stablecoin.spec.ts#Round trip Bob withdraws'),
    ]);
    expect(JSON.parse(readFileSync(join(reports, 'quarantine.json'), 'utf8'))).toEqual({ quarantined: [] });
    expect(
      (JSON.parse(readFileSync(run.summaryPath, 'utf8')) as { tests: { notChecked: unknown } }).tests.notChecked,
    ).toEqual([
      { test: 'scenarios/round-trip/stablecoin.spec.ts#Round trip Alice deposits', step: 'the salt — why not' },
    ]);
  });

  it('takes the skip a scenario declares for this run (a devnet-only fault on the testnet) as expected', async () => {
    const run = plantRun([
      { fullName: 'scenarios:scenarios/faults/proposer-outage.spec.ts#Proposer outage x', status: 'skipped' },
    ]);
    writeFileSync(
      run.summaryPath,
      JSON.stringify({ ...JSON.parse(readFileSync(run.summaryPath, 'utf8')), target: 'testnet' }),
    );
    expect((await runGateStep({ ...run, reportsDir: reports, vitestStatus: 0, narrowed: false })).exitCode).toBe(0);
  });
});

describe('the promotion lane, from the trends history of earlier runs', () => {
  const OLD = 'scenarios/round-trip/stablecoin.spec.ts';
  const NEW = 'scenarios/faults/planted-new.spec.ts';
  const CONFIGURATION = { target: 'devnet', clientBuild: 'plume', contracts: 'plume' } as const;

  /** A whole run without NEW (the baseline), then `green` whole runs in which NEW passed. */
  function plantHistory(green: number): string {
    const record = (day: number, files: string[]) =>
      sampleRunRecord({
        startedAt: new Date(Date.UTC(2026, 9, 1 + day)).toISOString(),
        ...CONFIGURATION,
        tests: { passed: files.length, failed: 0, broken: 0, skipped: 0 },
        wholeRun: true,
        verdicts: Object.fromEntries(files.map((file) => [`scenarios:${file}#Suite a test`, 'passed'])),
      });
    const path = join(reports, 'trends-history.jsonl');
    const runs = [record(0, [OLD]), ...Array.from({ length: green }, (_, i) => record(i + 1, [OLD, NEW]))];
    writeFileSync(path, runs.map((run) => JSON.stringify(run)).join('\n') + '\n');
    return path;
  }
  const failingIn = (file: string) =>
    plantRun([
      { fullName: `scenarios:${OLD}#Suite a test`, status: 'passed' },
      { fullName: `scenarios:${file}#Suite a test`, status: file === OLD ? 'failed' : 'passed' },
      ...(file === NEW ? [{ fullName: `scenarios:${NEW}#Suite another test`, status: 'failed' }] : []),
    ]);
  const summaryOf = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { tests: { candidates: unknown } };

  it("a new file's failure keeps the run green, listed in summary.json as a candidate's", async () => {
    const run = failingIn(NEW);
    const gate = await runGateStep({
      ...run,
      reportsDir: reports,
      trendsHistoryPath: plantHistory(3),
      vitestStatus: 1,
      narrowed: false,
    });
    expect(gate.exitCode).toBe(0);
    expect(summaryOf(run.summaryPath).tests.candidates).toEqual([
      {
        file: NEW,
        greenRuns: 3,
        needed: 20,
        why: 'new since the whole run of 2026-10-01T00:00:00.000Z',
        failed: [{ test: `${NEW}#Suite another test`, problem: 'failed' }],
      },
    ]);
  });

  it('a file with 20 green runs blocks: its failure exits 1', async () => {
    const run = failingIn(NEW);
    const gate = await runGateStep({
      ...run,
      reportsDir: reports,
      trendsHistoryPath: plantHistory(20),
      vitestStatus: 1,
      narrowed: false,
    });
    expect(gate.exitCode).toBe(1);
    expect(summaryOf(run.summaryPath).tests.candidates).toEqual([]);
  });

  it('a file demoted by hand is a candidate again: its failure keeps the run green', async () => {
    const demote = {
      file: OLD,
      decision: 'demote',
      since: '2026-11-01',
      owner: 'alice@example.org',
      reason: 'flaky since the new proposer',
    } as const;
    const history = plantHistory(20);
    const blocking = await runGateStep({
      ...failingIn(OLD),
      reportsDir: reports,
      trendsHistoryPath: history,
      vitestStatus: 1,
      narrowed: false,
    });
    expect(blocking.exitCode).toBe(1);
    const demoted = await runGateStep({
      ...failingIn(OLD),
      reportsDir: reports,
      trendsHistoryPath: history,
      vitestStatus: 1,
      narrowed: false,
      promotions: [demote],
    });
    expect(demoted.exitCode).toBe(0);
  });

  it('without a history (the soak) every file blocks', async () => {
    const gate = await runGateStep({ ...failingIn(NEW), reportsDir: reports, vitestStatus: 1, narrowed: false });
    expect(gate.exitCode).toBe(1);
  });
});
