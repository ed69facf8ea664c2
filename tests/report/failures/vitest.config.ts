// The configuration of the small run tests/report/failure-report.test.ts starts as a vitest of its own: the
// repository's setup files and Allure reporter settings (vitest.config.ts), results written where the parent says.
// Never part of any suite (its spec is a .spec.ts under tests/).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const out = process.env.FAILURE_REPORT_OUT;
if (!out)
  throw new Error(
    "FAILURE_REPORT_OUT must name the directory for this run's results (set by tests/report/failure-report.test.ts)",
  );

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    reporters: [
      'default',
      ['allure-vitest/reporter', { resultsDir: join(out, 'allure-results'), reportMatchers: false }],
    ],
    setupFiles: ['fixtures/report/bigint-json.setup.ts', 'fixtures/report/report.setup.ts'],
    include: ['tests/report/failures/failing.spec.ts'],
  },
});
