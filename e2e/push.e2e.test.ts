/**
 * Real-time push across nodes in Chromium (ADR 037): two server nodes on one database, a signed-in
 * player's page on node B, a deposit credited on node A. The header on B shows the new balance
 * without a reload and without the balance poll (no `account.getBalance` call), over the page's
 * `/api/stream` on B; in French too. The time from the credit's commit to the header is printed.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from './browser.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSecondNode, startSite } from './server.ts';

let site: RunningSite;
let nodeB: { baseUrl: string; close(): Promise<void> };
let browser: Browser;
let deposits = 0;

beforeAll(async () => {
  site = await startSite();
  nodeB = await startSecondNode(site);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await nodeB?.close();
  await site?.close();
});

async function playerPageOnB(
  lang: 'en' | 'fr',
): Promise<{ context: BrowserContext; page: Page; playerId: bigint; requests: Request[] }> {
  const player = await site.harness.createPlayer();
  const context = await browser.newContext({
    locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
    viewport: { width: 1280, height: 800 },
  });
  await context.addCookies([{ name: 'sid', value: player.token, url: nodeB.baseUrl }]);
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const stream = page.waitForRequest((request) => request.url() === `${nodeB.baseUrl}/api/stream`);
  await page.goto(`${nodeB.baseUrl}${lang === 'fr' ? '/fr' : '/'}`);
  await hydrated(page);
  await stream;
  await page.getByTestId('header-balance-main').waitFor();
  return { context, page, playerId: player.id, requests };
}

async function creditOnA(playerId: bigint, amountMinor: bigint): Promise<number> {
  deposits += 1;
  await site.harness.app.services.wallet.creditDeposit({
    playerId,
    currency: 'EUR',
    amountMinor,
    paymentId: `push-e2e-${deposits}-${playerId}`,
  });
  return Date.now();
}

describe('push across nodes', () => {
  // The site writes money the same way in both languages (the content's currency format).
  for (const lang of ['en', 'fr'] as const) {
    const shown = '€123.45';
    test(`a deposit credited on node A reaches the header of a page on node B (${lang})`, async () => {
      const { context, page, playerId, requests } = await playerPageOnB(lang);
      try {
        const header = page.getByTestId('header-balance-main');
        expect(await header.textContent()).not.toContain(shown);
        // The stream's first event (the balance) tells the page the stream is up.
        await page.waitForTimeout(500);
        const before = requests.length;
        const committed = await creditOnA(playerId, 12_345n);
        await page.waitForFunction(
          (text) =>
            document.querySelector('[data-testid="header-balance-main"]')?.textContent?.includes(text),
          shown,
          { timeout: 10_000, polling: 'raf' },
        );
        const latencyMs = Date.now() - committed;
        console.log(`push e2e (${lang}): credit on node A → header on node B in ${latencyMs} ms`);
        const polled = requests.slice(before).filter((request) => request.url().includes('getBalance'));
        expect(polled).toEqual([]);
        expect(page.url()).toBe(`${nodeB.baseUrl}${lang === 'fr' ? '/fr' : '/'}`);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});
