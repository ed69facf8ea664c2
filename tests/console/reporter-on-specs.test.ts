// The console reporter in a real vitest run of ./specs/ (its own configuration: the reporter, the test-log setup and
// Allure): what a green test and a failing test print, what stays off the console, and what the failure leaves on
// disk and in the report — every level of the test's log, with its secret redacted.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runNestedVitest } from '../../fixtures/faults/nested-e2e';
import { FAILING, GREEN_LINES, SECRET_ENV } from './specs/shared';

const RUN_TIMEOUT_MS = 90_000;
// Made here, never written down: the failing spec registers it as a secret and logs it.
const SECRET = `0x${randomBytes(32).toString('hex')}`;

interface FinishedRun {
  code: number | null;
  lines: string[];
  out: string;
}

async function runSpecs(): Promise<FinishedRun> {
  const out = mkdtempSync(join(tmpdir(), 'console-specs-'));
  const run = await runNestedVitest({
    args: ['--config', 'tests/console/specs/vitest.config.ts'],
    env: { CONSOLE_SPECS_OUT: out, [SECRET_ENV]: SECRET },
    timeoutMs: RUN_TIMEOUT_MS,
  });
  return { code: run.code, lines: run.output.replace(/\n$/, '').split('\n'), out };
}

let run: FinishedRun;
beforeAll(async () => {
  run = await runSpecs();
}, RUN_TIMEOUT_MS + 10_000);

describe('the console of a run with a green and a failing file', () => {
  it('prints one line per test, the failure in full, the log lines at warn and above, and the summary: nothing else', () => {
    const { lines } = run;
    expect(run.code, lines.join('\n')).toBe(1);
    const clock = String.raw`\d{2}:\d{2}:\d{2}`;
    const expected = [
      /^running 2 test files; the console shows E2E_LOG_LEVEL=warn and above, each test's full log is in the report$/,
      new RegExp(`^  tests/console/specs/green \\[${clock} NOTICE e2e::spec\\] ${GREEN_LINES.notice}$`),
      new RegExp(`^  tests/console/specs/green \\[${clock} WARN e2e::spec\\] ${GREEN_LINES.warn}$`),
      /^✓ tests\/console\/specs\/green › logs at every level \(\d+ ms\)$/,
      /^✓ tests\/console\/specs\/green › passes quietly \(\d+ ms\)$/,
      /^✗ tests\/console\/specs\/failing › waits for a confirmation that never comes \(\d+ ms\)$/,
      new RegExp(`^    step:      ${FAILING.step}$`),
      new RegExp(`^    error:     WaitTimeoutError: Timed out after 300 ms waiting for ${FAILING.what}\\.$`),
      new RegExp(`^    last seen: ${FAILING.lastSeen} \\(after \\d+ probes\\)$`),
      new RegExp(`^    diagnosis: ${FAILING.diagnosis}$`),
      /^ {4}at: {8}tests\/console\/specs\/failing\.spec\.ts:\d+:\d+$/,
      /^ {4}files: {5}\S+\/failures\/tests-console-specs-failing--waits-for-a-confirmation-that-never-comes\/ \(log\.txt\)$/,
      /^$/,
      /^tests: 2 passed, 1 failed, 0 skipped$/,
      /^3 tests in 2 files, [\d.]+ m?s$/,
      /^failed: tests\/console\/specs\/failing › waits for a confirmation that never comes$/,
      /^1 line\(s\) the tests wrote to stdout are not shown \(E2E_CONSOLE=vitest shows them\)$/,
    ];
    // The two files run side by side: the order of their lines is not fixed, each line's shape is.
    const unmatched = lines.filter((line) => !expected.some((shape) => shape.test(line)));
    expect(unmatched, lines.join('\n')).toEqual([]);
    expect(lines, 'each expected line once').toHaveLength(expected.length);
    for (const shape of expected)
      expect(
        lines.filter((line) => shape.test(line)),
        String(shape),
      ).toHaveLength(1);
    // The failure block stays together, right under its test.
    const failed = lines.findIndex((line) => line.startsWith('✗ '));
    expect(lines.slice(failed + 1, failed + 7).map((line) => line.slice(4, 14).trim())).toEqual([
      'step:',
      'error:',
      'last seen:',
      'diagnosis:',
      'at:',
      'files:',
    ]);
    expect(lines.join('\n')).not.toContain(GREEN_LINES.info);
  });

  it("leaves the failed test's full log on disk and in the report, every level, the secret redacted", () => {
    const dir = join(run.out, 'failures', 'tests-console-specs-failing--waits-for-a-confirmation-that-never-comes');
    const log = readFileSync(join(dir, 'log.txt'), 'utf8');
    expect(log).toMatch(/^\[\S+ DEBUG +e2e::spec\] the key of this test: \[redacted\]$/m);
    expect(log).not.toContain(SECRET.slice(2));

    const results = join(run.out, 'allure-results');
    const attachments = readdirSync(results).filter((file) => file.includes('-attachment'));
    const texts = attachments.map((file) => readFileSync(join(results, file), 'utf8'));
    expect(
      texts.some((text) => text.includes(`[redacted]`) && /DEBUG +e2e::spec\] the key of this test/.test(text)),
    ).toBe(true);
    expect(
      texts.some(
        (text) =>
          text.includes(GREEN_LINES.debug) && text.includes(GREEN_LINES.info) && text.includes(GREEN_LINES.warn),
      ),
    ).toBe(true);
    for (const text of texts) expect(text).not.toContain(SECRET.slice(2));
  });
});
