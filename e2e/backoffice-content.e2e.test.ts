/**
 * The content desk in a browser (issue #18, ADR 050): a content editor — made as an operator makes
 * staff (`staff:create`, then the one-time setup link; the role needs no second factor) — signs in
 * to the French back office, opens the French about page, previews a new body (the server's
 * sanitiser applied: the script is gone), saves it, and the site's /fr/about shows it. The save is
 * in the audit log with the editor's name.
 */
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStaffAccount } from '../apps/server/src/modules/backoffice/backoffice.staff.ts';
import { launchBrowser } from './browser.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const EDITOR = { username: 'page-editor', email: 'page-editor@croupier.test', password: 'content-pass-1' };

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

test('a content editor changes the French about page and /fr/about shows it', async () => {
  context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await goto(page, '/fr/backoffice/content?collection=pages&locale=fr');
  await page.waitForURL(/\/fr\/backoffice\/sign-in/);
  const form = page.locator('form');
  await form.locator('input[name="identifier"]').fill(EDITOR.username);
  await form.locator('input[name="password"]').fill(EDITOR.password);
  await form.locator('button[type="submit"]').click();
  // Back where sign-in began: the French pages.
  await page.getByRole('heading', { name: 'Contenu' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Sections du back-office' }).last();
  expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Contenu', 'Domaines', 'Bannières']);

  const row = page.getByRole('row').filter({ hasText: 'about' });
  await row.getByRole('link', { name: 'Modifier' }).click();
  const body = page.getByLabel('Corps (HTML)');
  await body.waitFor();
  expect(await body.inputValue()).toContain('<h2>');

  await body.fill(
    '<h2>Notre maison</h2><p>Croupier, revu par l’équipe contenu.</p><script>document.title = "x"</script>',
  );
  await page.getByRole('button', { name: 'Aperçu' }).click();
  const preview = page.getByRole('region', { name: "Aperçu tel que le site l'affiche" });
  await preview.getByText('Croupier, revu par l’équipe contenu.').waitFor();
  expect(await preview.innerHTML()).not.toContain('script');

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText('Enregistré.').waitFor();
  // Saved sanitised: the editor now reads what the site stores.
  await page.waitForFunction(() => {
    const area = document.querySelector('textarea[name="body_html"]') as HTMLTextAreaElement | null;
    return area !== null && !area.value.includes('script');
  });

  await goto(page, '/fr/about');
  await page.getByRole('heading', { name: 'Notre maison' }).waitFor();
  await page.getByText('Croupier, revu par l’équipe contenu.').waitFor();
  expect(await page.title()).not.toBe('x');

  const audit = await site.harness.database.db.execute<{ outcome: string; username: string }>(
    sql`SELECT outcome, staff_username AS username FROM staff_audit_log
         WHERE action = 'content.update' ORDER BY id DESC LIMIT 1`,
  );
  expect(audit.rows[0]).toEqual({ outcome: 'done', username: EDITOR.username });
  expect(pageErrors).toEqual([]);
}, 60_000);
