// The configuration of the run that fails on purpose (tests/funds/failing-run.test.ts starts it as a vitest of its
// own): its reports go to the directory the parent names, so that they can be searched for secrets, and never into
// the repository's reports/, where its deliberate failure would show up in the nightly report.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { RUN_ENV, RUN_FILES } from './shared';

const out = process.env[RUN_ENV.out];
if (!out)
  throw new Error(
    `${RUN_ENV.out} must name the directory for this run's reports (set by tests/funds/failing-run.test.ts)`,
  );

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    include: ['tests/funds/failing-run/run.spec.ts'],
    reporters: [
      'default',
      ['junit', { outputFile: join(out, RUN_FILES.reports, 'junit.xml') }],
      ['allure-vitest/reporter', { resultsDir: join(out, RUN_FILES.reports, 'allure-results') }],
    ],
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
