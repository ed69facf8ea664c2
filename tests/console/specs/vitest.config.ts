// The configuration of the small run tests/console/reporter-on-specs.test.ts starts as a vitest of its own: the
// harness's console reporter and test-log setup, Allure results and failure files in the directory the parent names.
// Never part of any suite (its files are .spec.ts under tests/).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const out = process.env.CONSOLE_SPECS_OUT;
if (!out)
  throw new Error(
    "CONSOLE_SPECS_OUT must name the directory for this run's reports (set by tests/console/reporter-on-specs.test.ts)",
  );

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../../..', import.meta.url)),
    reporters: [
      ['./fixtures/console/reporter.ts', { failuresDir: join(out, 'failures') }],
      ['allure-vitest/reporter', { resultsDir: join(out, 'allure-results') }],
    ],
    projects: [
      {
        test: {
          name: 'scenarios',
          include: ['tests/console/specs/*.spec.ts'],
          setupFiles: ['fixtures/report/bigint-json.setup.ts', 'fixtures/log/test-log.setup.ts'],
        },
      },
    ],
  },
});
