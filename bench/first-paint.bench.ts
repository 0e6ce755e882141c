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
import type { Browser } from 'playwright-core';
import { median, openSlowPhone, withSiteAndBrowser } from './slow-phone.ts';

const LOADS = Number(process.env.LOADS ?? 5);
const PAGES = ['/', '/gamehall', '/fr'];

interface Load {
  fcp: number;
  lcp: number;
  hydrated: number | null;
}

async function load(browser: Browser, url: string, withScripts: boolean): Promise<Load> {
  const { context, page } = await openSlowPhone(browser);
  try {
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

await withSiteAndBrowser('first-paint', async (base, browser) => {
  console.log(
    `site pages, ${LOADS} loads each: 150 ms latency, 1.6 Mbit/s down, CPU 4× slower (medians, ms); ` +
      'reference: the same page with its JavaScript chunks refused',
  );
  console.log('page          FCP (no JS)   FCP   FCP ÷ no JS   LCP   hydrated');
  for (const pagePath of PAGES) {
    const url = `${base}${pagePath}`;
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
});
