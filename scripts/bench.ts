// `npm run bench [-- --runs 3]`: runs the main scenario on the devnet N times and prints, per phase and in total, the
// median wall time, the network's floor for that phase (L1 blocks and the proposer's batching window: time the
// harness cannot save) and the harness's overhead as a ratio — the tests' phases, and inside the hooks each cast's
// set-up and teardown as the cast timed them (fixtures/run/timeline.ts); then how long after its L1 block each confirmation was
// detected. Figures come from vitest's JSON report (tests), its JUnit report (a scenario file's whole duration, hooks
// included: the JSON report's file span runs from the first test to the last only) and the scenario's
// confirmation-latency records. Last, how long after its L1 block a wait on a delivered BlockProposed (contract-event
// webhooks, fixtures/event-webhooks) resolved, per path (push: signed deliveries; pull: the events API), against the
// block's timestamp and against the moment the harness's own L1 polling saw the block. And what waiting cost: requests
// per hour of waiting (reports/summary.json `requests`, at the devnet's pace; the test network's budget is proved by
// fixtures/users/waiting-budget.test.ts).
// Every figure is printed with its spread over the runs (min–max), so that two benches can be compared. Everything it
// writes lies under reports/bench/ (its own vitest config, scripts/bench.vitest.config.ts); it checks that the run's
// reports (reports/junit.xml, allure-results, summary.json, history.jsonl) are untouched, and fails if not.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { readDevnetSettings } from '../fixtures/network/devnet-settings';
import { junitSuiteSeconds } from '../fixtures/run/junit-merge';
import { handOff } from '../fixtures/report/run-handoff';
import { RunSummary } from '../fixtures/run/run-summary';
import { addTallies, RequestSource, topCallers, type RequestTally } from '../fixtures/waits/request-ledger';
import { BENCH_DIR, benchRunPaths, changedReports, fingerprintReports } from './bench-isolation';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = z.coerce.number().int().min(1).max(20).parse(values.runs);
const { blockTimeSeconds: BLOCK_S, batchWindowSeconds: WINDOW_S } = readDevnetSettings();
const OUT = BENCH_DIR;

/** Phases of the round trip, recognised by their test's title, with the network's own minimum duration. */
const PHASES: readonly { name: string; title: RegExp; floorS: number }[] = [
  // approve and escrow, one block each, the batching window, the block's own L1 transaction.
  { name: 'deposit → confirmed', title: /^Alice deposits/, floorS: 3 * BLOCK_S + WINDOW_S },
  { name: 'transfer → both balances', title: /^Alice pays Bob/, floorS: BLOCK_S + WINDOW_S },
  { name: 'withdraw → salt, PendingSpend', title: /^Bob withdraws/, floorS: 0 },
  { name: 'early de-escrow refused', title: /^a de-escrow before the withdrawal block/, floorS: 0 },
  { name: 'withdrawal block → Spent', title: /^once the withdrawal block lands/, floorS: BLOCK_S + WINDOW_S },
  { name: 'de-escrow → L1 balances', title: /^the funds leave escrow/, floorS: BLOCK_S },
  { name: 'second de-escrow refused', title: /second de-escrow/, floorS: 0 },
];
const SET_UP = 'set-up (clients, funding, keys)';
const TEARDOWN = 'teardown (bring home, sweep)';
const OTHER_HOOKS = 'other hooks (event subscription…)';
/** Funding: wrap (or mint) and transfers, allowlisting alongside: two L1 blocks. */
const SET_UP_FLOOR_S = 2 * BLOCK_S;
/**
 * Closing a cast: what the users still hold on L2 goes home (its withdrawal's L2 block, then the de-escrow's L1 block),
 * then each identity's sweep: its tokens, then — once they are mined, so that the native rest is exact — its native coin.
 */
const teardownFloorS = (broughtHome: number) => (broughtHome > 0 ? BLOCK_S + WINDOW_S + BLOCK_S : 0) + 2 * BLOCK_S;

const VitestJson = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      startTime: z.number(),
      endTime: z.number(),
      assertionResults: z.array(
        z.object({
          title: z.string(),
          ancestorTitles: z.array(z.string()),
          duration: z.number().nullish(),
          status: z.string(),
        }),
      ),
    }),
  ),
});
const Latency = z.object({ what: z.string(), latencyMs: z.number() });
/** fixtures/run/timeline.ts CastPhaseTiming. */
const CastPhase = z.object({
  castPhase: z.enum(['set-up', 'teardown']),
  ms: z.number(),
  broughtHome: z.number().int().optional(),
});

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const runReportsBefore = fingerprintReports();

