import { describe, expect, it } from 'vitest';
import {
  aggregateSoak,
  failedTestsOf,
  formatSoak,
  SoakReport,
  soakRun,
  skippedTestsOf,
  VitestJsonReport,
} from './soak-report';

const ROOT = '/repo';
const PROVENANCE = { commit: 'fb5a109' + '0'.repeat(33), date: '2026-11-28T02:17:00.000Z' };

function report(
  files: Record<string, Record<string, 'passed' | 'failed' | 'skipped'>>,
  failedOutsideTests: string[] = [],
): VitestJsonReport {
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
    const failed = failedTestsOf(
      report({
        'scenarios/a.spec.ts': { 'round trip deposits': 'passed', 'round trip transfers': 'failed' },
        'scenarios/b.spec.ts': { 'rule one': 'skipped', 'rule two': 'failed' },
      }),
      ROOT,
    );
    expect(failed).toEqual(['scenarios/a.spec.ts > round trip transfers', 'scenarios/b.spec.ts > rule two']);
  });

  it('counts a file that failed outside its tests (a hook threw) as a failure of its own', () => {
    const failed = failedTestsOf(
      report({ 'scenarios/a.spec.ts': { deposits: 'skipped' } }, ['scenarios/a.spec.ts']),
      ROOT,
    );
    expect(failed).toEqual(['scenarios/a.spec.ts (outside any test)']);
  });

  it('takes a run as passed only when the suite exited 0, and names a red run that wrote no report', () => {
    expect(
      soakRun({ exitCode: 0, seconds: 61.26, report: report({ 'scenarios/a.spec.ts': { x: 'passed' } }) }, ROOT),
    ).toEqual({ passed: true, seconds: 61.3, failedTests: [], skippedTests: 0, exitCode: 0 });
    expect(soakRun({ exitCode: 1, seconds: 5, report: undefined }, ROOT)).toEqual({
      passed: false,
      seconds: 5,
      failedTests: ['(the suite wrote no report)'],
      skippedTests: 0,
      exitCode: 1,
    });
    expect(
      soakRun({ exitCode: 1, seconds: 5, report: report({ 'scenarios/a.spec.ts': { x: 'passed' } }) }, ROOT)
        .failedTests,
    ).toEqual(['(the suite failed outside any test file)']);
  });

  it("takes a run whose gate failed (an unexpected skip: exit 3) as failed, naming the gate's problem", () => {
    expect(
      soakRun(
        {
          exitCode: 3,
          seconds: 5,
          report: report({ 'scenarios/a.spec.ts': { x: 'skipped' } }),
          gateProblems: ['unexpected skip: scenarios/a.spec.ts#x'],
        },
        ROOT,
      ),
    ).toEqual({
      passed: false,
      seconds: 5,
      failedTests: ['unexpected skip: scenarios/a.spec.ts#x'],
      skippedTests: 1,
      exitCode: 3,
    });
  });

  it('counts per test the runs it failed in, most failures first, and the passed runs', () => {
    const runs = [
      { passed: false, seconds: 100, failedTests: ['f > flaky', 'f > broken'], skippedTests: 0, exitCode: 1 },
      { passed: true, seconds: 90, failedTests: [], skippedTests: 2, exitCode: 0 },
      { passed: false, seconds: 95, failedTests: ['f > broken', 'f > broken'], skippedTests: 0, exitCode: 1 },
    ];
    const soak = aggregateSoak(PROVENANCE, runs);
    expect(soak.passedRuns).toBe(1);
    expect(soak.failureCounts).toEqual([
      { test: 'f > broken', failures: 2 },
      { test: 'f > flaky', failures: 1 },
    ]);
    expect(SoakReport.parse(JSON.parse(JSON.stringify(soak)))).toEqual(soak);
    expect(formatSoak(soak)).toBe(
      'soak of fb5a10900000 at 2026-11-28T02:17:00.000Z: 1/3 runs passed, skipped per run: 0, 2, 0\n' +
        '  failed in 2/3: f > broken\n  failed in 1/3: f > flaky',
    );
  });

  it('says N/N and lists nothing when every run passed', () => {
    const soak = aggregateSoak(PROVENANCE, [
      { passed: true, seconds: 1, failedTests: [], skippedTests: 0, exitCode: 0 },
      { passed: true, seconds: 2, failedTests: [], skippedTests: 0, exitCode: 0 },
    ]);
    expect(formatSoak(soak)).toBe(
      'soak of fb5a10900000 at 2026-11-28T02:17:00.000Z: 2/2 runs passed, skipped per run: 0, 0',
    );
    expect(soak.failureCounts).toEqual([]);
  });

  it('counts per run the tests it did not run, so that a green run that skipped its way there shows', () => {
    const run = report({
      'scenarios/a.spec.ts': { x: 'passed', y: 'skipped' },
      'scenarios/b.spec.ts': { z: 'skipped', w: 'failed' },
    });
    expect(skippedTestsOf(run)).toBe(2);
    expect(soakRun({ exitCode: 1, seconds: 3, report: run }, ROOT).skippedTests).toBe(2);
  });

  it('carries the commit and the date it ran, and refuses a report without them', () => {
    const soak = aggregateSoak(PROVENANCE, []);
    expect(JSON.parse(JSON.stringify(soak))).toMatchObject(PROVENANCE);
    expect(() => aggregateSoak({ commit: 'HEAD', date: PROVENANCE.date }, [])).toThrow(/commit/);
    expect(() => aggregateSoak({ commit: PROVENANCE.commit, date: 'last night' }, [])).toThrow(/date/);
    expect(() => SoakReport.parse({ runs: [], passedRuns: 0, failureCounts: [] })).toThrow(/commit/);
  });
});
