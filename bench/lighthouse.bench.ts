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
 *
 * `-- --against <git ref>` (or AGAINST=<ref>) also builds that commit in a worktree
 * (bench/reference-build.ts) and serves it beside this checkout, each on a database of its own; every
 * page is then measured on both, alternately (which one goes first swaps each run), and the table
 * gains each page's paired differences (this checkout minus the reference, run by run). On a machine
 * whose speed drifts (Lighthouse's benchmark index moved by 2× between runs here), that is the figure
 * that says whether a change helped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type DatabaseHandle, freePort, startEmbeddedPostgres } from '@croupier/db/database';
import lighthouse from 'lighthouse';
import { startBenchServer, stopChild, waitFor } from './bench-server.ts';
import { buildReference, type ReferenceBuild } from './reference-build.ts';

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

const { values } = parseArgs({ options: { against: { type: 'string' } } });
const against = values.against ?? process.env.AGAINST;

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
interface Build {
  name: string;
  base: string;
  /** Each page's report of each run (undefined: the run failed). */
  runs: Map<string, (Report | undefined)[]>;
}

/** Not mkdtemp: its 0700 mode would shut out the postgres OS user the embedded server runs as under root. */
const newDataDir = () =>
  path.join(os.tmpdir(), `croupier-lighthouse-${process.pid}-${randomBytes(4).toString('hex')}`);
const profileDir = path.join(os.tmpdir(), `croupier-lighthouse-chromium-${process.pid}`);
const children: ChildProcess[] = [];
const databases: { handle: DatabaseHandle; dataDir: string }[] = [];
let reference: ReferenceBuild | undefined;
try {
  if (against) {
    console.log(`building ${against} in a worktree to compare with…`);
    reference = await buildReference(against);
  }
  const serve = async (entry?: string) => {
    const dataDir = newDataDir();
    const handle = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
    databases.push({ handle, dataDir });
    const server = await startBenchServer({
      databaseUrl: handle.url,
      workers: 1,
      ...(entry ? { entry } : {}),
    });
    children.push(server.child);
    return server.base;
  };
  const builds: Build[] = [{ name: 'this checkout', base: await serve(), runs: new Map() }];
  if (reference) {
    builds.push({ name: reference.commit, base: await serve(reference.serverEntry), runs: new Map() });
  }
  const base = builds[0]?.base ?? '';

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

  // The pages take turns, and so do the builds (the first one swaps each run), so a slow moment of
  // the machine does not land on one page's or one build's runs only.
  for (let run = 0; run < RUNS; run++) {
    for (const page of pages) {
      for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
        // Default config: mobile form factor and simulated throttling.
        const result = await lighthouse(`${build.base}${page}`, {
          port: debuggingPort,
          logLevel: 'error',
          output: 'json',
          onlyCategories: Object.keys(TARGETS),
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        // A run Lighthouse could not complete (no paint in time, a lost tab) has no scores to count.
        const failure = result.lhr.runtimeError;
        if (failure) {
          console.log(
            `  ${page} (${build.name}) run ${run + 1} failed, left out: ${failure.code} ${failure.message}`,
          );
        }
        const reports = build.runs.get(page) ?? [];
        reports[run] = failure ? undefined : result.lhr;
        build.runs.set(page, reports);
      }
    }
  }

  const benchmarkIndexes: number[] = [];
  let lighthouseVersion = '?';
  const performanceOf = (report: Report) => Math.round((report.categories.performance?.score ?? 0) * 100);
  const tbtOf = (report: Report) => report.audits['total-blocking-time']?.numericValue ?? Number.NaN;
  const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
  const rows: string[][] = [];
  for (const page of pages) {
    for (const build of builds) {
      const label = builds.length > 1 ? `${page} (${build.name})` : page;
      const completed = (build.runs.get(page) ?? []).filter(
        (report): report is Report => report !== undefined,
      );
      const reportsOfPage = completed.sort((a, b) => performanceOf(a) - performanceOf(b));
      const lhr = reportsOfPage[Math.floor(reportsOfPage.length / 2)];
      if (!lhr) {
        rows.push([label, 'no run completed ✗', '', '', '', '']);
        continue;
      }
      const reports = process.env.LIGHTHOUSE_REPORTS;
      if (reports) {
        await mkdir(reports, { recursive: true });
        const name = page === '/' ? 'home' : page.replace(/^\//, '').replace(/\//g, '_');
        const suffix = build === builds[0] ? '' : `-${build.name}`;
        await writeFile(path.join(reports, `${name}${suffix}.json`), JSON.stringify(lhr, null, 1));
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
        label,
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
            console.log(`  ${label} ${id}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
          }
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

  // Run by run, this checkout minus the reference: the pair shares the machine's moment.
  const [current, referenceBuild] = builds;
  if (current && referenceBuild) {
    console.log(
      `\nthis checkout − ${referenceBuild.name}, paired run by run (median, then each run; performance points, TBT ms):`,
    );
    for (const page of pages) {
      const pairs = (current.runs.get(page) ?? []).flatMap((report, run) => {
        const other = referenceBuild.runs.get(page)?.[run];
        return report && other
          ? [{ performance: performanceOf(report) - performanceOf(other), tbt: tbtOf(report) - tbtOf(other) }]
          : [];
      });
      if (pairs.length === 0) {
        console.log(`  ${page}: no run completed on both`);
        continue;
      }
      const signed = (value: number) => `${value > 0 ? '+' : ''}${Math.round(value).toLocaleString('en')}`;
      const performances = pairs.map((pair) => pair.performance);
      const tbts = pairs.map((pair) => pair.tbt);
      console.log(
        `  ${page}: performance ${signed(median(performances) ?? 0)} (${performances.map(signed).join(', ')}), TBT ${signed(median(tbts) ?? 0)} (${tbts.map(signed).join(', ')})`,
      );
    }
  }

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
  for (const { handle, dataDir } of databases) {
    await handle.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  await rm(profileDir, { recursive: true, force: true });
  await reference?.remove();
}