const samples = new Map<string, number[]>(
  [...PHASES.map((p) => p.name), SET_UP, TEARDOWN, OTHER_HOOKS].map((name) => [name, []]),
);
const teardownFloors: number[] = [];
const totals: number[] = [];
const latencies: z.infer<typeof Latency>[] = [];
const requestTallies: RequestTally[] = [];

for (let run = 1; run <= RUNS; run++) {
  const runDir = join(OUT, `run-${run}`);
  const paths = benchRunPaths(runDir);
  const { json, timeline, junit } = paths;
  console.error(`bench: run ${run}/${RUNS}`);
  // One scenario file at a time: each phase is measured against the network's floor for one round trip, and scenario
  // files running side by side share the proposer's batches and wait out each other's block holds.
  const result = spawnSync(
    'npx',
    [
      // The main scenario only: the other scenario files (token standards, rejections) have phases of their own.
      'vitest',
      'run',
      '--config',
      'scripts/bench.vitest.config.ts',
      '--project',
      'scenarios',
      'scenarios/round-trip',
      '--no-file-parallelism',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      // Its own reports, Allure results (the environment section, run attachments) and timeline: all under runDir.
      env: {
        ...handOff(process.env, { benchRunDir: runDir, timelineFile: timeline }),
        ALLURE_RESULTS_DIR: paths.allureResults,
      },
    },
  );
  if (result.status !== 0) {
    console.error(
      `bench: run ${run} failed (exit ${result.status}); see ${json}. Figures of failed runs are not used.`,
    );
    process.exit(1);
  }
  const report = VitestJson.parse(JSON.parse(readFileSync(json, 'utf8')));
  const fileSeconds = junitSuiteSeconds(readFileSync(junit, 'utf8'));
  const { requests } = RunSummary.parse(JSON.parse(readFileSync(paths.summary, 'utf8')));
  if (requests) requestTallies.push(requests);
  const timelineLines = readFileSync(timeline, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as unknown);
  const castPhases = timelineLines.flatMap((line) => CastPhase.safeParse(line).data ?? []);
  let hooksMs = 0;
  let roundTrips = 0;
  for (const file of report.testResults) {
    const suiteSeconds = [...fileSeconds].find(([name]) => file.name.endsWith(name))?.[1];
    const wholeFileMs = suiteSeconds === undefined ? file.endTime - file.startTime : suiteSeconds * 1_000;
    // One round trip per token: group the tests by their describe block.
    const byScenario = groupBy(file.assertionResults, (t) => t.ancestorTitles.join(' > '));
    for (const tests of byScenario.values()) {
      const testsMs = tests.reduce((sum, t) => sum + (t.duration ?? 0), 0);
      for (const phase of PHASES) {
        const test = tests.find((t) => phase.title.test(t.title));
        if (test?.duration != null) samples.get(phase.name)!.push(test.duration);
      }
      // The scenario's hooks (beforeAll and afterAll): its whole time beyond its tests, shared out per scenario.
      hooksMs += wholeFileMs / byScenario.size - testsMs;
      roundTrips += 1;
      totals.push(wholeFileMs / byScenario.size);
    }
  }
  // Inside the hooks: each cast's set-up and teardown (timed by the cast itself), and whatever else the hooks did.
  for (const phase of castPhases) {
    samples.get(phase.castPhase === 'set-up' ? SET_UP : TEARDOWN)!.push(phase.ms);
    if (phase.castPhase === 'teardown') teardownFloors.push(teardownFloorS(phase.broughtHome ?? 0));
  }
  const castMs = castPhases.reduce((sum, phase) => sum + phase.ms, 0);
  if (roundTrips > 0) samples.get(OTHER_HOOKS)!.push((hooksMs - castMs) / roundTrips);
  latencies.push(...timelineLines.flatMap((line) => Latency.safeParse(line).data ?? []));
}

/** Map.groupBy arrived in Node 21; this project supports Node 20. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

// A renamed test would otherwise leave its phase empty and print NaN: say which phase lost its test.
const unmatched = PHASES.filter((phase) => samples.get(phase.name)!.length === 0).map(
  (phase) => `${phase.name} (${phase.title})`,
);
if (unmatched.length > 0) {
  console.error(`bench: no test matched these phases; were the scenario's tests renamed?\n  ${unmatched.join('\n  ')}`);
  process.exit(1);
}
if (samples.get(SET_UP)!.length === 0 || teardownFloors.length === 0) {
  console.error(`bench: the casts recorded no set-up or teardown timing in their timelines (fixtures/run/timeline.ts)`);
  process.exit(1);
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const seconds = (ms: number) => (ms / 1_000).toFixed(2);
const ratio = (ms: number, floorS: number) => (floorS > 0 ? `${(ms / 1_000 / floorS).toFixed(2)}×` : 'n/a');
/** min–max of the samples, in seconds: how far one run strays from another. */
const spread = (xs: readonly number[]) => `${seconds(Math.min(...xs))}–${seconds(Math.max(...xs))}`;

