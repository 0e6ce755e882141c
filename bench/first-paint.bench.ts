/**
 * First paint benchmark (not a test; prints figures): how soon a player on a phone sees a site page
 * and can use it. `/`, `/gamehall` and `/fr` are opened in the system Chromium with a slow mobile
 * network (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed 4×, as Lighthouse's
 * mobile profile; each load records the first contentful paint, the largest contentful paint and
 * the moment the page is hydrated (`data-hydrated`). The reference, measured in the same run, is
 * the same page with its JavaScript chunks refused: the HTML and the stylesheet alone, the fastest
 * the server-rendered page can paint. The ratio says what the JavaScript costs the first paint
 * (ADR 060). Loads of the two kinds alternate; medians are printed.
 *
 * The server is the real one (production build, demo seed) in a process of its own, on an embedded
 * PostgreSQL this script starts.
 *
 * Usage: npm run build && npm run bench:first-paint   (LOADS=7 for more loads per page)
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@croupier/db/database';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/browser.ts';
import { startBenchServer } from './bench-server.ts';

const LOADS = Number(process.env.LOADS ?? 5);
const PAGES = ['/', '/gamehall', '/fr'];
/** Lighthouse's mobile device (its default form factor), so the server guesses the same screen class. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

interface Load {
  fcp: number;
  lcp: number;
  hydrated: number | null;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function load(browser: Browser, url: string, withScripts: boolean): Promise<Load> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (!withScripts) await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.addInitScript(() => {
      const record = window as unknown as { __benchLcp: number };
      record.__benchLcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.__benchLcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    if (withScripts) {
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), undefined, {
        polling: 20,
        timeout: 60_000,
      });
    }
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      undefined,
      {
        polling: 20,
        timeout: 60_000,
      },
    );
    return await page.evaluate((hydrated) => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const lcp = (window as unknown as { __benchLcp: number }).__benchLcp;
      return {
        fcp: Math.round(fcp),
        lcp: Math.round(lcp || fcp),
        hydrated: hydrated ? Math.round(performance.now()) : null,
      };
    }, withScripts);
  } finally {
    await context.close();
  }
}

const dataDir = path.join(
  os.tmpdir(),
  `croupier-first-paint-${process.pid}-${randomBytes(4).toString('hex')}`,
);
const database = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
try {
  const server = await startBenchServer({ databaseUrl: database.url, workers: 1 });
  const browser = await launchBrowser();
  try {
    console.log(
      `site pages, ${LOADS} loads each: 150 ms latency, 1.6 Mbit/s down, CPU 4× slower (medians, ms); ` +
        'reference: the same page with its JavaScript chunks refused',
    );
    console.log('page          FCP (no JS)   FCP   FCP ÷ no JS   LCP   hydrated');
    for (const pagePath of PAGES) {
      const url = `${server.base}${pagePath}`;
      const bare: Load[] = [];
      const full: Load[] = [];
      for (let round = 0; round < LOADS; round += 1) {
        // Alternate which kind goes first, so a slow moment of the machine hits both alike.
        if (round % 2 === 0) {
          bare.push(await load(browser, url, false));
          full.push(await load(browser, url, true));
        } else {
          full.push(await load(browser, url, true));
          bare.push(await load(browser, url, false));
        }
      }
      const reference = median(bare.map((entry) => entry.fcp));
      const fcp = median(full.map((entry) => entry.fcp));
      const lcp = median(full.map((entry) => entry.lcp));
      const hydrated = median(full.map((entry) => entry.hydrated ?? Number.NaN));
      console.log(
        `${pagePath.padEnd(12)}${String(reference).padStart(12)}${String(fcp).padStart(6)}` +
          `${`${(fcp / reference).toFixed(2)}×`.padStart(14)}${String(lcp).padStart(6)}${String(hydrated).padStart(11)}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
