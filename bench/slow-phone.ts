/**
 * The phone the browser benchmarks load pages on: Lighthouse's mobile device (its default form
 * factor, so the server guesses the same screen class), a slow mobile network (150 ms latency,
 * 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed 4×, through Chromium's DevTools protocol.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@croupier/db/database';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/browser.ts';
import { startBenchServer } from './bench-server.ts';

export const PHONE = {
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
};

/** A new context with one page, throttled; the caller closes the context. */
export async function openSlowPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
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
  return { context, page };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Runs `work` against the real server (production build, demo seed, a process of its own) on an
 * embedded PostgreSQL started for it, with the system Chromium; stops all three afterwards.
 */
export async function withSiteAndBrowser(
  name: string,
  work: (base: string, browser: Browser) => Promise<void>,
): Promise<void> {
  const dataDir = path.join(os.tmpdir(), `croupier-${name}-${process.pid}-${randomBytes(4).toString('hex')}`);
  const database = await startEmbeddedPostgres({ dataDir, port: 0, database: 'croupier' });
  try {
    const server = await startBenchServer({ databaseUrl: database.url, workers: 1 });
    const browser = await launchBrowser();
    try {
      await work(server.base, browser);
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
