/**
 * The frame of a player journey file: one real site on a public port (the sandbox providers and
 * the game server reach it back at PUBLIC_URL), one browser, one context per test, and a test that
 * fails when any page of the context (the game frame and new tabs included) logged an error.
 *
 * `journeySite()` registers the vitest hooks where it is called (a file's top level) and gives the
 * site, `openPage`, `goto` and `shot`.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, withoutServiceWorker } from './browser.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

export type Lang = 'en' | 'fr';

export interface PageOptions {
  width?: number;
  /** axe-core goes in as an inline script; the site's CSP only trusts its own nonce. */
  bypassCSP?: boolean;
  /**
   * Refusals the journey provokes (a bet over a limit) are 4xx answers Chromium logs as failed
   * resources: with this, those lines are the journey working, not errors.
   */
  expectRefusals?: boolean;
}

export interface JourneySite {
  /** The running site (after the file's beforeAll). */
  readonly site: RunningSite;
  readonly context: BrowserContext | undefined;
  openPage(lang: Lang, options?: PageOptions): Promise<Page>;
  goto(page: Page, pathname: string): Promise<void>;
  shot(page: Page, name: string, fullPage?: boolean): Promise<void>;
}

/**
 * `name` names the screenshot folder (`$envVar` or a temporary `croupier-{name}-screens`);
 * `options.env` adds to the site's environment (the sportsbook journey turns its feed on).
 */
export function journeySite(
  name: string,
  envVar: string,
  options: { env?: Record<string, string> } = {},
): JourneySite {
  const screenshots = process.env[envVar] ?? path.join(os.tmpdir(), `croupier-${name}-screens`);
  let site: RunningSite | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(screenshots, { recursive: true });
    site = await startSite({
      publicPort: true,
      env: { API_RATE_LIMIT_PER_MINUTE: '100000', ...options.env },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    console.info(`${name} screenshots: ${screenshots}`);
  });

  afterEach(async () => {
    const errors = pageErrors;
    pageErrors = [];
    await context?.close();
    context = undefined;
    expect(errors).toEqual([]);
  });

  const running = (): RunningSite => {
    if (!site) throw new Error('the site starts in beforeAll');
    return site;
  };

  return {
    get site() {
      return running();
    },
    get context() {
      return context;
    },
    async openPage(lang, options = {}) {
      if (!browser) throw new Error('the browser starts in beforeAll');
      const width = options.width ?? 1440;
      context = await browser.newContext({
        viewport: { width, height: width < 768 ? 812 : 900 },
        deviceScaleFactor: 1,
        locale: lang === 'fr' ? 'fr-FR' : 'en-US',
        reducedMotion: 'reduce',
        bypassCSP: options.bypassCSP ?? false,
      });
      await withoutServiceWorker(context);
      // Every page of the context (a new tab too); messages from frames arrive through their page.
      context.on('page', (page) => {
        page.on('pageerror', (error) => pageErrors.push(error.message));
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          if (options.expectRefusals && /status of (4\d\d)/.test(message.text())) return;
          pageErrors.push(message.text());
        });
      });
      return await context.newPage();
    },
    async goto(page, pathname) {
      await page.goto(`${running().baseUrl}${pathname}`);
      await hydrated(page);
    },
    async shot(page, file, fullPage = false) {
      await page.screenshot({ path: path.join(screenshots, `${file}.png`), fullPage });
    },
  };
}
