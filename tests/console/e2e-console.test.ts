// What a green `npm run e2e` prints, measured: a nested run of two scenario files (the main round trip, and the
// proposer outage, whose wait shows its progress) stays well within the 150 lines a whole green run may print, and
// every line it prints has one of the console's shapes — a test's line, a warning or a wait's progress, the summary,
// where the report and the run log are — and nothing else (no INFO lines, no per-test headers).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runNestedE2e, type NestedE2eRun } from '../../fixtures/faults/nested-e2e';
import { DEFAULT_TIMEOUTS } from '../../fixtures/waits';

const SCENARIOS = ['scenarios/round-trip/stablecoin.spec.ts', 'scenarios/faults/proposer-outage.spec.ts'];
const RUN_TIMEOUT_MS = 10 * 60_000;
/** The most a whole green run may print (issue #14). */
const MAX_GREEN_LINES = 150;

const CLOCK = String.raw`\d{2}:\d{2}:\d{2}`;
/** Every shape a green run's line may have, by category. */
const SHAPES: Readonly<Record<string, RegExp>> = {
  start:
    /^running \d+ test files on the devnet; the console shows E2E_LOG_LEVEL=warn and above, each test's full log is in the report$/,
  test: /^✓ [\w/-]+ › .+ \((\d+ ms|[\d.]+ s|[\d.]+ min)\)$/,
  skip: /^↓ [\w/-]+ › .+ — skipped: .+$/,
  progress: new RegExp(
    `^  [\\w/-]+ \\[${CLOCK} NOTICE e2e::waits\\] waiting for .+: .+ of .+, \\d+ probes, last seen: .+$`,
  ),
  warning: new RegExp(`^  ([\\w/-]+ )?\\[${CLOCK} WARN [\\w:-]+\\] .+$`),
  summary: /^(tests: \d+ passed, 0 failed, \d+ skipped|\d+ tests in \d+ files, .+|)$/,
  junit: /^JUNIT report written to .+junit\.xml$/,
  privacy:
    /^privacy: \d+ finding\(s\) that are known defects \((\d+ of known defect [\w-]+(, )?)+\) — reported, not failing the run \(\S+privacy\.json, and the report\)$/,
  report: /^report: reports\/allure-report\/index\.html \(each test's full log is attached to it\)$/,
  'run log': /^run log: \S+\/run\.jsonl \(.+\)$/,
  trends: /^trends: \S+\/trends\.html \(\d+ run\(s\) kept in \S+\/trends-history\.jsonl\)$/,
  gate: /^gate: exit 0 \(\d+ step\(s\) not checked, \d+ quarantined test\(s\), \d+ candidate file\(s\)\)$/,
  candidate: /^candidate (failed|skipped unexpectedly) \(not blocking: \d+\/\d+ green runs, .+\): .+$/,
  changes:
    /^(changes: no earlier run of this target and pairing in the history to compare with|changes since the run of .+ \(same target and pairing\):( none)?| {2}(newly failing|fixed|newly flaky|slower): .+)$/,
  // npx's own complaints about this machine's npm configuration, not the harness's.
  npm: /^npm warn /,
};

function categoryOf(line: string): string | undefined {
  return Object.entries(SHAPES).find(([, shape]) => shape.test(line))?.[0];
}

function seconds(duration: string): number {
  const [value, unit] = duration.split(' ');
  return Number(value) * (unit === 'ms' ? 0.001 : unit === 'min' ? 60 : 1);
}

describe('the console of a green npm run e2e', () => {
  let run: NestedE2eRun;
  let lines: string[];
  // Its own run log: other tests may run `npm run e2e` in this checkout meanwhile.
  const runLog = join(mkdtempSync(join(tmpdir(), 'e2e-console-')), 'run.jsonl');

  it(
    'prints one line per test, the progress of the long wait and the summary: within 150 lines, nothing else',
    async () => {
      run = await runNestedE2e({ args: SCENARIOS, env: { E2E_RUN_LOG: runLog }, timeoutMs: RUN_TIMEOUT_MS });
      lines = run.output.replace(/\n$/, '').split('\n');
      expect(run.code, run.output.slice(-6000)).toBe(0);

      const categories = lines.map((line) => categoryOf(line) ?? `unexpected: ${line}`);
      const counts = categories.reduce<Record<string, number>>(
        (tally, category) => ({ ...tally, [category]: (tally[category] ?? 0) + 1 }),
        {},
      );
      console.log(
        `npm run e2e -- ${SCENARIOS.join(' ')}: ${lines.length} lines printed; by kind: ${JSON.stringify(counts)}`,
      );
      expect(
        categories.filter((category) => category.startsWith('unexpected')),
        run.output,
      ).toEqual([]);
      expect(lines.length).toBeLessThanOrEqual(MAX_GREEN_LINES);

      const [, passed, skipped] = /^tests: (\d+) passed, 0 failed, (\d+) skipped$/m.exec(run.output) ?? [];
      expect(counts.test, 'one line per test that ran').toBe(Number(passed));
      expect(Number(passed) + Number(skipped)).toBe(13);
      expect(counts.progress ?? 0, 'the proposer outage is waited out with progress lines').toBeGreaterThan(0);
      // The report's paths, then what changed since the last run of the same pairing: the last lines a reader sees.
      const ending = lines.slice(lines.findIndex((line) => categoryOf(line) === 'report')).map(categoryOf);
      expect(ending.slice(0, 3)).toEqual(['report', 'run log', 'trends']);
      expect(ending.slice(3), 'then only the changes').toEqual(
        Array.from({ length: Math.max(1, ending.length - 3) }, () => 'changes'),
      );
    },
    RUN_TIMEOUT_MS + 30_000,
  );

  it('prints at most one progress line per progress interval of each wait', () => {
    const everyS = DEFAULT_TIMEOUTS.devnet.progressEvery / 1_000;
    const elapsedByWait = new Map<string, number[]>();
    for (const match of run.output.matchAll(/NOTICE e2e::waits\] waiting for (.+?): ([\d.]+ (?:ms|s|min)) of /g)) {
      elapsedByWait.set(match[1]!, [...(elapsedByWait.get(match[1]!) ?? []), seconds(match[2]!)]);
    }
    expect(elapsedByWait.size).toBeGreaterThan(0);
    for (const [what, elapsed] of elapsedByWait) {
      elapsed.forEach((at, i) => {
        // A line is written one interval after the previous one (its note may take a little of the next interval).
        expect(
          at - (i === 0 ? 0 : elapsed[i - 1]!),
          `progress of ${what}: ${elapsed.join(', ')} s`,
        ).toBeGreaterThanOrEqual(everyS * 0.9);
      });
    }
  });

  it("keeps every level in the run log it names, global set-up's lines among them", () => {
    expect(run.output).toContain(`run log: ${runLog} (`);
    const records = readFileSync(runLog, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: string; target: string; test?: string; msg: string });
    expect(
      records.some(
        (record) => record.target === 'devnet' && record.test === undefined && /^devnet up in /.test(record.msg),
      ),
    ).toBe(true);
    expect(records.every((record) => ['debug', 'info', 'notice', 'warn', 'error'].includes(record.level))).toBe(true);
    expect(
      records.some(
        (record) => record.level === 'debug' && record.test?.startsWith('scenarios/round-trip/stablecoin.spec.ts > '),
      ),
    ).toBe(true);
    const infoLines = records.filter((record) => record.level === 'info').length;
    expect(infoLines, 'info lines go to the run log, not to the console').toBeGreaterThan(0);
    expect(lines.some((line) => / INFO /.test(line))).toBe(false);
  });
});
