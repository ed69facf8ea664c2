import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import benchConfig from './bench.vitest.config';
import { BENCH_DIR, benchRunPaths, changedReports, fingerprintReports, isInside, RUN_REPORTS } from './bench-isolation';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the bench's isolation from the run's reports", () => {
  it("writes every report of its vitest runs under reports/bench, and none of the run's reporters is configured", () => {
    const reporters = benchConfig.test?.reporters as [string, Record<string, unknown>][];
    const names = reporters.map(([name]) => name);
    expect(names).not.toContain('allure-vitest/reporter');
    expect(names).not.toContain('default');
    const outputs = reporters.flatMap(([, options]) => Object.values(options).map(String));
    expect(outputs.length).toBeGreaterThanOrEqual(6);
    for (const output of outputs) expect(isInside(output, BENCH_DIR), output).toBe(true);
    for (const output of Object.values(benchRunPaths(`${BENCH_DIR}/run-1`))) {
      expect(isInside(output, BENCH_DIR), output).toBe(true);
      for (const report of RUN_REPORTS) expect(isInside(output, report) || output === report, output).toBe(false);
    }
  });

  it("notices any change to the run's reports: a changed, created or removed file", () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-isolation-'));
    dirs.push(root);
    mkdirSync(join(root, 'reports/allure-results'), { recursive: true });
    writeFileSync(join(root, 'reports/junit.xml'), '<testsuites/>');
    writeFileSync(join(root, 'reports/allure-results/a-result.json'), '{}');
    const before = fingerprintReports(root);
    expect(changedReports(before, fingerprintReports(root))).toEqual([]);

    writeFileSync(join(root, 'reports/junit.xml'), '<testsuites tests="1"/>');
    rmSync(join(root, 'reports/allure-results/a-result.json'));
    writeFileSync(join(root, 'reports/summary.json'), '{}');
    expect(changedReports(before, fingerprintReports(root))).toEqual([
      'reports/allure-results: changed',
      'reports/allure-results/a-result.json: removed',
      'reports/junit.xml: changed',
      'reports/summary.json: created',
    ]);
  });
});
