/**
 * Browser journeys of the back office (issue #18, ADR 045): a payments staff member signs in at
 * /backoffice, sees only the sections their role allows, and approves a player's pending withdrawal
 * after the confirmation step; an admin's screens (payments, audit log, staff) at 375 and 1440 px in
 * English and French, none of which scrolls the page sideways (and, at 375 px, none with a serious
 * axe finding); a wrong password and an expired
 * token; and the player's home page, which never fetches the back office's code or texts.
 *
 * Staff are made as an operator makes them (`staff:create`, then the one-time setup link). The
 * withdrawal is a real one: a confirmed player deposits with the sandbox provider and asks for it.
 * Screenshots go to e2e/screenshots/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { base32Decode, totpAt } from '../apps/server/src/modules/auth/totp.ts';
import { createStaffAccount } from '../apps/server/src/modules/backoffice/backoffice.staff.ts';
import { createStaff as createEnrolledStaff } from '../apps/server/src/modules/backoffice/staff-test-client.ts';
import { confirmedPlayer, payAtProvider } from '../apps/server/src/modules/cashier/cashier-test-client.ts';
import { launchBrowser, withoutServiceWorker } from './browser.ts';
import { axeProblems } from './kit.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');

interface Staff {
  username: string;
  email: string;
  password: string;
}

const PAYMENTS: Staff = {
  username: 'pay-clerk',
  email: 'pay-clerk@croupier.test',
  password: 'payments-pass-1',
};
const ADMIN: Staff = { username: 'boss', email: 'boss@croupier.test', password: 'admin-password-1' };

let site: RunningSite;
let browser: Browser;
let context: BrowserContext | undefined;
let pageErrors: string[] = [];
let withdrawalId = 0;
let playerId = 0;
/** The admin's authenticator seed (base32), enrolled by the test client. */
let adminSecret = '';
/** The admin's token, from one sign-in in the browser, carried into the screenshot contexts. */
let adminToken = '';

/** The authenticator's code for `secret`, `offsetSteps` 30-second steps from now. */
function totpCode(secret: string, offsetSteps = 0): string {
  return totpAt(base32Decode(secret.replace(/\s/g, '')), Date.now() + offsetSteps * 30_000);
}

