// Allure 3 report of the scenarios: one self-contained index.html (opens from disk, no server), with the history of
// earlier runs kept in reports/history.jsonl (CI must keep that file between runs for trends).
import { defineConfig } from 'allure';

export default defineConfig({
  name: 'nightfall-e2e',
  output: './reports/allure-report',
  historyPath: './reports/history.jsonl',
  // A failed teardown (value left behind, a failed sweep, a container not removed) is its own failure class, apart from
  // the scenarios' verdicts: fixtures/run/teardown-allure.ts writes its result with this label.
  categories: [{ id: 'teardown', name: 'Teardown', matchers: { labels: { failureClass: '^teardown$' } } }],
  plugins: {
    awesome: {
      options: { singleFile: true, reportName: 'Nightfall 4 end-to-end', reportLanguage: 'en', groupBy: ['epic', 'feature', 'story'] },
    },
  },
});
