/**
 * The domains desk in a browser (issue #18, ADR 053): a content editor — made as an operator makes
 * staff (`staff:create`, then the one-time setup link) — opens the `*` domain, adds a Disallow
 * pattern, sees it in the robots.txt preview, saves after the confirmation, and the site's
 * /robots.txt serves it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStaffAccount } from '../apps/server/src/modules/backoffice/backoffice.staff.ts';
import { launchBrowser } from './browser.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const EDITOR = {
  username: 'domain-editor',
  email: 'domain-editor@croupier.test',
  password: 'domains-pass-1',
};

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

test('a content editor adds a Disallow rule to the * domain and /robots.txt serves it', async () => {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  expect(await (await fetch(`${site.baseUrl}/robots.txt`)).text()).not.toContain('/e2e-private');

  await goto(page, '/backoffice/domains');
  await page.waitForURL(/\/backoffice\/sign-in/);
  const form = page.locator('form');
  await form.locator('input[name="identifier"]').fill(EDITOR.username);
  await form.locator('input[name="password"]').fill(EDITOR.password);
  await form.locator('button[type="submit"]').click();
  await page.getByRole('heading', { name: 'Domains' }).waitFor();

  await page.getByRole('link', { name: 'Edit * (every other host)' }).click();
  const disallow = page.getByLabel('Disallow (group 1)');
  await disallow.waitFor();
  await disallow.fill(`${await disallow.inputValue()}\n/e2e-private`);
  await page.getByTestId('robots-preview').getByText('Disallow: /e2e-private').waitFor();

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved.').waitFor();

  const served = await (await fetch(`${site.baseUrl}/robots.txt`)).text();
  expect(served).toContain('Disallow: /e2e-private');
  expect(pageErrors).toEqual([]);
}, 30_000);
