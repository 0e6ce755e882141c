/**
 * The promotions desk in a browser (issue #18, ADR 048): a marketing staff member (no second factor
 * for this role) signs in at /backoffice, opens Promotions → Offers, and creates a promo code for
 * the seeded promo-code offer; a player then redeems that code on /offers and gets the offer's
 * bonus. The player is a signed-in session made by the test harness (sign-up has its own journeys).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createStaff } from '../apps/server/src/modules/backoffice/staff-test-client.ts';
import { launchBrowser } from './browser.ts';
import { axeProblems } from './kit.ts';
import { hydrated, interactive } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');
const CODE = 'E2ESPRING';
const MARKETING = { username: 'promo-lead', email: 'promo-lead@croupier.test', password: 'marketing-pass-1' };

let site: RunningSite;
let browser: Browser;
const contexts: BrowserContext[] = [];
let pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  site = await startSite({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  browser = await launchBrowser();
  await createStaff(site.harness, 'marketing', { ...MARKETING, mfa: false });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

afterEach(async () => {
  const errors = pageErrors;
  pageErrors = [];
  for (const context of contexts.splice(0)) await context.close();
  expect(errors).toEqual([]);
});

async function openPage(cookies: { name: string; value: string }[] = []): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    bypassCSP: true,
  });
  contexts.push(context);
  if (cookies.length > 0) await context.addCookies(cookies.map((c) => ({ ...c, url: site.baseUrl })));
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 40[01]/.test(message.text()))
      pageErrors.push(message.text());
  });
  return page;
}

test('marketing creates a promo code in the back office; a player redeems it on /offers and gets the bonus', async () => {
  // --- The marketing staff member -------------------------------------------------------------
  const staff = await openPage();
  await staff.goto(`${site.baseUrl}/backoffice`);
  await hydrated(staff);
  await staff.waitForURL(/\/backoffice\/sign-in/);
  const form = staff.locator('form');
  await form.locator('input[name="identifier"]').fill(MARKETING.username);
  await form.locator('input[name="password"]').fill(MARKETING.password);
  await form.locator('button[type="submit"]').click();
  await staff.getByRole('heading', { name: `Welcome, ${MARKETING.username}` }).waitFor();
  const nav = staff.getByRole('navigation', { name: 'Back office sections' }).last();
  expect(await nav.getByRole('link').allInnerTexts()).toEqual([
    'Promotions',
    'Tournaments',
    'Jackpots',
    'Loyalty',
  ]);

  await nav.getByRole('link', { name: 'Promotions' }).click();
  await staff.getByRole('heading', { name: 'Promotions', level: 1 }).waitFor();
  await staff.getByRole('link', { name: 'Offers and promo codes' }).click();
  const row = staff.getByTestId('offer-row-promo-no-deposit');
  await row.getByRole('link', { name: 'Promo codes' }).click();
  await staff.getByRole('heading', { name: 'Promo codes of promo-no-deposit' }).waitFor();
  await staff.getByTestId('promo-codes-input').fill(CODE.toLowerCase());
  await staff.getByTestId('promo-codes-create').click();
  await staff.getByText('1 code created.').waitFor();
  await staff.getByRole('cell', { name: CODE, exact: true }).waitFor();
  const download = staff.waitForEvent('download');
  await staff.getByTestId('promo-codes-download').click();
  expect((await download).suggestedFilename()).toBe('promo-no-deposit-codes.csv');
  expect(await axeProblems(staff)).toEqual([]);

  await staff.screenshot({
    path: path.join(SCREENSHOTS, 'backoffice-promo-codes-1280-en.png'),
    fullPage: true,
  });
  // The popup editor previews with the player's popup; a phone-width page never scrolls sideways.
  await staff.setViewportSize({ width: 375, height: 812 });
  await staff.getByRole('link', { name: 'Campaign popups' }).click();
  await staff.getByRole('link', { name: 'New popup' }).click();
  await staff.locator('textarea[name="content.en"]').fill('Ten euros for you.');
  await staff.getByTestId('popup-preview').getByText('Ten euros for you.').waitFor();
  expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axeProblems(staff)).toEqual([]);
  await staff.screenshot({
    path: path.join(SCREENSHOTS, 'backoffice-popup-editor-375-en.png'),
    fullPage: true,
  });

  // --- The player -----------------------------------------------------------------------------
  const player = await site.harness.createPlayer();
  const page = await openPage([{ name: 'sid', value: player.token }]);
  await page.goto(`${site.baseUrl}/offers`);
  await hydrated(page);
  await interactive(page, 'promo-code-submit');
  await page.getByTestId('promo-code-input').fill(CODE);
  await page.getByTestId('promo-code-submit').click();
  await page.getByRole('dialog', { name: 'Promo code activated' }).waitFor();

  const bonuses = await site.harness.database.db.execute<{ key: string; status: string }>(
    sql`SELECT t.key, b.status FROM player_bonuses b JOIN bonus_templates t ON t.id = b.template_id
        WHERE b.player_id = ${player.id}`,
  );
  expect(bonuses.rows).toEqual([{ key: 'no-deposit-10', status: 'available' }]);
  const audit = await site.harness.database.db.execute<{ action: string; outcome: string }>(
    sql`SELECT action, outcome FROM staff_audit_log WHERE action = 'promo_codes.create'`,
  );
  expect(audit.rows).toEqual([{ action: 'promo_codes.create', outcome: 'done' }]);
});
