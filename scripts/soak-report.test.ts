import { describe, expect, it } from 'vitest';
import { aggregateSoak, failedTestsOf, formatSoak, SoakReport, soakRun, VitestJsonReport } from './soak-report';

const ROOT = '/repo';

function report(files: Record<string, Record<string, 'passed' | 'failed' | 'skipped'>>, failedOutsideTests: string[] = []): VitestJsonReport {
  return VitestJsonReport.parse({
    testResults: Object.entries(files).map(([file, tests]) => ({
      name: `${ROOT}/${file}`,
      status: failedOutsideTests.includes(file) || Object.values(tests).includes('failed') ? 'failed' : 'passed',
      assertionResults: Object.entries(tests).map(([fullName, status]) => ({ fullName, status })),
    })),
  });
}

describe('the soak report', () => {
  it('names each failed test by its file relative to the repository and its full name, and nothing that passed or skipped', () => {
    const failed = failedTestsOf(report({
      'scenarios/a.spec.ts': { 'round trip deposits': 'passed', 'round trip transfers': 'failed' },
      'scenarios/b.spec.ts': { 'rule one': 'skipped', 'rule two': 'failed' },
    }), ROOT);
    expect(failed).toEqual(['scenarios/a.spec.ts > round trip transfers', 'scenarios/b.spec.ts > rule two']);
  });

  it('counts a file that failed outside its tests (a hook threw) as a failure of its own', () => {
    const failed = failedTestsOf(report({ 'scenarios/a.spec.ts': { 'deposits': 'skipped' } }, ['scenarios/a.spec.ts']), ROOT);
    expect(failed).toEqual(['scenarios/a.spec.ts (outside any test)']);
  });

  it('takes a run as passed only when the suite exited 0, and names a red run that wrote no report', () => {
    expect(soakRun({ exitCode: 0, seconds: 61.26, report: report({ 'scenarios/a.spec.ts': { x: 'passed' } }) }, ROOT))
      .toEqual({ passed: true, seconds: 61.3, failedTests: [], exitCode: 0 });
    expect(soakRun({ exitCode: 1, seconds: 5, report: undefined }, ROOT))
      .toEqual({ passed: false, seconds: 5, failedTests: ['(the suite wrote no report)'], exitCode: 1 });
    expect(soakRun({ exitCode: 1, seconds: 5, report: report({ 'scenarios/a.spec.ts': { x: 'passed' } }) }, ROOT).failedTests)
      .toEqual(['(the suite failed outside any test file)']);
  });

  it('takes a run whose gate failed (an unexpected skip: exit 3) as failed, naming the gate\'s problem', () => {
    expect(soakRun({ exitCode: 3, seconds: 5, report: report({ 'scenarios/a.spec.ts': { x: 'skipped' } }), gateProblems: ['unexpected skip: scenarios/a.spec.ts#x'] }, ROOT))
      .toEqual({ passed: false, seconds: 5, failedTests: ['unexpected skip: scenarios/a.spec.ts#x'], exitCode: 3 });
  });

  it('counts per test the runs it failed in, most failures first, and the passed runs', () => {
    const runs = [
      { passed: false, seconds: 100, failedTests: ['f > flaky', 'f > broken'], exitCode: 1 },
      { passed: true, seconds: 90, failedTests: [], exitCode: 0 },
      { passed: false, seconds: 95, failedTests: ['f > broken', 'f > broken'], exitCode: 1 },
    ];
    const soak = aggregateSoak(runs);
    expect(soak.passedRuns).toBe(1);
    expect(soak.failureCounts).toEqual([{ test: 'f > broken', failures: 2 }, { test: 'f > flaky', failures: 1 }]);
    expect(SoakReport.parse(JSON.parse(JSON.stringify(soak)))).toEqual(soak);
    expect(formatSoak(soak)).toBe('soak: 1/3 runs passed\n  failed in 2/3: f > broken\n  failed in 1/3: f > flaky');
  });

  it('says N/N and lists nothing when every run passed', () => {
    const soak = aggregateSoak([{ passed: true, seconds: 1, failedTests: [], exitCode: 0 }, { passed: true, seconds: 2, failedTests: [], exitCode: 0 }]);
    expect(formatSoak(soak)).toBe('soak: 2/2 runs passed');
    expect(soak.failureCounts).toEqual([]);
  });
});
