// `npm run bench` measures; it must not touch the reports of the run people read. Its vitest runs get a config of their
// own (scripts/bench.vitest.config.ts) whose every output lies under reports/bench/, and the bench checks before and
// after that the run's reports are byte for byte what they were.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/** The reports of the last `npm run e2e` (docs/commands.md; docs/report.md, "reports/summary.json"). */
export const RUN_REPORTS = [
  'reports/junit.xml',
  'reports/summary.json',
  'reports/history.jsonl',
  'reports/allure-results',
] as const;

export const BENCH_DIR = 'reports/bench';

/** Where one bench run writes everything: vitest's JSON and JUnit reports, summary.json, Allure results, timeline. */
export function benchRunPaths(runDir: string) {
  return {
    json: join(runDir, 'vitest.json'),
    junit: join(runDir, 'junit.xml'),
    summary: join(runDir, 'summary.json'),
    teardownRecords: join(runDir, '.teardown-records'),
    requestTallies: join(runDir, '.request-tallies'),
    allureResults: join(runDir, 'allure-results'),
    timeline: join(runDir, 'timeline.jsonl'),
  };
}

/** The bench run's reporters: none of the run's own (junit, allure-vitest) and every output under `runDir`. */
export function benchReporters(runDir: string): [string, Record<string, unknown>][] {
  const paths = benchRunPaths(runDir);
  return [
    ['json', { outputFile: paths.json }],
    ['junit', { outputFile: paths.junit }],
    [
      './fixtures/run/summary-reporter.ts',
      {
        summaryPath: paths.summary,
        recordsDir: paths.teardownRecords,
        talliesDir: paths.requestTallies,
        allureResultsDir: paths.allureResults,
      },
    ],
  ];
}

/** Whether `path` lies inside `dir` (both relative to the repository). */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) && !rel.includes(`..${sep}`);
}

/** What each of the run's reports is now: a hash of each file (every file of a directory), or absent. */
export function fingerprintReports(root = '.', reports: readonly string[] = RUN_REPORTS): Map<string, string> {
  const prints = new Map<string, string>();
  const visit = (path: string) => {
    const full = join(root, path);
    if (!existsSync(full)) return void prints.set(path, 'absent');
    if (statSync(full).isDirectory()) {
      const names = readdirSync(full).sort();
      prints.set(path, `directory of ${names.length}`);
      for (const name of names) visit(join(path, name));
      return;
    }
    prints.set(path, createHash('sha256').update(readFileSync(full)).digest('hex'));
  };
  for (const report of reports) visit(report);
  return prints;
}

/** The reports that differ between two fingerprints, in words; empty when none does. */
export function changedReports(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths.flatMap((path) => {
    const was = before.get(path) ?? 'absent';
    const is = after.get(path) ?? 'absent';
    if (was === is) return [];
    if (was === 'absent') return [`${path}: created`];
    if (is === 'absent') return [`${path}: removed`];
    return [`${path}: changed`];
  });
}
