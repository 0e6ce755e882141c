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
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@croupier/db/database';
import type { Frame, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser.ts';
import { startBenchServer } from './bench-server.ts';

const LOADS = Number(process.env.LOADS ?? 5);
/** Lighthouse's mobile device (its default form factor), so the server guesses the same screen class. */
const PHONE = {
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function gameFrame(page: Page): Promise<Frame> {
  for (;;) {
    const frame = page.frames().find((candidate) => candidate.url().includes('/rgs/play/'));
    if (frame) return frame;
    await page.waitForTimeout(20);
  }
}

const dataDir = path.join(
  os.tmpdir(),
  `croupier-game-frame-${process.pid}-${randomBytes(4).toString('hex')}`,
);
const database = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
try {
  const server = await startBenchServer({ databaseUrl: database.url, workers: 1 });
  const browser = await launchBrowser();
  try {
    const games = (await (await fetch(`${server.base}/api/games.get?v=2.34&locale=en&count=1`)).json()) as {
      data?: { items?: { sysname?: string }[] };
    };
    const game = games.data?.items?.[0]?.sysname;
    if (!game) throw new Error('no game in the demo seed');
    console.log(
      `game page, ${LOADS} loads each: 150 ms latency, 1.6 Mbit/s down, CPU 4× slower (medians, ms)`,
    );
    console.log('page                    site page hydrated   game playable   game / page');
    for (const pagePath of [`/game/${game}`, `/fr/game/${game}`]) {
      const hydratedMs: number[] = [];
      const playableMs: number[] = [];
      for (let load = 0; load < LOADS; load += 1) {
        const context = await browser.newContext(PHONE);
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
        const started = Date.now();
        await page.goto(`${server.base}${pagePath}`);
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
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}
