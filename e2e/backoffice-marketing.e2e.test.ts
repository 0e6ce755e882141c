/**
 * Marketing's desks in a browser (issue #18, ADR 049): a marketing staff member signs in at
 * /backoffice (no second factor: the role moves no money), sees only Tournaments, Jackpots and
 * Loyalty, creates a tournament through the form (a message first for what is missing, the player's
 * card as preview) and a guest then finds it on /tournaments; then renames a loyalty level and the
 * player's /loyalty page shows the new name on that level's card. Guests' pages may be served from
 * the page cache for a few seconds (ADR 043): the player side is read again until it shows. On a
 * phone, in French, each desk and its form fit the screen.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createStaff } from '../apps/server/src/modules/backoffice/staff-test-client.ts';
import { launchBrowser } from './browser.ts';
import { until } from './kit.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const MARKETER = { username: 'marketer', email: 'marketer@croupier.test', password: 'marketing-pass-1' };

let site: RunningSite;
let browser: Browser;
let context: BrowserContext | undefined;
let pageErrors: string[] = [];

beforeAll(async () => {
  site = await startSite({ publicPort: true, env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  browser = await launchBrowser();
  await createStaff(site.harness, 'marketing', MARKETER);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

afterEach(async () => {
  const errors = pageErrors;
  pageErrors = [];
  await context?.close();
  context = undefined;
  expect(errors).toEqual([]);
});

async function openPage(width = 1440): Promise<Page> {
  context = await browser.newContext({
    viewport: { width, height: width < 768 ? 812 : 900 },
    locale: 'en-US',
    ...(width < 768 ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 40[01]/.test(message.text()))
      pageErrors.push(message.text());
  });
  return page;
}

async function goto(page: Page, pathname: string): Promise<void> {
  await page.goto(`${site.baseUrl}${pathname}`);
  await hydrated(page);
}

async function signIn(page: Page, start: string): Promise<void> {
  await goto(page, start);
  await page.waitForURL(/\/backoffice\/sign-in/);
  const form = page.locator('form');
  await form.locator('input[name="identifier"]').fill(MARKETER.username);
  await form.locator('input[name="password"]').fill(MARKETER.password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.includes('/sign-in'));
  await page.locator('main h1').first().waitFor();
}

/** Reads a player page (a fresh guest each time) until `text` shows in `testId`'s element. */
async function playerSees(path: string, testId: string, text: string): Promise<void> {
  const guest = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  try {
    const page = await guest.newPage();
    await until(
      `${text} on ${path}`,
      async () => {
        await page.goto(`${site.baseUrl}${path}`);
        const texts = await page.getByTestId(testId).allInnerTexts();
        return texts.some((shown) => shown.includes(text)) ? true : undefined;
      },
      30_000,
    );
  } finally {
    await guest.close();
  }
}

test('marketing creates a tournament that players then see on /tournaments', async () => {
  const page = await openPage();
  await signIn(page, '/backoffice/tournaments');
  const nav = page.getByRole('navigation', { name: 'Back office sections' }).last();
  await nav.getByRole('link').first().waitFor();
  expect(await nav.getByRole('link').allInnerTexts()).toEqual([
    'Promotions',
    'Tournaments',
    'Jackpots',
    'Loyalty',
  ]);

  await page.getByRole('button', { name: 'New tournament' }).click();
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Use lower-case letters, digits and dashes (up to 63).').waitFor();

  await page.locator('input[name="key"]').fill('e2e-spring-cup');
  await page.locator('input[name="nameEn"]').fill('E2E Spring Cup');
  await page.locator('input[name="nameFr"]').fill('Coupe de printemps E2E');
  await page.locator('input[name="games"]').fill('neon-reels');
  await page.locator('input[name="prizes.0.value"]').fill('300');
  const preview = page.getByTestId('marketing-preview');
  await preview.getByRole('heading', { name: 'E2E Spring Cup' }).waitFor();
  expect(await preview.getByTestId('tournament-prize').innerText()).toContain('300');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Created.').first().waitFor();
  await page.getByRole('row', { name: /E2E Spring Cup/ }).waitFor();

  await playerSees('/tournaments', 'tournaments-future', 'E2E Spring Cup');
}, 60_000);

test('marketing renames a loyalty level and the player card shows it', async () => {
  const page = await openPage();
  await signIn(page, '/backoffice/loyalty');
  await page.getByRole('button', { name: 'Edit levels of Croupier Club' }).click();
  await page.locator('input[name="levels.1.nameEn"]').fill('Silver Star');
  const cards = page.getByTestId('marketing-preview').getByTestId('loyalty-level-card');
  await cards.filter({ hasText: 'Silver Star' }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved.').first().waitFor();
  await page.getByRole('row', { name: /Silver Star/ }).waitFor();

  await playerSees('/loyalty', 'loyalty-levels', 'Silver Star');
}, 60_000);

test('on a phone, in French, the three desks and their forms fit the screen', async () => {
  const page = await openPage(375);
  await signIn(page, '/fr/backoffice/tournaments');
  for (const [path, button] of [
    ['/fr/backoffice/tournaments', 'Nouveau tournoi'],
    ['/fr/backoffice/jackpots', 'Nouveau jackpot'],
    ['/fr/backoffice/loyalty', 'Modifier les niveaux de Club Croupier'],
  ] as const) {
    await goto(page, path);
    await page.getByRole('button', { name: button }).click();
    await page.getByTestId('marketing-preview').first().waitFor();
    await page.locator('main table').waitFor();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, path).toBeLessThanOrEqual(375);
  }
}, 60_000);
