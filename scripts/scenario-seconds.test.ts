import { describe, expect, it } from 'vitest';
import { scenarioSecondsFromJunit } from './scenario-seconds';

describe('scenario seconds from JUnit XML', () => {
  it("takes each scenario file's suite time, rounded, and leaves out what is not a scenario file", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="vitest tests" tests="3" time="70.1">
    <testsuite name="scenarios/faults/client-restart.spec.ts" timestamp="2026-11-27T22:08:08.920Z" hostname="vm" tests="2" failures="0" errors="0" skipped="0" time="34.809978033">
        <testcase classname="scenarios/faults/client-restart.spec.ts" name="a &gt; b" time="1.37"></testcase>
    </testsuite>
    <testsuite name="scenarios/faults/funder-cannot-pay.spec.ts" tests="1" time="0.2"></testsuite>
    <testsuite name="tests/network/devnet.test.ts" tests="1" time="12.5"></testsuite>
</testsuites>`;
    expect(scenarioSecondsFromJunit(xml)).toEqual({
      'scenarios/faults/client-restart.spec.ts': 35,
      'scenarios/faults/funder-cannot-pay.spec.ts': 1,
    });
  });
});
