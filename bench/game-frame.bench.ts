/**
 * Game page benchmark (not a test; prints figures): how long a player on a phone waits for a game.
 * `/game/{sysname}` and its French twin are opened in the system Chromium with a slow mobile
 * network (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed 4×; each load times
 * the site's page until it is hydrated (the reference, measured in the same load) and the game in
 * its frame until the play button has its React handlers, and prints the medians and their ratio.
 *
 * The server is the real one (production build, demo seed) in a process of its own, on an embedded
 * PostgreSQL this script starts.
 *
 * Usage: npm run build && npm run bench:game-frame   (LOADS=7 for more loads per page)
 */
import type { Frame, Page } from 'playwright-core';
import { median, openSlowPhone, withSiteAndBrowser } from './slow-phone.ts';

const LOADS = Number(process.env.LOADS ?? 5);

async function gameFrame(page: Page): Promise<Frame> {
  for (;;) {
    const frame = page.frames().find((candidate) => candidate.url().includes('/rgs/play/'));
    if (frame) return frame;
    await page.waitForTimeout(20);
  }
}

await withSiteAndBrowser('game-frame', async (base, browser) => {
  const games = (await (await fetch(`${base}/api/games.get?v=2.34&locale=en&count=1`)).json()) as {
    data?: { items?: { sysname?: string }[] };
  };
  const game = games.data?.items?.[0]?.sysname;
  if (!game) throw new Error('no game in the demo seed');
  console.log(`game page, ${LOADS} loads each: 150 ms latency, 1.6 Mbit/s down, CPU 4× slower (medians, ms)`);
  console.log('page                    site page hydrated   game playable   game / page');
  for (const pagePath of [`/game/${game}`, `/fr/game/${game}`]) {
    const hydratedMs: number[] = [];
    const playableMs: number[] = [];
    for (let load = 0; load < LOADS; load += 1) {
      const { context, page } = await openSlowPhone(browser);
      const started = Date.now();
      await page.goto(`${base}${pagePath}`);
      const siteHydrated = page
        .waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), undefined, {
          polling: 20,
          timeout: 60_000,
        })
        .then(() => Date.now() - started);
      const frame = await gameFrame(page);
      await frame.waitForFunction(
        () => {
          const button = document.querySelector('[data-testid="rgs-play"]');
          return button !== null && Object.keys(button).some((key) => key.startsWith('__reactProps'));
        },
        undefined,
        { polling: 20, timeout: 60_000 },
      );
      playableMs.push(Date.now() - started);
      hydratedMs.push(await siteHydrated);
      await context.close();
    }
    const page = median(hydratedMs);
    const playable = median(playableMs);
    console.log(
      `${pagePath.padEnd(24)}${String(page).padStart(18)}${String(playable).padStart(16)}${`${(playable / page).toFixed(2)}×`.padStart(14)}`,
    );
  }
});
