// A run split into shards, as the nightly workflow runs it on separate runners: two real `npm run e2e -- --shard i/2`
// runs of a small selection of scenarios (each on a devnet of its own, side by side), then `npm run report`, which
// merges them into one JUnit XML, one reports/summary.json, one Allure report and one history entry; and the same
// report refused once a shard is missing. Everything goes to a directory of this test's own (`--reports`), never to
// the repository's reports/.
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runNestedE2e, type NestedE2eRun } from '../../fixtures/faults/nested-e2e';
import { parseJunit } from '../../fixtures/run/junit-merge';
import { runOutputs } from '../../fixtures/run/run-outputs';
import { isRunLevelResult } from '../../fixtures/run/run-level-results';
import { RunSummary } from '../../fixtures/run/run-summary';
import { readShardManifest, shardOutputDir } from '../../fixtures/run/shards';

/** Two short scenario files: shards 1/2 and 2/2 take one each. */
const SELECTION = ['scenarios/rejections/deposit-eligibility.spec.ts', 'scenarios/rejections/fee-balance.spec.ts'];
/**
 * The trends history beside the shards records deposit-eligibility as the longer file, so the split by recorded
 * durations gives it to shard 1 — where vitest's split by file count (a hash of the path) puts fee-balance.
 */
const RECORDED_MS = { [SELECTION[0]!]: 40_000, [SELECTION[1]!]: 10_000 };
/** One shard: its devnet's start, its scenario file (10-40 s on a loaded 2-core machine), its teardown. */
const SHARD_TIMEOUT_MS = 6 * 60_000;
/** Merging and generating the Allure report. */
const REPORT_TIMEOUT_MS = 2 * 60_000;

type Labelled = Parameters<typeof isRunLevelResult>[0];

const reports = mkdtempSync(join(tmpdir(), 'shards-'));
const shardDir = (index: number) => shardOutputDir({ index, count: 2 }, reports);
let shards: NestedE2eRun[];
let report: NestedE2eRun;