/** A staff member as an operator makes one: `staff:create`, then the setup link's password. */
async function createStaff(staff: Staff, role: Parameters<typeof createStaffAccount>[1]['role']) {
  const { link } = await createStaffAccount(site.harness.database.db, {
    email: staff.email,
    username: staff.username,
    role,
    origin: site.baseUrl,
    now: new Date(),
  });
  const code = new URLSearchParams(new URL(link).hash.slice(1)).get('code');
  const response = await fetch(`${site.baseUrl}/nfx/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, password: staff.password, passwordConfirmation: staff.password }),
  });
  if (!response.ok) throw new Error(`staff setup failed: ${await response.text()}`);
}

/** A confirmed player deposits 100 EUR with the sandbox provider and asks to withdraw 30. */
async function pendingWithdrawal(): Promise<number> {
  const { browser: player, uid } = await confirmedPlayer(site.harness);
  playerId = uid;
  const made = await player.call('cashier.makedeposit', { method: 'card', amount: '100' });
  const { redirect_url } = made.body.data as { redirect_url: string };
  await payAtProvider(redirect_url);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await site.harness.app.sandboxPsp?.deliverDue();
    const answer = await player.call('account.getBalance');
    if ((answer.body.data as { balance_main: { amount: string } }).balance_main.amount === '100.00') break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const withdrawal = await player.call('cashier.makewithdrawal', { method: 'card', amount: '30' });
  if (withdrawal.body.status !== 1) throw new Error(`withdrawal failed: ${JSON.stringify(withdrawal.body)}`);
  return (withdrawal.body.data as { id: number }).id;
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  site = await startSite({ publicPort: true, env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  browser = await launchBrowser();
  await createStaff(PAYMENTS, 'payments');
  const admin = await createEnrolledStaff(site.harness, 'admin', {
    username: ADMIN.username,
    email: ADMIN.email,
    password: ADMIN.password,
  });
  adminSecret = admin.secret ?? '';
  withdrawalId = await pendingWithdrawal();
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

async function openPage(
  options: { width?: number; locale?: string; serviceWorker?: boolean } = {},
): Promise<Page> {
  const width = options.width ?? 1440;
  const opened = await browser.newContext({
    viewport: { width, height: width < 768 ? 812 : 900 },
    deviceScaleFactor: 1,
    locale: options.locale ?? 'en-US',
    // axe-core goes in as an inline script.
    bypassCSP: true,
    ...(width < 768 ? { isMobile: true, hasTouch: true } : {}),
  });
  context = options.serviceWorker ? opened : await withoutServiceWorker(opened);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A refused sign-in or an expired token is a 4xx answer Chromium logs: the journey working.
    if (/status of 40[01]/.test(message.text())) return;
    pageErrors.push(message.text());
  });
  return page;
}

async function closeContext(): Promise<void> {
  await context?.close();
  context = undefined;
}

async function goto(page: Page, pathname: string): Promise<void> {
  await page.goto(`${site.baseUrl}${pathname}`);
  await hydrated(page);
}

/** Signs in through the form; `code` answers the second-factor step when the server asks for it. */
async function signIn(page: Page, staff: Staff, options: { start?: string; code?: () => string } = {}) {
  await goto(page, options.start ?? '/backoffice');
  await page.waitForURL(/\/backoffice\/sign-in/);
  const form = page.locator('form');
  await form.locator('input[name="identifier"]').fill(staff.username);
  await form.locator('input[name="password"]').fill(staff.password);
  await form.locator('button[type="submit"]').click();
  if (options.code) {
    await form.locator('input[name="code"]').fill(options.code());
    await form.locator('button[type="submit"]').click();
  }
  await page.waitForURL((url) => !url.pathname.includes('/sign-in'));
  await page.locator('main h1').first().waitFor();
}

/** The page is no wider than the screen (a phone would otherwise widen its layout viewport). */
async function noSidewaysScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(width);
}

test('a payments staff member signs in, sets up two-factor, and approves a pending withdrawal', async () => {
  const page = await openPage();
  await signIn(page, PAYMENTS);
  // The role moves money: two-factor enrolment comes first.
  await page.waitForURL(/\/backoffice\/two-factor$/);
  // No section is offered before enrolment (each would lead back here).
  expect(
    await page.getByRole('navigation', { name: 'Back office sections' }).last().getByRole('link').count(),
  ).toBe(0);
  await page.getByRole('button', { name: 'Set up an authenticator' }).click();
  const secret = await page.getByTestId('mfa-secret').innerText();
  expect(secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'backoffice-two-factor-1440-en.png') });
  await page.getByLabel('Code from the app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('heading', { name: `Welcome, ${PAYMENTS.username}` }).waitFor();
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['croupier.backoffice.jwt']);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('backoffice'))),
  ).toEqual([]);
  // Only the sections the role allows.
  const nav = page.getByRole('navigation', { name: 'Back office sections' }).last();
  expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Players', 'Payments', 'Deposits', 'Reports']);

  await nav.getByRole('link', { name: 'Payments' }).click();
  const row = page.getByRole('row').filter({ hasText: String(withdrawalId) });
  await row.waitFor();
  expect(await row.innerText()).toContain('€30.00');
  // Its risk signals: the player deposited before asking to withdraw.
  expect(await row.innerText()).toContain('Net deposits');
  await page.screenshot({ path: path.join(SCREENSHOTS, 'backoffice-payments-pending-1440-en.png') });

  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: `Approve withdrawal ${withdrawalId}?` });
  await dialog.waitFor();
  await page.screenshot({ path: path.join(SCREENSHOTS, 'backoffice-payments-confirm-1440-en.png') });
  expect(await axeProblems(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.getByText(`Withdrawal ${withdrawalId} approved.`).waitFor();
  await page.getByText('No withdrawals with this status.').waitFor();

  // Reads are audited too: the approval's row, by its action.
  const audit = await site.harness.database.db.execute<{ outcome: string; username: string; target: string }>(
    sql`SELECT outcome, staff_username AS username, target_id AS target FROM staff_audit_log
         WHERE action = 'cashier.approve_withdrawal' ORDER BY id DESC LIMIT 1`,
  );
  expect(audit.rows[0]).toEqual({ outcome: 'done', username: 'pay-clerk', target: String(withdrawalId) });

  // Approved, then paid out by the sandbox provider on its own: the tab of its status lists it.
  const stored = await site.harness.database.db.execute<{ status: string }>(
    sql`SELECT status FROM cashier_transactions WHERE id = ${withdrawalId}`,
  );
  const status = stored.rows[0]?.status ?? '';
  expect(['approved', 'processing', 'paid']).toContain(status);
  await page.getByRole('link', { name: status.charAt(0).toUpperCase() + status.slice(1) }).click();
  await page.getByRole('row').filter({ hasText: '€30.00' }).waitFor();
});

test('an admin signs in with a code', async () => {
  const first = await openPage();
  // The test client enrolled the admin in this 30-second step: the next step's code is the fresh one.
  await signIn(first, ADMIN, { code: () => totpCode(adminSecret, 1) });
  adminToken = (await first.evaluate(() => sessionStorage.getItem('croupier.backoffice.jwt'))) ?? '';
  expect(adminToken).not.toBe('');
  await closeContext();
});

// One test per language and width (fourteen screens each): each stays well inside the time limit on
// a slow machine. They use the token the admin got above.
const screens = (['en', 'fr'] as const).flatMap((locale) => [375, 1440].map((width) => ({ locale, width })));
test.each(screens)('the back office screens at $width px in $locale', async ({ locale, width }) => {
  expect(adminToken).not.toBe('');
  const page = await openPage({ width, locale: locale === 'fr' ? 'fr-FR' : 'en-US' });
  const prefix = locale === 'fr' ? '/fr' : '';
  await goto(page, `${prefix}/backoffice/sign-in`);
  await page.screenshot({ path: path.join(SCREENSHOTS, `backoffice-sign-in-${width}-${locale}.png`) });
  // The same tab's session: the token signed in above.
  await page.evaluate((token) => sessionStorage.setItem('croupier.backoffice.jwt', token), adminToken);
  for (const [name, pathname] of [
    ['home', '/backoffice'],
    ['players', '/backoffice/players?q=player'],
    ['player', `/backoffice/players/${playerId}`],
    ['payments', '/backoffice/withdrawals?status=paid'],
    ['deposits', '/backoffice/deposits'],
    // Tables with visually hidden headers: the page must still not scroll sideways.
    ['content', '/backoffice/content'],
    ['domains', '/backoffice/domains'],
    ['banners', '/backoffice/banners'],
    ['audit', '/backoffice/audit'],
    ['staff', '/backoffice/staff'],
    ['tournaments', '/backoffice/tournaments'],
    ['loyalty', '/backoffice/loyalty'],
    ['offers', '/backoffice/promotions?tab=offers'],
  ] as const) {
    await goto(page, `${prefix}${pathname}`);
    await page.locator('main h1').first().waitFor();
    await page.locator('main table, main p, main ul').first().waitFor();
    await noSidewaysScroll(page, width);
    // On a phone, where tables scroll inside their box (a keyboard must reach the scroll).
    if (width === 375) expect(await axeProblems(page), pathname).toEqual([]);
    await page.screenshot({
      path: path.join(SCREENSHOTS, `backoffice-${name}-${width}-${locale}.png`),
      fullPage: true,
    });
  }
  await closeContext();
});

test('an admin finds a player, adds a note and adjusts the balance after confirming', async () => {
  const page = await openPage();
  await goto(page, '/backoffice/sign-in');
  await page.evaluate((token) => sessionStorage.setItem('croupier.backoffice.jwt', token), adminToken);
  await goto(page, '/backoffice/players');
  await page.getByLabel('ID, login, email or phone').fill(String(playerId));
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: String(playerId) })
    .getByRole('link')
    .click();
  await page.getByRole('region', { name: 'Money and verification' }).waitFor();
  expect(await page.getByRole('region', { name: 'Money and verification' }).innerText()).toContain('€70.00');

  await page.getByLabel('New note').fill('Called the player about the withdrawal.');
  await page.getByRole('button', { name: 'Add the note' }).click();
  await page.getByText('Note added.').waitFor();
  await page.getByText('Called the player about the withdrawal.').waitFor();

  await page.getByLabel('Amount', { exact: true }).fill('5.50');
  await page.getByLabel('Reason', { exact: true }).fill('goodwill credit');
  await page.getByRole('button', { name: 'Adjust the balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adjust the balance?' });
  expect(await dialog.innerText()).toContain('€5.50 will be credited to the main balance');
  expect(await axeProblems(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Adjust the balance' }).click();
  await page.getByText('Balance adjusted: €5.50.').waitFor();
  await page.getByRole('region', { name: 'Money and verification' }).getByText('€75.50').waitFor();
  await page.screenshot({
    path: path.join(SCREENSHOTS, 'backoffice-player-adjusted-1440-en.png'),
    fullPage: true,
  });
});

test('a wrong password is told in words; an expired token leads back to sign-in', async () => {
  const page = await openPage();
  await goto(page, '/backoffice/sign-in');
  await page.locator('input[name="identifier"]').fill(ADMIN.username);
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('alert').filter({ hasText: 'Wrong identifier or password.' }).waitFor();

  await page.evaluate(() => sessionStorage.setItem('croupier.backoffice.jwt', 'expired.token.value'));
  await goto(page, '/backoffice/audit');
  await page.waitForURL(/\/backoffice\/sign-in\?next=%2Fbackoffice%2Faudit/);
  expect(await page.evaluate(() => sessionStorage.getItem('croupier.backoffice.jwt'))).toBeNull();
});

test('the back office is noindex, and players never download it', async () => {
  // With the service worker: its precache downloads are requests too (the context's, not the page's).
  const page = await openPage({ serviceWorker: true });
  const fetched: string[] = [];
  page.context().on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await goto(page, '/');
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-offline-ready'));
  expect(fetched.filter((url) => url.startsWith('/assets/')).length).toBeGreaterThan(50);
  expect(fetched.filter((url) => /backoffice/i.test(url))).toEqual([]);
  expect(await page.locator('a[href*="backoffice"]').count()).toBe(0);

  const shell = await fetch(`${site.baseUrl}/backoffice`);
  const html = await shell.text();
  expect(shell.status).toBe(200);
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
});
