/**
 * The HTTP edge in a real browser: a production page runs under its Content Security Policy
 * without a single violation (zod is configured jitless, so it never probes `new Function`), and
 * a crafted `/en//host` address keeps the browser on this site.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from './browser.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A page that records every CSP violation (event and console report) from its first script on. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const page = await browser.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    // The CSP reports itself on the console too; the injected config script must not upset hydration.
    if (/content security policy|hydrat/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return { page, violations };
}

describe('the edge in a browser', () => {
  test('production pages hydrate and validate forms without any CSP violation', async () => {
    const { page, violations } = await watchedPage();
    // The sign-in page parses its form with the contract's zod schemas in the browser.
    await page.goto(`${site.baseUrl}/forms/sign_in`);
    await hydrated(page);
    await page.goto(`${site.baseUrl}/fr`);
    await hydrated(page);
    // Let late chunks (lazy locale bundles, route modules) evaluate.
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
    await page.close();
  });

  test('a doubled slash after a locale prefix stays on this site', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${site.baseUrl}/en//evil.example/phish`);
    const landed = new URL(page.url());
    expect(landed.origin).toBe(site.baseUrl);
    expect(landed.pathname).toBe('/evil.example/phish');
    expect(response?.status()).toBe(404);
    await page.close();
  });
});
