// What `npm run soak` writes to reports/soak.json, and how it gets there from vitest's JSON reports: one entry per
// run of the devnet suite (passed, seconds, the tests that failed, how many tests it skipped), the commit and the date
// the soak ran at, and for each test that ever failed, how often. A flake is a test that fails in some runs and not in others; the per-test counts say which one to look into.
import { z } from 'zod';

export const SOAK_REPORT_PATH = 'reports/soak.json';

/** The part of vitest's JSON report (`--reporter=json`) the soak reads. */
export const VitestJsonReport = z.object({
  testResults: z.array(
    z.object({
      /** The test file's absolute path. */
      name: z.string(),
      /** `failed` also when the file failed outside any test (a hook, an import). */
      status: z.string(),
      message: z.string().optional(),
      assertionResults: z.array(
        z.object({
          fullName: z.string(),
          status: z.enum(['passed', 'failed', 'skipped', 'pending', 'todo', 'disabled']),
        }),
      ),
    }),
  ),
});
export type VitestJsonReport = z.infer<typeof VitestJsonReport>;

export const SoakRun = z.object({
  /** The suite's exit status was 0. */
  passed: z.boolean(),
  seconds: z.number().nonnegative(),
  /** "<file relative to the repository> > <test's full name>", or "<file> (outside any test)" for a file that failed in a hook. */
  failedTests: z.array(z.string()),
  /** Tests the run did not run (skipped, todo, disabled): a run that skipped its way to green is no evidence. */
  skippedTests: z.number().int().nonnegative(),
  /** The suite's exit status (null when it was killed by a signal). */
  exitCode: z.number().int().nullable(),
});
export type SoakRun = z.infer<typeof SoakRun>;

/** Which code the soak ran and when: the evidence is about one commit, not about the repository in general. */
export const SoakProvenance = z.object({
  /** The commit's full hash. */
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  /** When the soak started (ISO 8601, UTC). */
  date: z.string().datetime(),
});
export type SoakProvenance = z.infer<typeof SoakProvenance>;

export const SoakReport = SoakProvenance.extend({
  runs: z.array(SoakRun),
  /** Passed runs out of all runs. */
  passedRuns: z.number().int().nonnegative(),
  /** Each test that failed at least once, with the number of runs it failed in; most failures first. */
  failureCounts: z.array(z.object({ test: z.string(), failures: z.number().int().positive() })),
});
export type SoakReport = z.infer<typeof SoakReport>;

/**
 * The failed tests of one run, by name. A file that failed with no failed test in it (a hook or an import threw) counts
 * as one failure of its own, so that a run is never red with nothing to show for it.
 */
export function failedTestsOf(report: VitestJsonReport, root: string): string[] {
  const failed: string[] = [];
  for (const file of report.testResults) {
    const name = relativeTo(file.name, root);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${name} > ${test.fullName}`);
    if (tests.length === 0 && file.status === 'failed') failed.push(`${name} (outside any test)`);
    failed.push(...tests);
  }
  return failed;
}

/** How many tests of one run did not run: vitest's skipped, pending, todo and disabled. */
export function skippedTestsOf(report: VitestJsonReport): number {
  return report.testResults
    .flatMap((file) => file.assertionResults)
    .filter((test) => test.status !== 'passed' && test.status !== 'failed').length;
}

/**
 * One run's entry. A run passed when the suite exited 0; a non-zero exit with no report (the suite never got as far as
 * writing one: global setup failed, or the process was killed) is a failure named after the run itself.
 */
export function soakRun(
  outcome: {
    exitCode: number | null;
    seconds: number;
    report: VitestJsonReport | undefined;
    gateProblems?: readonly string[];
  },
  root: string,
): SoakRun {
  const failedTests = [...(outcome.report ? failedTestsOf(outcome.report, root) : []), ...(outcome.gateProblems ?? [])];
  const passed = outcome.exitCode === 0;
  if (!passed && failedTests.length === 0)
    failedTests.push(outcome.report ? '(the suite failed outside any test file)' : '(the suite wrote no report)');
  const skippedTests = outcome.report ? skippedTestsOf(outcome.report) : 0;
  return SoakRun.parse({
    passed,
    seconds: Math.round(outcome.seconds * 10) / 10,
    failedTests,
    skippedTests,
    exitCode: outcome.exitCode,
  });
}

export function aggregateSoak(provenance: SoakProvenance, runs: readonly SoakRun[]): SoakReport {
  const counts = new Map<string, number>();
  for (const run of runs) {
    // A test counts once per run, however its name repeats (it.each rows with the same name).
    for (const test of new Set(run.failedTests)) counts.set(test, (counts.get(test) ?? 0) + 1);
  }
  const failureCounts = [...counts]
    .map(([test, failures]) => ({ test, failures }))
    .sort((a, b) => b.failures - a.failures || a.test.localeCompare(b.test));
  return SoakReport.parse({ ...provenance, runs, passedRuns: runs.filter((run) => run.passed).length, failureCounts });
}

/** The line `npm run soak` ends with: "soak: k/N runs passed", then the tests that failed, most often first. */
export function formatSoak(report: SoakReport): string {
  const skipped = report.runs.map((run) => run.skippedTests).join(', ');
  const lines = [
    `soak of ${report.commit.slice(0, 12)} at ${report.date}: ${report.passedRuns}/${report.runs.length} runs passed, skipped per run: ${skipped}`,
  ];
  for (const { test, failures } of report.failureCounts)
    lines.push(`  failed in ${failures}/${report.runs.length}: ${test}`);
  return lines.join('\n');
}

function relativeTo(path: string, root: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
