// `npm run report`: one report for a run split into shards (`npm run e2e -- --shard i/n` on as many machines). Reads
// every shard under reports/shards/, refuses a set that is not one whole run (a shard missing, shards of different
// targets, client builds or images, contract generations, harness commits or scenario selections: it says which),
// then writes what a run that was not split writes: reports/junit.xml, reports/summary.json, reports/allure-results and
// the Allure report reports/allure-report/index.html, with one entry for the whole run in reports/history.jsonl.
//
// Exit status: 0 when the merged run passed (known failures included); 1 when it failed (a shard exited non-zero, a
// test failed that no known failure explains, a skip gave no reason, the teardown failed) or the report could not be
// generated; 2 when nothing was merged; 3 when the run's gate failed (docs/gates.md).
// `-- --reports <dir>` reads <dir>/shards and writes under <dir> instead of reports/.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { recordRunAndWriteTrends } from '../fixtures/report/trends';
import { AllureMergeError } from '../fixtures/run/allure-merge';
import { generateAllureReport } from '../fixtures/run/allure-report';
import { JunitMergeError } from '../fixtures/run/junit-merge';
import { REPORTS_ROOT } from '../fixtures/run/run-outputs';
import { mergeShards, type MergedRun } from '../fixtures/run/shard-merge';
import { ShardMergeRefused } from '../fixtures/run/shard-set';
import { shardsDir } from '../fixtures/run/shards';
import { SummaryMergeError } from '../fixtures/run/summary-merge';
import { TestCounts } from '../fixtures/run/run-summary';
import { TeardownVerdict } from '../fixtures/run/teardown-verdict';
import { latencyBoundExceeded, RunLatency } from '../fixtures/run/latency-counts';
import { runGateStep } from './run-gate-step';

/** Exit status when nothing was merged. */
const NOT_MERGED = 2;

const { values } = parseArgs({ options: { reports: { type: 'string', default: REPORTS_ROOT } } });
const root = values.reports;

let merged: MergedRun;
try {
  merged = mergeShards(shardsDir(root), root);
} catch (error) {
  if (error instanceof ShardMergeRefused) {
    console.error(error.message);
    process.exit(NOT_MERGED);
  }
  if (error instanceof SummaryMergeError || error instanceof JunitMergeError || error instanceof AllureMergeError) {
    console.error(`npm run report: the shards under ${shardsDir(root)} could not be merged: ${error.message}`);
    process.exit(NOT_MERGED);
  }
  throw error;
}

const tests = TestCounts.parse(merged.summary.tests);
const teardown = TeardownVerdict.parse(merged.summary.teardown);
// Shards written before summary.json had `latency` merge without it.
const latency = merged.summary.latency === undefined ? undefined : RunLatency.parse(merged.summary.latency);
console.log(
  `npm run report: ${merged.shards.length} shards of one ${merged.summary.target} run merged ` +
    `(${merged.summary.clientBuild} client, ${merged.summary.contracts}-era contracts): ` +
    `${tests.passed} passed, ${tests.failed} failed, ${tests.skipped} skipped; teardown ${teardown.failed ? 'FAILED' : 'clean'}`,
);
console.log(
  `  JUnit XML: ${merged.outputs.junit} (${merged.junit.tests} tests, ${merged.junit.failures} failures, ${merged.junit.errors} errors)`,
);
console.log(`  summary:   ${merged.outputs.summary}`);

// The run's gate on the merged results (scripts/run-gate-step.ts), before the report shows its known issues.
const narrowed = merged.shards.some(
  (shard) => shard.manifest.selection.paths.length > 0 || shard.manifest.selection.only !== undefined,
);
const gate = await runGateStep({
  resultsDir: merged.outputs.allureResults,
  summaryPath: merged.outputs.summary,
  reportsDir: root,
  trendsHistoryPath: join(root, 'trends-history.jsonl'),
  // A failed shard is a failed run; the gate's tolerance of known failures applies to the shards' tests alike.
  vitestStatus: merged.failedShards.length > 0 ? 1 : 0,
  narrowed,
});
const reportDir = join(root, 'allure-report');
const reportStatus = generateAllureReport({
  resultsDir: merged.outputs.allureResults,
  reportDir,
  historyPath: join(root, 'history.jsonl'),
  ...(gate.resolutions ? { resolutions: gate.resolutions } : {}),
});
if (reportStatus === 0) console.log(`report: ${join(reportDir, 'index.html')}`);
else console.error(`the Allure report could not be generated (see above); JUnit XML is in ${merged.outputs.junit}`);

// After the merged report is written: whatever reads the whole run goes here, once, before the verdict decides the
// exit status. The trends across nights get one entry for the whole run, as an unsplit run's.
recordRunAndWriteTrends({
  resultsDir: merged.outputs.allureResults,
  summaryPath: merged.outputs.summary,
  historyPath: join(root, 'trends-history.jsonl'),
  pagePath: join(root, 'trends.html'),
  wholeRun: !narrowed,
});

// The gate decides (0 green, 1 a test failed, 3 the gate failed); what it does not read fails the run as before.
const problems = [
  ...(tests.skippedWithoutReason > 0 ? [`${tests.skippedWithoutReason} test(s) skipped without a written reason`] : []),
  ...(teardown.failed ? [`the teardown failed (${teardown.problems.length} problem(s))`] : []),
  ...(latency && latencyBoundExceeded(latency) ? [`confirmations too slow: ${latencyBoundExceeded(latency)}`] : []),
  ...(reportStatus !== 0 ? ['the Allure report could not be generated'] : []),
];
if (problems.length > 0) console.error(`the run failed: ${problems.join('; ')}`);
process.exit(gate.exitCode !== 0 ? gate.exitCode : problems.length > 0 ? 1 : 0);