console.log(
  `\nnpm run bench: ${RUNS} run(s) of the main scenario (${totals.length} round trips), L1 block ${BLOCK_S} s, batching window ${WINDOW_S} s\n`,
);
console.log(['phase'.padEnd(34), 'median s', 'spread s'.padStart(13), 'floor s', 'overhead'].join('  '));
const row = (name: string, xs: readonly number[], floorS: number) =>
  console.log(
    [
      name.padEnd(34),
      seconds(median(xs)).padStart(8),
      spread(xs).padStart(13),
      floorS.toFixed(2).padStart(7),
      ratio(median(xs), floorS).padStart(8),
    ].join('  '),
  );
const teardownFloor = median(teardownFloors);
row(SET_UP, samples.get(SET_UP)!, SET_UP_FLOOR_S);
for (const phase of PHASES) row(phase.name, samples.get(phase.name)!, phase.floorS);
row(TEARDOWN, samples.get(TEARDOWN)!, teardownFloor);
row(OTHER_HOOKS, samples.get(OTHER_HOOKS)!, 0);
const floorTotal = SET_UP_FLOOR_S + PHASES.reduce((sum, p) => sum + p.floorS, 0) + teardownFloor;
row('total per round trip', totals, floorTotal);

// What waiting cost, per run and over all runs (the counters of reports/summary.json `requests`).
const rates = requestTallies.map((t) => t.perWaitingHour).filter((rate): rate is number => rate !== null);
const all = addTallies(requestTallies);
if (rates.length > 0) {
  console.log(
    `\nrequests per waiting hour ${all.perWaitingHour} (median of runs ${median(rates).toFixed(1)}, spread ${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)}; ` +
      `L1 ${all.l1}, clients ${all.client}, event service ${all.eventService}, proposers ${all.proposer} in ${all.waitingSeconds} s of waiting, at the devnet's pace)`,
  );
  // Per service: its rate and the five callers that asked it most (a wait by what it awaits, or a background loop).
  const perService = RequestSource.options.map((source) => ({
    service: source,
    requests: all[source],
    perWaitingHour: all.perServicePerWaitingHour?.[source] ?? null,
    topCallers: topCallers(all, source),
  }));
  for (const { service, requests, perWaitingHour, topCallers: callers } of perService) {
    console.log(
      `  ${service.padEnd(13)} ${String(perWaitingHour ?? 'n/a').padStart(8)} per waiting hour (${requests} requests)`,
    );
    for (const { caller, requests: count, perWaitingHour: rate } of callers)
      console.log(`    ${String(rate).padStart(8)}/h  ${String(count).padStart(6)}  ${caller}`);
  }
  writeFileSync(
    join(OUT, 'requests.json'),
    `${JSON.stringify({ blockTimeSeconds: BLOCK_S, batchWindowSeconds: WINDOW_S, runs: RUNS, waitingSeconds: all.waitingSeconds, perWaitingHour: all.perWaitingHour, perService }, null, 2)}\n`,
  );
} else console.log('\nrequests per waiting hour: no waiting was counted (no summary.json requests)');

/** The delivery-latency lines of the scenarios' event subscriptions (fixtures/event-webhooks/delivery-latency.ts). */
const isDelivery = (l: z.infer<typeof Latency>) => l.what.startsWith('BlockProposed delivered');
const printLatencies = (title: string, entries: readonly z.infer<typeof Latency>[], width: number) => {
  console.log(title);
  for (const [what, group] of groupBy(entries, (l) => l.what.replace(/^\w+'s /, ''))) {
    const ms = group.map((e) => e.latencyMs);
    console.log(
      `  ${what.padEnd(width)} median ${seconds(median(ms))} s, max ${seconds(Math.max(...ms))} s (${ms.length} samples)`,
    );
  }
};
printLatencies(
  '\nconfirmation detected after its L1 block (block timestamps have 1 s resolution):',
  latencies.filter((l) => !isDelivery(l)),
  28,
);
const deliveries = latencies.filter(isDelivery);
if (deliveries.length === 0) console.log('\nno delivery-latency figures: the target has no contract-event service');
else
  printLatencies(
    '\nwait on a delivered BlockProposed resolved after (negative: before L1 polling saw the block):',
    deliveries,
    70,
  );

// The run's own reports must be as they were: the bench writes under reports/bench/ only.
const touched = changedReports(runReportsBefore, fingerprintReports());
if (touched.length > 0) {
  console.error(`bench: the run's reports were touched, which the bench must never do:\n  ${touched.join('\n  ')}`);
  process.exit(1);
}
console.log(`\nthe run's reports are untouched; the bench's own are in ${OUT}/`);
