/**
 * The installable app in Chromium (ADR 038): the service worker installs and says the site is
 * ready offline; offline, a page navigation gets the offline page in the path's language (French
 * under /fr) and API calls are not answered from any cache; the install prompt is offered and
 * answered; a new worker version (a changed `/sw.js`, announced by a new `/build.json`) takes over
 * and reloads the page.
 *
 * Chromium does not let a test intercept the byte check of a worker update, so the first install
 * is given an older `/sw.js` (the real script with another build comment, routed in the browser
 * context); the real script is then the new version, and `/build.json` names another build. The
 * page clock is fast-forwarded past the five-minute build poll.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from './browser.ts';
import { until } from './kit.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

let site: RunningSite;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function openPage(lang: 'en' | 'fr'): Promise<Page> {
  context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: lang === 'fr' ? 'fr-FR' : 'en-US',
    reducedMotion: 'reduce',
    serviceWorkers: 'allow',
  });
  return context.newPage();
}

/** The worker of this page's registration once it is activated. */
async function activeWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) return 'none';
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        });
      });
    }
    return `${registration.scope} ${new URL(worker.scriptURL).pathname}`;
  });
}

describe('the installable app', () => {
  test('the worker installs, the site is ready offline, and offline pages speak the path’s language', async () => {
    const page = await openPage('fr');
    // The worker and the manifest must load under the site's CSP without a single violation.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} blocked ${event.blockedURI}`);
      });
    });
    await page.goto(`${site.baseUrl}/fr`);
    await hydrated(page);
    expect(await activeWorker(page)).toBe(`${site.baseUrl}/ /sw.js`);
    await page.locator('html[data-offline-ready]').waitFor({ state: 'attached' });
    // The player installed nothing: no toast claims it (ADR 038's addendum).
    await page.waitForTimeout(500);
    expect(await page.locator('ol[aria-live="polite"] > li').allTextContents()).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-sw-error'))).toBe(false);
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);

    await context?.setOffline(true);
    await page.goto(`${site.baseUrl}/fr/promotions`);
    expect(await page.getByTestId('offline-title').textContent()).toBe('Vous êtes hors ligne');
    await page.goto(`${site.baseUrl}/promotions`);
    expect(await page.getByTestId('offline-title').textContent()).toBe('You are offline');
    // The API is never answered from a cache, not even for a call the page made online.
    const apiOffline = await page.evaluate(() =>
      fetch('/api/metadata.getgeneralinfo', { method: 'POST', body: '{}' }).then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    );
    expect(apiOffline).toBe('failed');

    await context?.setOffline(false);
    await page.goto(`${site.baseUrl}/fr/promotions`);
    await hydrated(page);
    expect(await page.getByTestId('offline-title').count()).toBe(0);
  }, 180_000);

  test('the install prompt is offered in the footer, and accepted or cancelled', async () => {
    const page = await openPage('en');
    await page.goto(`${site.baseUrl}/`);
    await hydrated(page);
    const button = page.getByTestId('install-app');
    expect(await button.count()).toBe(0);
    // Chromium's event, as the browser fires it once the site is installable.
    const offer = (outcome: 'accepted' | 'dismissed') =>
      page.evaluate((answer) => {
        const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
          prompt: () => Promise<void>;
          userChoice: Promise<{ outcome: string }>;
        };
        event.prompt = async () => {
          (window as unknown as { prompted?: number }).prompted =
            ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
        };
        event.userChoice = Promise.resolve({ outcome: answer });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }, outcome);

    expect(await offer('dismissed')).toBe(true);
    await button.click();
    await page.getByText('You can install the app later from this button.').waitFor();
    expect(await button.count()).toBe(0);

    await offer('accepted');
    await button.click();
    await page.getByText('The app is installed.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(2);
  });

  test('a new version of the worker takes over and the page reloads once', async () => {
    const page = await openPage('en');
    // First visit: an older worker (the real script with another build comment) is installed.
    let olderServed = 0;
    await context?.route('**/sw.js', async (route) => {
      olderServed += 1;
      const response = await route.fetch();
      await route.fulfill({ response, body: `${await response.text()}\n// build the-previous-build\n` });
    });
    await page.clock.install();
    await page.goto(`${site.baseUrl}/`);
    await hydrated(page);
    await activeWorker(page);
    expect(olderServed).toBe(1);

    // The deploy: the real /sw.js is now the newer one, and /build.json names another build.
    await context?.unroute('**/sw.js');
    await context?.route('**/build.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { id: 'the-next-build' } });
    });
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    // The player comes back: the page is now controlled by the older worker. The browser's own
    // update check on navigation, or the five-minute build poll, finds the newer one.
    await page.reload();
    await hydrated(page);
    await page.clock.fastForward('05:01');
    const reloadedAt = await until(
      'the guarded reload into the new worker',
      async () => {
        try {
          const value = await page.evaluate(() => sessionStorage.getItem('croupier:reload-guard'));
          return value ?? undefined;
        } catch {
          return undefined; // the page is reloading
        }
      },
      30_000,
    );
    expect(Number(reloadedAt)).toBeGreaterThan(0);
    await until('the reloaded page', async () => (loads >= 2 ? true : undefined), 30_000);
    await hydrated(page);
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return {
        controlled: navigator.serviceWorker.controller !== null,
        waiting: registration.waiting !== null,
        active: registration.active?.state,
      };
    });
    expect(state).toEqual({ controlled: true, waiting: false, active: 'activated' });
  }, 180_000);
});