beforeAll(
  async () => {
    writeFileSync(
      join(reports, 'trends-history.jsonl'),
      `${JSON.stringify({
        schema: 1,
        startedAt: '2026-11-01T00:00:00.000Z',
        finishedAt: '2026-11-01T00:01:00.000Z',
        target: 'devnet',
        harnessCommit: 'x',
        tests: { passed: 0, failed: 0, broken: 0, skipped: 0 },
        latencyMs: {},
        gasUsed: {},
        fundsSpentWei: null,
        leftOnL2Lines: null,
        stranded: null,
        requestsPerWaitingHour: null,
        verdicts: {},
        flakyWithinRun: [],
        durationsMs: Object.fromEntries(
          Object.entries(RECORDED_MS).map(([file, ms]) => [`scenarios:${file}#Planted test`, ms]),
        ),
      })}\n`,
    );
    shards = await Promise.all(
      [1, 2].map((index) =>
        runNestedE2e({
          args: ['--shard', `${index}/2`, '--reports', reports, ...SELECTION],
          timeoutMs: SHARD_TIMEOUT_MS,
        }),
      ),
    );
    report = await runNestedE2e({
      script: 'scripts/report.ts',
      args: ['--reports', reports],
      timeoutMs: REPORT_TIMEOUT_MS,
    });
  },
  2 * SHARD_TIMEOUT_MS + REPORT_TIMEOUT_MS,
);

describe('npm run e2e -- --shard i/n, then npm run report', () => {
  it('each shard runs its own part of the selection and keeps its outputs, and a manifest, in reports/shards/<i>-of-<n>/', () => {
    for (const [i, run] of shards.entries()) {
      expect(run.code, run.output.slice(-4000)).toBe(0);
      const outputs = runOutputs(shardDir(i + 1));
      for (const path of [outputs.junit, outputs.summary, join(outputs.allureResults, 'environment.properties')])
        expect(existsSync(path), path).toBe(true);
      expect(readShardManifest(outputs.dir)).toMatchObject({
        shard: { index: i + 1, count: 2 },
        selection: { paths: SELECTION },
        exitCode: 0,
      });
      expect(run.output, 'a shard leaves the report to npm run report').toContain(`results in ${outputs.dir}`);
    }
    const suites = [1, 2].map((index) =>
      parseJunit(readFileSync(runOutputs(shardDir(index)).junit, 'utf8'), `shard ${index}`),
    );
    const names = suites.map((suite) => [...suite.suites.matchAll(/<testsuite name="([^"]+)"/g)].map((m) => m[1]));
    expect(names.flat().sort(), 'each file in exactly one shard').toEqual([...SELECTION].sort());
    expect(names, 'split by the recorded durations: the longer file in shard 1').toEqual([
      [SELECTION[0]],
      [SELECTION[1]],
    ]);
    for (const index of [1, 2])
      expect(readShardManifest(shardDir(index)).balance).toMatch(
        /^by the recorded durations of 2 files \([0-9a-f]{12}\)$/,
      );
  });

  it('merges the shards into one JUnit XML and one summary whose counts are the sums of the shards’', () => {
    expect(report.code, report.output.slice(-4000)).toBe(0);
    const own = [1, 2].map((index) => ({
      junit: parseJunit(readFileSync(runOutputs(shardDir(index)).junit, 'utf8'), `shard ${index}`),
      summary: RunSummary.parse(JSON.parse(readFileSync(runOutputs(shardDir(index)).summary, 'utf8'))),
    }));
    const merged = runOutputs(reports);
    const junit = parseJunit(readFileSync(merged.junit, 'utf8'), 'merged');
    expect(junit.suiteCount).toBe(2);
    for (const key of ['tests', 'failures', 'errors', 'skipped'] as const)
      expect(junit.totals[key], key).toBe(own[0]!.junit.totals[key] + own[1]!.junit.totals[key]);
    for (const shard of own) expect(junit.suites).toContain(shard.junit.suites);
    expect(junit.totals.tests).toBeGreaterThan(0);

    const summary = RunSummary.parse(JSON.parse(readFileSync(merged.summary, 'utf8')));
    expect(summary.target).toBe('devnet');
    expect(summary.tests).toEqual({
      passed: own[0]!.summary.tests.passed + own[1]!.summary.tests.passed,
      failed: own[0]!.summary.tests.failed + own[1]!.summary.tests.failed,
      skipped: own[0]!.summary.tests.skipped + own[1]!.summary.tests.skipped,
      skippedWithoutReason: own[0]!.summary.tests.skippedWithoutReason + own[1]!.summary.tests.skippedWithoutReason,
      notChecked: [...(own[0]!.summary.tests.notChecked ?? []), ...(own[1]!.summary.tests.notChecked ?? [])],
      // The planted history holds no whole run: no baseline, so no file of the promotion lane.
      candidates: [],
    });
    expect(summary.tests.passed + summary.tests.failed + summary.tests.skipped).toBe(junit.totals.tests);
    expect(summary.funds.leftOnL2).toEqual([...own[0]!.summary.funds.leftOnL2, ...own[1]!.summary.funds.leftOnL2]);
    expect(summary.funds.strandedOnPurpose).toBe(
      own[0]!.summary.funds.strandedOnPurpose + own[1]!.summary.funds.strandedOnPurpose,
    );
    expect(summary.teardown.problems).toEqual([
      ...own[0]!.summary.teardown.problems,
      ...own[1]!.summary.teardown.problems,
    ]);
  });

  it('writes one Allure report of every shard’s tests and one history entry for the whole run', () => {
    expect(existsSync(join(reports, 'allure-report', 'index.html'))).toBe(true);
    const history = readFileSync(join(reports, 'history.jsonl'), 'utf8').trim().split('\n');
    expect(history).toHaveLength(1);
    const allure = JSON.parse(readFileSync(join(reports, 'allure-report', 'summary.json'), 'utf8')) as {
      stats: { total: number };
    };
    const junit = parseJunit(readFileSync(runOutputs(reports).junit, 'utf8'), 'merged');
    // The run's own results (a failed teardown, a privacy finding such as the plume build's known defect) are in the
    // report beside the tests, and in no shard's JUnit.
    const allureResults = runOutputs(reports).allureResults;
    // Each shard writes its own; Allure shows one per history id (the others as its retries).
    const runLevel = readdirSync(allureResults)
      .filter((name) => name.endsWith('-result.json'))
      .map((name) => JSON.parse(readFileSync(join(allureResults, name), 'utf8')) as Labelled & { historyId?: string })
      .filter(isRunLevelResult);
    expect(allure.stats.total).toBe(junit.totals.tests + new Set(runLevel.map((result) => result.historyId)).size);
  });

  it(
    'refuses the set once a shard is missing, naming it, and merges nothing',
    async () => {
      renameSync(shardDir(2), join(reports, 'shard-2-elsewhere'));
      const refused = await runNestedE2e({
        script: 'scripts/report.ts',
        args: ['--reports', reports],
        timeoutMs: REPORT_TIMEOUT_MS,
      });
      expect(refused.code, refused.output).toBe(2);
      expect(refused.output).toContain('the set is incomplete: 2-of-2 missing (1 of 2 shards present)');
      expect(
        readFileSync(join(reports, 'history.jsonl'), 'utf8').trim().split('\n'),
        'no second history entry',
      ).toHaveLength(1);
    },
    REPORT_TIMEOUT_MS + 30_000,
  );
});
