/**
 * Screenshots for looking at the site as a player would (DESIGN.md): 375 px and 1440 px wide, in
 * English and French, for home, a content page, a system page and the 404 page. Saved to
 * e2e/screenshots/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { device, launchBrowser } from './browser.ts';
import { hydrated, painted } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const OUT = path.join(import.meta.dirname, 'screenshots');
const WIDTHS = [375, 1440] as const;
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'content', path: '/about' },
  { name: 'system-unsubscribe', path: '/unsubscribe' },
  { name: 'not-found', path: '/no/such/page' },
] as const;

let site: RunningSite;
let maintenance: RunningSite | undefined;
let browser: Browser;

/** Opens `url` and waits until it is hydrated and painted (fonts, images in view). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
  await painted(page);
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  site = await startSite();
  maintenance = await startSite({ env: { DOMAIN_STATE: 'maintenance' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await maintenance?.close();
});

test('screenshots at 375 and 1440 px, English and French', async () => {
  for (const width of WIDTHS) {
    for (const locale of ['en', 'fr'] as const) {
      const context = await browser.newContext(device(width));
      const page = await context.newPage();
      // Full-page captures of tall pages take tens of seconds on a loaded 2-core CI machine.
      page.setDefaultTimeout(90_000);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      for (const entry of PAGES) {
        const url = `${site.baseUrl}${locale === 'fr' ? (entry.path === '/' ? '/fr' : `/fr${entry.path}`) : entry.path}`;
        await open(page, url);
        await page.screenshot({
          path: path.join(OUT, `${entry.name}-${locale}-${width}.png`),
          fullPage: true,
        });
        // Tall phone pages are also saved in screen-sized parts, readable at full resolution.
        if (width < 768) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let top = 0, part = 1; top < height && part <= 6; top += 1500, part += 1) {
            await page.screenshot({
              path: path.join(OUT, `${entry.name}-${locale}-${width}-part${part}.png`),
              fullPage: true,
              clip: { x: 0, y: top, width, height: Math.min(1500, height - top) },
            });
          }
        }
      }
      // States behind a click or a session: a dialog, the side menu, a player's payment pages.
      await open(page, `${site.baseUrl}${locale === 'fr' ? '/fr' : '/'}`);
      if (width < 768) await page.getByTestId('side-menu-button').click();
      else await page.getByTestId('language-switch').click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(OUT, `dialog-${locale}-${width}.png`) });
      const player = await site.harness.createPlayer();
      await context.addCookies([{ name: 'sid', value: player.token, url: site.baseUrl }]);
      for (const result of ['paysuccess/tx-1029', 'paypending', 'payfail']) {
        await open(page, `${site.baseUrl}${locale === 'fr' ? '/fr' : ''}/cashier/${result}`);
        await page.screenshot({ path: path.join(OUT, `pay-${result.split('/')[0]}-${locale}-${width}.png`) });
      }
      await open(page, `${site.baseUrl}${locale === 'fr' ? '/fr' : ''}/_icons`);
      await page.screenshot({ path: path.join(OUT, `icons-${locale}-${width}.png`) });
      await open(page, `${site.baseUrl}${locale === 'fr' ? '/fr' : ''}/forms/sign_in`);
      await page.screenshot({ path: path.join(OUT, `sign-in-${locale}-${width}.png`) });
      await context.close();
      if (maintenance) {
        const closedContext = await browser.newContext({
          viewport: { width, height: width < 768 ? 812 : 900 },
        });
        const closedPage = await closedContext.newPage();
        await open(closedPage, `${maintenance.baseUrl}${locale === 'fr' ? '/fr' : '/'}`);
        await closedPage.screenshot({ path: path.join(OUT, `maintenance-${locale}-${width}.png`) });
        await closedContext.close();
      }
      expect(
        errors.filter((message) => !message.includes('404') && !message.includes('Applying inline style')),
      ).toEqual([]);
    }
  }
}, 420_000);
