// reports/trends.html in a real browser (Debian's Chromium, driven by puppeteer-core): three nights' results go
// through recordRunAndWriteTrends' own path, the page opens from disk with every request off the file system refused,
// and what Chart.js holds after rendering — each chart's labels, series and drawn points — is the history's data.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { readHistory } from '../../fixtures/report/trends/history';
import { writeTrends } from '../../fixtures/report/trends';
import { writeSampleRun } from '../../fixtures/report/trends/test-results';

/** Debian's package (`apt-get install -y chromium`; .ci/run installs it when missing); CHROMIUM_PATH overrides. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Keep Chromium off the closed network and out of any profile of the machine's. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const WGAS = 'WGAS round trip (18 decimals)';
const NIGHT = Date.UTC(2025, 5, 1, 2, 0);
const DAY = 86_400_000;
const DEVNET_PLUME = { target: 'devnet', clientBuild: 'plume', contracts: 'plume' } as const;
const trip = (story: string, extra: object = {}) => ({
  name: `${story} of WGAS`,
  status: 'passed' as const,
  epic: 'Private payments',
  feature: WGAS,
  story,
  ...extra,
});

const dir = mkdtempSync(join(tmpdir(), 'trends-page-'));
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface RenderedChart {
  id: string;
  labels: string[];
  datasets: { label: string; data: (number | null)[] }[];
  drawnPoints: number[];
  width: number;
}

describe('reports/trends.html', () => {
  it("renders every chart from disk, with no network, and Chart.js holds the history's data", async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is not installed at ${CHROMIUM}: the trends page is checked in a real browser. ` +
          'Install it with `apt-get install -y chromium` (.ci/run does so when it is missing) or point CHROMIUM_PATH at one.',
      );
    }
    const historyPath = join(dir, 'trends-history.jsonl');
    const pagePath = join(dir, 'trends.html');
    const nights = [
      {
        tests: [
          trip('Deposit', { latenciesMs: [4_000, 6_000], gasUsed: [46_000, 120_000] }),
          trip('De-escrow', { gasUsed: [80_000] }),
        ],
        funds: [{ funderGas: 10n ** 15n, clientGas: 0n, clientValueSent: 0n, sweepGas: 0n }],
      },
      {
        tests: [
          trip('Deposit', { latenciesMs: [7_000], gasUsed: [166_500] }),
          trip('De-escrow', { status: 'failed', gasUsed: [80_100] }),
        ],
        requests: { l1: 600, client: 60, eventService: 6, proposer: 12, waitingSeconds: 3600, perWaitingHour: 678 },
      },
      {
        tests: [trip('Deposit', { gasUsed: [166_000] }), trip('De-escrow', { gasUsed: [79_900] })],
        funds: [{ funderGas: 2n * 10n ** 15n, clientGas: 10n ** 15n, clientValueSent: 0n, sweepGas: 0n }],
      },
    ];
    nights.forEach((night, i) => {
      const sources = writeSampleRun(join(dir, `night-${i}`), {
        startedAtMs: NIGHT + i * DAY,
        configuration: DEVNET_PLUME,
        ...night,
      });
      writeTrends({ ...sources, historyPath, pagePath, harnessCommit: `commit-${i}` });
    });
    const history = readHistory(historyPath);
    expect(history.map((run) => run.harnessCommit)).toEqual(['commit-0', 'commit-1', 'commit-2']);

    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    const page = await browser.newPage();
    const offDisk: string[] = [];
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url().startsWith('file:')) return void request.continue();
      offDisk.push(request.url());
      return void request.abort();
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(pathToFileURL(pagePath).href, { waitUntil: 'load' });
    await page.waitForFunction("document.body.dataset.rendered === 'true'", { timeout: 20_000 });
    // Run in the page (this file has no DOM types): what Chart.js holds for each canvas after drawing it.
    const charts = (await page.evaluate(`[...document.querySelectorAll('canvas')].map((canvas) => {
      const chart = Chart.getChart(canvas);
      return {
        id: canvas.id,
        labels: chart.data.labels,
        datasets: chart.data.datasets.map((d) => ({ label: d.label, data: d.data })),
        drawnPoints: chart.data.datasets.map((_d, i) => chart.getDatasetMeta(i).data.length),
        width: chart.width,
      };
    })`)) as RenderedChart[];
    const flakyRows = (await page.evaluate(
      `[...document.querySelectorAll('#flaky tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))`,
    )) as string[][];

    expect(errors, 'errors on the page').toEqual([]);
    expect(offDisk, 'requests off the file system').toEqual([]);
    const byId = Object.fromEntries(charts.map((chart) => [chart.id, chart]));
    expect(Object.keys(byId)).toEqual([
      'chart-latency',
      'chart-gas',
      'chart-funds',
      'chart-requests',
      'chart-flaky',
      'chart-verdicts',
    ]);
    const labels = ['2025-06-01 02:00', '2025-06-02 02:00', '2025-06-03 02:00'].map(
      (at) => `${at} (devnet, plume client, plume contracts)`,
    );
    for (const chart of charts) {
      expect(chart.labels, chart.id).toEqual(labels);
      expect(chart.drawnPoints, `${chart.id}: a drawn point or bar per run in every series`).toEqual(
        chart.datasets.map(() => 3),
      );
      expect(chart.width, `${chart.id} has a size`).toBeGreaterThan(0);
    }
    expect(byId['chart-latency']!.datasets).toEqual([{ label: 'Deposit', data: [5, 7, null] }]);
    expect(byId['chart-gas']!.datasets).toEqual([
      { label: `${WGAS} · Deposit`, data: [166_000, 166_500, 166_000] },
      { label: `${WGAS} · De-escrow`, data: [80_000, 80_100, 79_900] },
    ]);
    expect(byId['chart-funds']!.datasets).toEqual([{ label: 'spent', data: [0.001, null, 0.003] }]);
    expect(byId['chart-requests']!.datasets).toEqual([
      { label: 'l1', data: [null, 600, null] },
      { label: 'client', data: [null, 60, null] },
      { label: 'eventService', data: [null, 6, null] },
      { label: 'proposer', data: [null, 12, null] },
      { label: 'total', data: [null, 678, null] },
    ]);
    // De-escrow failed on the second night and passed on the third: flaky on both.
    expect(byId['chart-flaky']!.datasets).toEqual([{ label: 'flaky tests', data: [0, 1, 1] }]);
    expect(byId['chart-verdicts']!.datasets.map((d) => [d.label, d.data])).toEqual([
      ['passed', [2, 1, 2]],
      ['failed', [0, 1, 0]],
      ['broken', [0, 0, 0]],
      ['skipped', [0, 0, 0]],
    ]);
    expect(flakyRows).toEqual([['scenarios/sample.spec.ts#De-escrow of WGAS', '2', labels[2]]]);
  }, 60_000);
});
