// The configuration of the small run tests/harness/skip-reasons.test.ts starts as a vitest of its own: a project named
// like the scenarios, the repository's reporters (JUnit, Allure, the summary reporter) writing into the directory the
// parent names, and a global setup that leaves run facts as the scenarios' global setup does, so that a summary is
// written. Never part of any suite (its file is a .spec.ts under tests/).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const out = process.env.SKIP_REASONS_OUT;
if (!out)
  throw new Error(
    "SKIP_REASONS_OUT must name the directory for this run's reports (set by tests/harness/skip-reasons.test.ts)",
  );

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    reporters: [
      'default',
      ['junit', { outputFile: join(out, 'junit.xml') }],
      ['allure-vitest/reporter', { resultsDir: join(out, 'allure-results') }],
      [
        './fixtures/run/summary-reporter.ts',
        {
          factsPath: join(out, 'run-facts.json'),
          summaryPath: join(out, 'summary.json'),
          recordsDir: join(out, 'teardown'),
          allureResultsDir: join(out, 'allure-results'),
        },
      ],
    ],
    projects: [
      {
        test: {
          name: 'scenarios',
          // skips.spec.ts unless the parent asks for another file of this folder (needs.spec.ts) or for scenario files
          // (SKIP_REASONS_INCLUDE, comma-separated globs).
          include: process.env.SKIP_REASONS_INCLUDE?.split(',') ?? [
            `tests/harness/skip-reasons/${process.env.SKIP_REASONS_SPEC ?? 'skips'}.spec.ts`,
          ],
          setupFiles: ['fixtures/report/bigint-json.setup.ts', 'fixtures/report/report.setup.ts'],
          globalSetup: ['tests/harness/skip-reasons/run-facts.setup.ts'],
        },
      },
    ],
  },
});
