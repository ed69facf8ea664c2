// `npm run mutation`: mutation testing of the modules that decide verdicts (run by the nightly workflow, not npm test).
// The machine running it may be shared: two test processes at most, and each mutant's run capped.
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    'fixtures/expectations/**/*.ts',
    'fixtures/waits/**/*.ts',
    'fixtures/event-webhooks/verify-delivery.ts',
    'fixtures/secrets/**/*.ts',
    'fixtures/run/teardown-verdict.ts',
    'fixtures/builds/pairing.ts',
    '!**/*.test.ts',
    '!**/index.ts',
  ],
  concurrency: 2,
  timeoutMS: 20_000,
  coverageAnalysis: 'perTest',
  // Static mutants (a module-level constant, a schema built at import) are covered by no single test, so each needs a
  // full re-run of every test: about 3 a minute on the shared 2-core runner, hours for the lot. They are left out; the
  // score is over the mutants a test can be traced to.
  ignoreStatic: true,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: 'reports/mutation/.stryker-tmp',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: 80 },
};
