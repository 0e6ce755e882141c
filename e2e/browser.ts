/**
 * The browser for journeys: the system Chromium through playwright-core (ARCHITECTURE.md §7). A
 * missing browser is a clear error, never a silent skip.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install it (apt-get install chromium) or set CHROMIUM_PATH to its executable.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A browser context whose pages see no service worker API, as in a browser without one. The
 * site's worker precaches the player site's hashed assets (ADR 038: 226 files, ~1.7 MB) when a context first opens
 * a page; journeys open a fresh context per test, so each paid that download and the cache writes
 * again, for nothing they check. The worker has its own journey (pwa.e2e.test.ts) and the push
 * journey keeps it; the site without one must work anyway (spec §8).
 */
export async function withoutServiceWorker(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(() => {
    // Deleted, not set to undefined: `'serviceWorker' in navigator` must be false.
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  });
  return context;
}

/** A phone's user agent: with it the site lays a page out and behaves as it does on a phone. */
const PHONE_USER_AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

/**
 * The device a journey's context plays: `width` px wide; a phone (touch, a phone's user agent,
 * 812 px tall) below 768 px unless `phone` says otherwise, a desktop (900 px tall) above.
 */
export function device(width: number, phone = width < 768): BrowserContextOptions {
  return {
    viewport: { width, height: phone ? 812 : 900 },
    deviceScaleFactor: 1,
    ...(phone ? { isMobile: true, hasTouch: true, userAgent: PHONE_USER_AGENT } : {}),
  };
}
