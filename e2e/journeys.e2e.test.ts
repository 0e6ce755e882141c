/**
 * Browser journeys on the real built site (spec §2, §5, §6): locales and the language switch,
 * the guest guard, 404, the redirect table, robots noindex, canonical and hreflang, and a dialog
 * driven by the keyboard.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, withoutServiceWorker } from './browser.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function openPage(options: { width?: number; locale?: string } = {}): Promise<Page> {
  context = await withoutServiceWorker(
    await browser.newContext({
      viewport: { width: options.width ?? 1440, height: 900 },
      locale: options.locale ?? 'en-US',
    }),
  );
  page = await context.newPage();
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // Every console error fails the journey (CSP violations included).
    if (message.type() === 'error') {
      // 404 documents log their own status as a failed resource; that is the page working.
      if (!/status of 404/.test(message.text())) pageErrors.push(message.text());
    }
  });
  return page;
}

afterEach(async () => {
  expect(pageErrors).toEqual([]);
  await context?.close();
});

describe('locales', () => {
  test('home renders in English and French with the right <html lang>', async () => {
    const tab = await openPage();
    const english = await tab.goto(`${site.baseUrl}/`);
    expect(english?.status()).toBe(200);
    expect(await tab.getAttribute('html', 'lang')).toBe('en-US');
    expect(await tab.locator('h1').count()).toBe(1);
    await hydrated(tab);
    await expect(tab.getByRole('link', { name: 'Sign in' }).first().isVisible()).resolves.toBe(true);

    const french = await tab.goto(`${site.baseUrl}/fr`);
    expect(french?.status()).toBe(200);
    expect(await tab.getAttribute('html', 'lang')).toBe('fr-FR');
    await hydrated(tab);
    await expect(tab.getByRole('link', { name: 'Se connecter' }).first().isVisible()).resolves.toBe(true);
  });

  test('the language switch keeps the path and saves the choice in i18n_locale', async () => {
    const tab = await openPage();
    await tab.goto(`${site.baseUrl}/about?ref=1`);
    await hydrated(tab);
    await tab.getByTestId('language-switch').click();
    const dialog = tab.getByRole('dialog');
    await dialog.waitFor();
    await Promise.all([
      tab.waitForURL(`${site.baseUrl}/fr/about?ref=1`),
      dialog.getByRole('link', { name: 'Français' }).click(),
    ]);
    expect(await tab.getAttribute('html', 'lang')).toBe('fr-FR');
    const cookie = (await context.cookies()).find((entry) => entry.name === 'i18n_locale');
    expect(cookie?.value).toBe('fr');
    // About a year (spec §9: 365 days).
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    // The saved choice now sends unprefixed addresses to French.
    await tab.goto(`${site.baseUrl}/`);
    expect(new URL(tab.url()).pathname).toBe('/fr');

    // And back to English, the same way.
    await hydrated(tab);
    await tab.getByTestId('language-switch').click();
    await Promise.all([
      tab.waitForURL(`${site.baseUrl}/`),
      tab.getByRole('dialog').getByRole('link', { name: 'English' }).click(),
    ]);
    expect(await tab.getAttribute('html', 'lang')).toBe('en-US');
    expect((await context.cookies()).find((entry) => entry.name === 'i18n_locale')?.value).toBe('en');
  });

  test('a French browser landing on / is sent to /fr', async () => {
    const tab = await openPage({ locale: 'fr-FR' });
    await tab.goto(`${site.baseUrl}/`);
    expect(new URL(tab.url()).pathname).toBe('/fr');
    expect(await tab.getAttribute('html', 'lang')).toBe('fr-FR');
  });
});

describe('guards, errors and redirects', () => {
  test('a guest opening a player page lands home with redirectUrl', async () => {
    const tab = await openPage();
    await tab.goto(`${site.baseUrl}/profile/settings`);
    expect(tab.url()).toBe(`${site.baseUrl}/?redirectUrl=%2Fprofile%2Fsettings`);
    await tab.goto(`${site.baseUrl}/fr/cashier/paysuccess`);
    expect(tab.url()).toBe(`${site.baseUrl}/fr?redirectUrl=%2Ffr%2Fcashier%2Fpaysuccess`);
  });

  test('the browser guard stops client navigations too', async () => {
    const tab = await openPage();
    await tab.goto(`${site.baseUrl}/about`);
    await hydrated(tab);
    // A client-side navigation (no document request): the root clientMiddleware redirects.
    await tab.evaluate(() => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter;
      return router.navigate('/responsible-game');
    });
    await tab.waitForURL(`${site.baseUrl}/?redirectUrl=%2Fresponsible-game`);
  });

  test('an unknown address shows the 404 page with its path', async () => {
    const tab = await openPage();
    const response = await tab.goto(`${site.baseUrl}/nowhere/to/be/found`);
    expect(response?.status()).toBe(404);
    expect(await tab.title()).toContain('Page Not Found');
    await expect(tab.locator('main').innerText()).resolves.toContain('/nowhere/to/be/found');
    expect(await tab.locator('[data-system-page="notFound"]').count()).toBe(1);
  });

  test('a redirect-table entry moves the visitor, keeping the locale', async () => {
    const tab = await openPage();
    const response = await tab.goto(`${site.baseUrl}/fr/old-promotions`);
    expect(new URL(tab.url()).pathname).toBe('/fr/promotions');
    const first = response?.request().redirectedFrom();
    expect(first?.url()).toBe(`${site.baseUrl}/fr/old-promotions`);
    expect((await first?.response())?.status()).toBe(301);
  });
});

describe('SEO in the rendered page', () => {
  test('a robots-disallowed page is noindex, follow', async () => {
    const tab = await openPage();
    await tab.goto(`${site.baseUrl}/private-offer`);
    expect(await tab.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    await tab.goto(`${site.baseUrl}/about`);
    expect(await tab.locator('meta[name="robots"]').count()).toBe(0);
  });

  test('canonical and hreflang alternates', async () => {
    const tab = await openPage();
    await tab.goto(`${site.baseUrl}/fr/about/`);
    const canonical = await tab.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(/\/fr\/about$/);
    const base = (canonical ?? '').replace(/\/fr\/about$/, '');
    const alternates = await tab
      .locator('link[rel="alternate"]')
      .evaluateAll((links) =>
        links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
      );
    expect(alternates).toEqual([
      ['en', `${base}/about`],
      ['fr', `${base}/fr/about`],
      ['x-default', `${base}/about`],
    ]);
  });
});

describe('keyboard', () => {
  test('the language dialog opens and closes with the keyboard; focus returns', async () => {
    const tab = await openPage();
    await tab.goto(`${site.baseUrl}/`);
    await hydrated(tab);
    // The skip link comes first.
    await tab.keyboard.press('Tab');
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#main-content');
    const trigger = tab.getByTestId('language-switch');
    await trigger.focus();
    await tab.keyboard.press('Enter');
    const dialog = tab.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // Focus moved into the dialog and stays there.
    expect(await tab.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    for (let i = 0; i < 6; i += 1) await tab.keyboard.press('Tab');
    expect(await tab.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await tab.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'language-switch',
    );
  });

  test('the side menu curtain on a phone closes with Escape', async () => {
    const tab = await openPage({ width: 375 });
    await tab.goto(`${site.baseUrl}/`);
    await hydrated(tab);
    await tab.getByTestId('side-menu-button').click();
    const dialog = tab.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Casino' }).first().isVisible()).toBe(true);
    await tab.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await tab.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'side-menu-button',
    );
  });
});
