// `npm run explore`'s vitest config: the project's own scenarios project (its global setup starts the devnet, or
// reaches the testnet), running only the exploration (scripts/explore.spec.ts), outputs under reports/explore/.
import { defineConfig } from 'vitest/config';
// With its extension: vite's native configuration loader (its future default) resolves nothing else.
import base from '../vitest.config.ts';

const scenarios = base.test!.projects!.find(
  (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'scenarios',
) as { test: object };

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    reporters: [
      'default',
      ['allure-vitest/reporter', { resultsDir: 'reports/explore/allure-results', reportMatchers: false }],
    ],
    projects: [{ test: { ...scenarios.test, name: 'explore', include: ['scripts/explore.spec.ts'], maxWorkers: 1 } }],
  },
});
