/**
 * The banners desk in a browser (issue #18, ADR 052): a content editor — made as an operator makes
 * staff (`staff:create`, then the one-time setup link; the role needs no second factor) — signs in
 * to the back office, creates a home hero banner in English and French (the live preview is the
 * player's slide), and the French home page shows its French title at once.
 */
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStaffAccount } from '../apps/server/src/modules/backoffice/backoffice.staff.ts';
import { launchBrowser } from './browser.ts';
import { axeProblems } from './kit.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const EDITOR = { username: 'banner-editor', email: 'banner-editor@croupier.test', password: 'banner-pass-1' };

let site: RunningSite;
let browser: Browser;
let context: BrowserContext | undefined;
const pageErrors: string[] = [];

beforeAll(async () => {
  site = await startSite({ publicPort: true, env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  browser = await launchBrowser();
  const { link } = await createStaffAccount(site.harness.database.db, {
    email: EDITOR.email,
    username: EDITOR.username,
    role: 'content',
    origin: site.baseUrl,
    now: new Date(),
  });
  const code = new URLSearchParams(new URL(link).hash.slice(1)).get('code');
  const response = await fetch(`${site.baseUrl}/nfx/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, password: EDITOR.password, passwordConfirmation: EDITOR.password }),
  });
  if (!response.ok) throw new Error(`staff setup failed: ${await response.text()}`);
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.close();
});

async function goto(page: Page, pathname: string): Promise<void> {
  await page.goto(`${site.baseUrl}${pathname}`);
  await hydrated(page);
}

test('a content editor creates a home hero banner and /fr shows its French title', async () => {
  context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    bypassCSP: true,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await goto(page, '/backoffice/banners');
  await page.waitForURL(/\/backoffice\/sign-in/);
  const signIn = page.locator('form');
  await signIn.locator('input[name="identifier"]').fill(EDITOR.username);
  await signIn.locator('input[name="password"]').fill(EDITOR.password);
  await signIn.locator('button[type="submit"]').click();
  await page.getByRole('heading', { name: 'Banners', level: 1 }).waitFor();

  await page.getByRole('button', { name: 'New banner' }).click();
  await page.locator('input[name="key"]').fill('e2e-winter');
  await page.locator('select[name="position"]').selectOption('home_hero');
  // Lower comes first: the new banner is the hero's first slide.
  await page.locator('input[name="priority"]').fill('-100');
  await page.locator('input[name="link"]').fill('/promotions');
  for (const [locale, title] of [
    ['en', 'Winter welcome'],
    ['fr', 'Bienvenue hivernale'],
  ] as const) {
    await page.locator(`input[name="texts.${locale}.title"]`).fill(title);
    await page.locator(`textarea[name="texts.${locale}.text"]`).fill(`${title}: free spins all week.`);
    await page.locator(`input[name="texts.${locale}.image"]`).fill('/favicon.ico');
    await page.locator(`input[name="texts.${locale}.button_text"]`).fill('Go');
  }
  // The preview shows the language last edited, as the player's slide.
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByRole('heading', { name: 'Bienvenue hivernale' }).waitFor();
  expect(await axeProblems(page)).toEqual([]);

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Banner saved.').waitFor();
  await page.getByRole('row').filter({ hasText: 'e2e-winter' }).getByText('Live').waitFor();

  await goto(page, '/fr');
  await page.getByRole('heading', { name: 'Bienvenue hivernale' }).waitFor();

  const audit = await site.harness.database.db.execute<{ outcome: string; username: string }>(
    sql`SELECT outcome, staff_username AS username FROM staff_audit_log
         WHERE action = 'banners.create' ORDER BY id DESC LIMIT 1`,
  );
  expect(audit.rows[0]).toEqual({ outcome: 'done', username: EDITOR.username });
  expect(pageErrors).toEqual([]);
}, 40_000);
