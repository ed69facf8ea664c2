// `npm run scenario-seconds`: after a whole `npm run e2e`, writes each scenario file's wall seconds from its JUnit XML
// (reports/junit.xml, `<testsuite name=… time=…>`) to fixtures/run/scenario-seconds.json, the order a fresh clone starts
// the files in (fixtures/run/scenario-order.ts). Refresh it when scenario files are added or change much.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { junitSuiteSeconds } from '../fixtures/run/junit-merge';
import { runOutputs } from '../fixtures/run/run-outputs';
import { SCENARIO_SECONDS_PATH, ScenarioSeconds } from '../fixtures/run/scenario-order';

/** Each scenario file's seconds from a JUnit XML document, rounded to whole seconds (at least 1). */
export function scenarioSecondsFromJunit(xml: string): ScenarioSeconds {
  const scenarios = [...junitSuiteSeconds(xml)]
    .filter(([name]) => name.startsWith('scenarios/') && name.endsWith('.spec.ts'))
    .sort(([a], [b]) => a.localeCompare(b));
  return ScenarioSeconds.parse(
    Object.fromEntries(scenarios.map(([name, seconds]) => [name, Math.max(1, Math.round(seconds))])),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const junit = runOutputs().junit;
  const seconds = scenarioSecondsFromJunit(readFileSync(junit, 'utf8'));
  const files = Object.keys(seconds).length;
  if (files === 0) {
    console.error(`${junit} holds no scenario file: run \`npm run e2e\` first`);
    process.exit(1);
  }
  writeFileSync(SCENARIO_SECONDS_PATH, `${JSON.stringify(seconds, null, 2)}\n`);
  console.log(`${fileURLToPath(SCENARIO_SECONDS_PATH)}: ${files} scenario files`);
}
