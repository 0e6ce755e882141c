/**
 * Lighthouse benchmark (not a test; prints figures): performance, accessibility, best practices,
 * SEO and cumulative layout shift of `/`, `/gamehall`, `/fr` and a game page, with Lighthouse's
 * default mobile settings (emulated phone, simulated slow 4G and CPU), against issue #17's targets
 * (performance, accessibility and best practices ≥ 95, SEO 100, CLS ≤ 0.1).
 *
 * The server is the real one (`node apps/server/src/server.ts`, production build, demo seed) in a
 * process of its own, on an embedded PostgreSQL this script starts; the browser is the system
 * Chromium, driven by Lighthouse over its debugging port.
 *
 * One run of Lighthouse varies by several points on a shared machine (its documentation on
 * variability advises the median of several runs), so each page is run RUNS times (default 3), the
 * pages taking turns, and the run with the median performance score is the one reported, with the
 * range of the others beside it.
 *
 * Usage: npm run build && npm run bench:lighthouse   (RUNS=5 for more runs per page; PAGES=/game,/fr
 * for the pages whose paths start so)
 * It also prints the browser build and Lighthouse's benchmark index of the machine, with each page's total
 * blocking time and main-thread work: the scores of two machines differ with those, not only with the code.
 * LIGHTHOUSE_REPORTS=<dir> also writes each page's median report (JSON) there, to see where the time goes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from '@croupier/db/database';
import lighthouse from 'lighthouse';
import { startBenchServer, stopChild, waitFor } from './bench-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const TARGETS = { performance: 95, accessibility: 95, 'best-practices': 95, seo: 100 } as const;
const CLS_TARGET = 0.1;

// Not mkdtemp: its 0700 mode would shut out the postgres OS user the embedded server runs as under root.
const dataDir = path.join(
  os.tmpdir(),
  `croupier-lighthouse-${process.pid}-${randomBytes(4).toString('hex')}`,
);
const profileDir = path.join(os.tmpdir(), `croupier-lighthouse-chromium-${process.pid}`);
const database = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
const children: ChildProcess[] = [];
try {
  const server = await startBenchServer({ databaseUrl: database.url, workers: 1 });
  children.push(server.child);
  const { base } = server;

  const games = (await (await fetch(`${base}/api/games.get?v=2.34&locale=en&count=1`)).json()) as {
    data?: { items?: { sysname?: string }[] };
  };
  const game = games.data?.items?.[0]?.sysname;
  const everyPage = ['/', '/gamehall', '/fr', ...(game ? [`/game/${game}`] : [])];
  if (!game) console.log('no game in the demo seed: the game page is left out');
  // PAGES=/gamehall,/game (prefixes) runs only those pages.
  const only = process.env.PAGES?.split(',').filter(Boolean);
  const pages = only ? everyPage.filter((page) => only.some((prefix) => page.startsWith(prefix))) : everyPage;

  const debuggingPort = await freePort();
  const chromium = spawn(
    CHROMIUM,
    [
      ...CHROMIUM_FLAGS,
      `--remote-debugging-port=${debuggingPort}`,
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  children.push(chromium);
  await waitFor(`http://127.0.0.1:${debuggingPort}/json/version`, chromium, 'Chromium');

  type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
  const runs = new Map<string, Report[]>(pages.map((page) => [page, []]));
  // The pages take turns, so a slow moment of the machine does not land on one page's runs only.
  for (let run = 0; run < RUNS; run++) {
    for (const page of pages) {
      // Default config: mobile form factor and simulated throttling.
      const result = await lighthouse(`${base}${page}`, {
        port: debuggingPort,
        logLevel: 'error',
        output: 'json',
        onlyCategories: Object.keys(TARGETS),
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      // A run Lighthouse could not complete (no paint in time, a lost tab) has no scores to count.
      const failure = result.lhr.runtimeError;
      if (failure)
        console.log(`  ${page} run ${run + 1} failed, left out: ${failure.code} ${failure.message}`);
      else runs.get(page)?.push(result.lhr);
    }
  }

  const benchmarkIndexes: number[] = [];
  let lighthouseVersion = '?';
  const performanceOf = (report: Report) => Math.round((report.categories.performance?.score ?? 0) * 100);
  const rows: string[][] = [];
  for (const page of pages) {
    const reportsOfPage = [...(runs.get(page) ?? [])].sort((a, b) => performanceOf(a) - performanceOf(b));
    const lhr = reportsOfPage[Math.floor(reportsOfPage.length / 2)];
    if (!lhr) {
      rows.push([page, 'no run completed ✗', '', '', '', '']);
      continue;
    }
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      await mkdir(reports, { recursive: true });
      const name = page === '/' ? 'home' : page.replace(/^\//, '').replace(/\//g, '_');
      await writeFile(path.join(reports, `${name}.json`), JSON.stringify(lhr, null, 1));
    }
    const score = (id: keyof typeof TARGETS) => {
      const value = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      return `${value}${value < TARGETS[id] ? ' ✗' : ''}`;
    };
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
    const scores = reportsOfPage.map(performanceOf);
    const milliseconds = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      return value === undefined ? '' : Math.round(value).toLocaleString('en');
    };
    rows.push([
      page,
      `${score('performance')}${scores.length > 1 ? ` (${scores[0]}–${scores.at(-1)})` : ''}`,
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      `${cls.toFixed(3)}${cls > CLS_TARGET ? ' ✗' : ''}`,
      milliseconds('total-blocking-time'),
      milliseconds('mainthread-work-breakdown'),
    ]);
    benchmarkIndexes.push(...reportsOfPage.map((report) => report.environment.benchmarkIndex));
    lighthouseVersion = lhr.lighthouseVersion;
    // What fell short, so a low score says where to look.
    for (const [id, category] of Object.entries(lhr.categories)) {
      for (const ref of category.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
          console.log(`  ${page} ${id}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
        }
      }
    }
  }
  const header = [
    'page',
    'performance',
    'accessibility',
    'best practices',
    'SEO',
    'CLS',
    'TBT ms',
    'main thread ms',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd((widths[column] ?? 0) + 2)).join('');
  console.log(
    `Lighthouse (mobile), median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page (performance's range in brackets), targets: performance, accessibility, best practices ≥ 95, SEO 100, CLS ≤ ${CLS_TARGET}`,
  );
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  // The simulated phone's timings scale with this machine's CPU and its browser's build: say which,
  // so figures from two machines are not read as a change of the code.
  benchmarkIndexes.sort((a, b) => a - b);
  const version = (await (await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).json()) as {
    Browser?: string;
  };
  console.log(
    `machine: ${version.Browser ?? 'unknown browser'}, Lighthouse ${lighthouseVersion}, benchmark index ${benchmarkIndexes[0] ?? '?'}–${benchmarkIndexes.at(-1) ?? '?'} (Lighthouse's measure of this machine's CPU; TBT and main-thread work are the median run's, simulated at 4× CPU slowdown)`,
  );
} finally {
  for (const child of children.reverse()) await stopChild(child);
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(profileDir, { recursive: true, force: true });
}
