// The last step of `npm run e2e` and `npm run report` on a planted reports directory: the exit status the command
// ends with, reports/quarantine.json and summary.json's `tests.notChecked`.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runGateStep } from './run-gate-step';

let reports: string;
beforeEach(() => { reports = mkdtempSync(join(tmpdir(), 'gate-step-')); });
afterEach(() => rmSync(reports, { recursive: true, force: true }));

function plantRun(tests: { fullName: string; status: string; steps?: unknown[] }[]): { resultsDir: string; summaryPath: string } {
  const resultsDir = join(reports, 'allure-results');
  mkdirSync(resultsDir, { recursive: true });
  tests.forEach((test, i) => writeFileSync(join(resultsDir, `${i}-result.json`), JSON.stringify({ name: 't', labels: [], steps: [], ...test })));
  const summaryPath = join(reports, 'summary.json');
  writeFileSync(summaryPath, JSON.stringify({ target: 'devnet', clientBuild: 'plume', contracts: 'plume', tests: { passed: 1, failed: 0, skipped: 1, skippedWithoutReason: 0 }, funds: { leftOnL2: [] } }));
  return { resultsDir, summaryPath };
}

describe('the gate step of npm run e2e', () => {
  it('exits 3 on a planted scenario that skipped where it applies, and writes quarantine.json and tests.notChecked', async () => {
    const run = plantRun([
      { fullName: 'scenarios:scenarios/round-trip/stablecoin.spec.ts#Round trip Alice deposits', status: 'passed', steps: [{ name: 'not checked: the salt — why not', status: 'skipped' }] },
      { fullName: 'scenarios:scenarios/round-trip/stablecoin.spec.ts#Round trip Bob withdraws', status: 'skipped' },
    ]);
    const gate = await runGateStep({ ...run, reportsDir: reports, vitestStatus: 0, narrowed: false });
    expect(gate.exitCode).toBe(3);
    expect(gate.gateProblems).toEqual([expect.stringContaining('unexpected skip: scenarios/round-trip/stablecoin.spec.ts#Round trip Bob withdraws')]);
    expect(JSON.parse(readFileSync(join(reports, 'quarantine.json'), 'utf8'))).toEqual({ quarantined: [] });
    expect((JSON.parse(readFileSync(run.summaryPath, 'utf8')) as { tests: { notChecked: unknown } }).tests.notChecked).toEqual([
      { test: 'scenarios/round-trip/stablecoin.spec.ts#Round trip Alice deposits', step: 'the salt — why not' },
    ]);
  });

  it('takes the skip a scenario declares for this run (a devnet-only fault on the testnet) as expected', async () => {
    const run = plantRun([{ fullName: 'scenarios:scenarios/faults/proposer-outage.spec.ts#Proposer outage x', status: 'skipped' }]);
    writeFileSync(run.summaryPath, JSON.stringify({ ...JSON.parse(readFileSync(run.summaryPath, 'utf8')), target: 'testnet' }));
    expect((await runGateStep({ ...run, reportsDir: reports, vitestStatus: 0, narrowed: false })).exitCode).toBe(0);
  });
});
