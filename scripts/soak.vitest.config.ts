// The soak's vitest config: the project's own (vitest.config.ts) with the soak's reporters, each run's outputs under
// the directory the soak hands over (fixtures/report/run-handoff.ts): the harness's console (a line per test; a failed test's
// attachments, its clients' logs among them, as files in failures/), vitest's JSON record (what scripts/soak.ts reads)
// and JUnit XML, the Allure results (which also give the console each failed test's step and attachments) and the run
// summary.
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
// With its extension: vite's native configuration loader (its future default) resolves nothing else.
import base from '../vitest.config.ts';
import { runHandoff } from '../fixtures/report/run-handoff.ts';

const runDir = runHandoff().soakRunDir ?? 'reports/soak/run';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    reporters: [
      ['./fixtures/console/reporter.ts', { failuresDir: join(runDir, 'failures') }],
      ['json', { outputFile: `${runDir}.json` }],
      // Each file's whole duration, hooks included (the JSON report spans a file's tests only): the suite's wall time
      // against its longest file, run by run.
      ['junit', { outputFile: `${runDir}.junit.xml` }],
      ['allure-vitest/reporter', { resultsDir: join(runDir, 'allure-results'), reportMatchers: false }],
      ['./fixtures/run/summary-reporter.ts', { allureResultsDir: join(runDir, 'allure-results') }],
    ],
  },
});
