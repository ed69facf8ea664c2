// What a real run's Allure results say about its tests: a real vitest run of ./failures/ (the repository's setup files
// and reporter settings) whose tests fail in each class, read back — each test's steps are sentences (no
// `expect(...)` step of allure-vitest), each failed test carries the labels of its class and cause, and Allure's own
// category matching (as `allure generate` runs it, on allurerc.mjs) puts it into the category of whose problem it is.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  extractErrorMatchingData,
  matchCategory,
  normalizeCategoriesConfig,
  type CategoriesConfig,
} from '@allurereport/core-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const RUN_TIMEOUT_MS = 90_000;

interface Step {
  name: string;
  status: string;
  statusDetails?: { message?: string };
  steps: Step[];
}
interface Result {
  name: string;
  status: string;
  labels: { name: string; value: string }[];
  statusDetails?: { message?: string; trace?: string };
  steps: Step[];
}

let out: string;
let results: Result[];
let output = '';

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'failure-report-'));
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))),
    FAILURE_REPORT_OUT: out,
  };
  const child = spawn('npx', ['vitest', 'run', '--config', 'tests/report/failures/vitest.config.ts'], {
    env,
    detached: true,
  });
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGTERM'), RUN_TIMEOUT_MS);
  await new Promise((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const dir = join(out, 'allure-results');
  results = readdirSync(dir)
    .filter((f) => f.endsWith('-result.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Result);
}, RUN_TIMEOUT_MS + 10_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

function resultNamed(name: string): Result {
  const result = results.find((r) => r.name === name);
  if (!result) throw new Error(`no Allure result named "${name}"; the run said:\n${output.slice(-3000)}`);
  return result;
}

const label = (result: Result, name: string) => result.labels.find((l) => l.name === name)?.value;
const stepNames = (steps: Step[] = []): string[] => steps.flatMap((step) => [step.name, ...stepNames(step.steps)]);

async function categoryOf(result: Result): Promise<string | undefined> {
  const { default: config } = (await import(
    /* @vite-ignore */ new URL('../../allurerc.mjs', import.meta.url).href
  )) as { default: { categories: CategoriesConfig } };
  const data = extractErrorMatchingData({
    status: result.status,
    labels: result.labels,
    error: result.statusDetails,
    flaky: false,
    duration: 1,
  } as never);
  return matchCategory(normalizeCategoriesConfig(config.categories), data)?.name;
}

describe("a run's Allure results", () => {
  it('record assertions as sentences only', () => {
    const all = results.flatMap((r) => stepNames(r.steps));
    expect(
      all.filter((name) => name.startsWith('expect(')),
      'steps named after the call',
    ).toEqual([]);
    // Attachments sit in steps of their own, without a status.
    expect(
      resultNamed('passes with its assertions as sentences').steps.map((s) => [s.name, s.status ?? 'attachment']),
    ).toEqual([
      ['Approve and escrow, sent by her own client — is 2', 'passed'],
      ['L1 balances of bob', 'attachment'],
      ["L1 transactions sent by bob's client", 'attachment'],
      ["Bob's client sent exactly 1 L1 transaction(s): de-escrow", 'passed'],
      [
        "Bob's L1 ETH balance fell by 0.000000000000021 ETH (21000 wei, 18 decimals), with the gas of the 1 L1 transaction(s) Bob's client sent: 0.000000000000021 ETH (21000 wei, 18 decimals)",
        'passed',
      ],
      ["Bob's L1 WGAS balance rose by 0.3 WGAS (300000000000000000 wei, 18 decimals)", 'passed'],
    ]);
  });

  it('a wrong balance fails as the comparison does, in its sentence step, as product behaviour', async () => {
    const result = resultNamed('a payout one wei short');
    const failed = result.steps.at(-1)!;
    expect([failed.name, failed.status]).toEqual([
      "Bob's L1 WGAS balance rose by 0.300000000000000001 WGAS (300000000000000001 wei, 18 decimals)",
      'failed',
    ]);
    expect(result.statusDetails?.message).toBe(
      "bob's WGAS change (raw units): expected 300000000000000000n to be 300000000000000001n // Object.is equality",
    );
    expect(failed.statusDetails?.message).toBe(result.statusDetails?.message);
    expect([
      result.status,
      label(result, 'failureClass'),
      label(result, 'failureCause'),
      await categoryOf(result),
    ]).toEqual(['failed', 'product', 'an answer differed from what is required', 'Product behaviour']);
  });

  it("a wait that found no registered proposer is the network's", async () => {
    const result = resultNamed('a wait that found no registered proposer');
    expect([label(result, 'failureClass'), label(result, 'failureCause'), await categoryOf(result)]).toEqual([
      'infrastructure',
      'no registered proposer',
      'Network or infrastructure',
    ]);
  });

  it("a TypeError is the harness's", async () => {
    const result = resultNamed('a bug of the harness');
    expect([
      result.status,
      label(result, 'failureClass'),
      label(result, 'failureCause'),
      await categoryOf(result),
    ]).toEqual(['broken', 'harness', 'TypeError in the harness', 'Harness bug']);
  });

  it('a failed prerequisite points at the earlier failure; a passed test has no class', async () => {
    const result = resultNamed('a test after a failed one');
    expect([label(result, 'failureClass'), await categoryOf(result)]).toEqual([
      'cascade',
      'Follows an earlier failure',
    ]);
    const passed = resultNamed('passes with its assertions as sentences');
    expect([passed.status, label(passed, 'failureClass'), await categoryOf(passed)]).toEqual([
      'passed',
      undefined,
      undefined,
    ]);
  });
});
