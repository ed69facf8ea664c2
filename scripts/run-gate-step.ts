// The last step of `npm run e2e` and `npm run report`: the run's gate (fixtures/run/gate/run-gate.ts) on the run's
// Allure results and summary.json, before the run is recorded in the trends history. It writes reports/quarantine.json,
// adds `tests.notChecked` and `tests.candidates` to summary.json, prints its lines and returns the exit status (0, 1 or 3).
// The promotion lane's candidates come from the trends history of earlier runs (fixtures/report/trends/promotion.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHistory, type RunRecord } from '../fixtures/report/trends/history';
import { HandDecision, promotionCandidates } from '../fixtures/report/trends/promotion';
import { readKnownFailures } from '../fixtures/run/gate/known-failures';
import { readRanTests } from '../fixtures/run/gate/ran-tests';
import {
  describeGate,
  judgeRun,
  knownIssueResolutions,
  writeQuarantine,
  type GateVerdict,
} from '../fixtures/run/gate/run-gate';
import { PROMOTIONS } from '../scenarios/promotions';
import { WHERE_THEY_APPLY } from '../scenarios/where-they-apply';

export interface GateStep {
  readonly resultsDir: string;
  readonly summaryPath: string;
  /** Where quarantine.json goes (the reports directory). */
  readonly reportsDir: string;
  /**
   * The trends history the expected test count and the promotion lane's candidates come from; none (the soak's runs:
   * every file blocks) when undefined.
   */
  readonly trendsHistoryPath?: string;
  readonly vitestStatus: number | null;
  /** The run was narrowed to some files or tests: the expected test count does not apply. */
  readonly narrowed: boolean;
  /** The promotion lane's decisions taken by hand; scenarios/promotions.ts unless given. */
  readonly promotions?: readonly HandDecision[];
}

interface Configuration {
  target?: string;
  clientBuild?: string;
  contracts?: string;
}

/** The tests the last whole run of the same target and pairing reported; undefined when the history has none. */
function previousTestCount(history: readonly RunRecord[], run: Configuration): number | undefined {
  const same = history.filter(
    (record) =>
      record.target === run.target && record.clientBuild === run.clientBuild && record.contracts === run.contracts,
  );
  const last = same.at(-1);
  return last ? last.tests.passed + last.tests.failed + last.tests.broken + last.tests.skipped : undefined;
}

export interface GateOutcome {
  readonly exitCode: number;
  /** Why the gate failed (exit 3). */
  readonly gateProblems: readonly string[];
  /** The known failures as the report's known issues (fixtures/run/allure-report.ts). */
  readonly resolutions?: object;
}

/** summary.json `tests.candidates`: each candidate file of the run, its standing, and its tests that failed or skipped. */
function candidatesOfSummary(verdict: GateVerdict) {
  return verdict.candidates.map((candidate) => ({
    ...candidate,
    failed: verdict.candidateFailures
      .filter((failure) => failure.file === candidate.file)
      .map(({ test, problem }) => ({ test, problem })),
  }));
}

export async function runGateStep(step: GateStep): Promise<GateOutcome> {
  if (!existsSync(step.summaryPath) || !existsSync(step.resultsDir)) {
    console.error(`gate: no summary (${step.summaryPath}) or results: no scenario ran`);
    return { exitCode: step.vitestStatus || 1, gateProblems: [] };
  }
  const summary = JSON.parse(readFileSync(step.summaryPath, 'utf8')) as Configuration & {
    tests: Record<string, unknown>;
  };
  const history = step.trendsHistoryPath ? readHistory(step.trendsHistoryPath) : [];
  const files = readRanTests(step.resultsDir).map((test) => test.file);
  const verdict = await judgeRun({
    resultsDir: step.resultsDir,
    summary,
    manifest: WHERE_THEY_APPLY,
    knownFailures: readKnownFailures(),
    candidates: step.trendsHistoryPath
      ? promotionCandidates(history, summary, files, HandDecision.array().parse(step.promotions ?? PROMOTIONS))
      : [],
    ...(step.narrowed || !step.trendsHistoryPath ? {} : { minimumTests: previousTestCount(history, summary) }),
    vitestStatus: step.vitestStatus,
  });
  writeQuarantine(join(step.reportsDir, 'quarantine.json'), verdict);
  summary.tests = { ...summary.tests, notChecked: verdict.notChecked, candidates: candidatesOfSummary(verdict) };
  writeFileSync(step.summaryPath, `${JSON.stringify(summary, null, 2)}\n`, 'utf8');
  for (const line of describeGate(verdict)) (verdict.exitCode === 0 ? console.log : console.error)(line);
  const resolutions = knownIssueResolutions(verdict);
  return { exitCode: verdict.exitCode, gateProblems: verdict.gateProblems, ...(resolutions ? { resolutions } : {}) };
}
