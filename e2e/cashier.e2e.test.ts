/**
 * Browser journeys of the cashier (spec §2–§5, §8): a player signs up, deposits with the sandbox
 * provider's success card on its hosted page, lands on the success page and sees the balance change
 * in the header and the wallet; deposits with the decline card and lands on the failed page;
 * requests a withdrawal (after confirming the login email with the code from the development
 * mailbox), cancels it and sees the funds back; sets a small deposit limit and hits it; reads the
 * history tabs and a receipt.
 *
 * The site listens on a real port with PUBLIC_URL set to it: the sandbox provider (mounted in the
 * same server, spoken to over HTTP only) sends the player back and delivers its signed webhooks
 * there, from its own background loop. Screenshots of deposit, withdraw, history, wallet, a receipt
 * and the success and failed pages at 375 and 1440 px in English and French go to e2e/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { device, launchBrowser, withoutServiceWorker } from './browser.ts';
import { hydrated, interactive } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');
const PASSWORD = 'Secret-123';
const SUCCESS_CARD = '4242 4242 4242 4242';
const DECLINE_CARD = '4000 0000 0000 0002';

let site: RunningSite;
let browser: Browser;
let context: BrowserContext | undefined;
let pageErrors: string[] = [];

/** The journey's player, shared by the tests in order (each opens its own browser context). */
const player = {
  email: `cashier-${Date.now()}@example.test`,
  cookies: [] as Awaited<ReturnType<BrowserContext['cookies']>>,
  successId: 0,
  failId: 0,
};

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  site = await startSite({ publicPort: true, env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  browser = await launchBrowser();
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

async function openPage(options: { width?: number; locale?: string } = {}): Promise<Page> {
  const width = options.width ?? 1440;
  context = await withoutServiceWorker(
    await browser.newContext({
      ...device(width),
      locale: options.locale ?? 'en-US',
    }),
  );
  if (player.cookies.length > 0) await context.addCookies(player.cookies);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Refusals (a deposit over the limit, a bad field) are 4xx answers Chromium logs as failed
    // resources: those are the journeys working.
    const url = new URL(message.location().url || 'about:blank', 'http://x');
    if (url.pathname.startsWith('/api/') && /status of 4\d\d/.test(message.text())) return;
    pageErrors.push(message.text());
  });
  return page;
}

async function goto(page: Page, pathname: string): Promise<void> {
  await page.goto(`${site.baseUrl}${pathname}`);
  await hydrated(page);
}

interface Envelope {
  status: number;
  data?: unknown;
  error?: { type: string; code: string };
}

/** The player API in the browser context (its session cookie included). */
async function api(name: string, form: Record<string, string> = {}, http: 'GET' | 'POST' = 'POST') {
  if (!context) throw new Error('no browser context');
  const url = `${site.baseUrl}/api/${name}?v=2.34&locale=en`;
  const response =
    http === 'POST'
      ? await context.request.post(url, { form, headers: { origin: site.baseUrl } })
      : await context.request.get(`${url}&${new URLSearchParams(form)}`);
  return (await response.json()) as Envelope;
}

async function mailCode(to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${site.baseUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    const { items } = (await response.json()) as { items: { code: string | null }[] };
    const code = items.find((item) => item.code !== null)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${to}`);
}

async function headerBalance(page: Page): Promise<string> {
  return await page.getByTestId('header-balance').locator('.amount').innerText();
}

/** Waits until the header shows `amount` (the result page polls; the webhook arrives on its own). */
async function expectHeaderBalance(page: Page, amount: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="header-balance"] .amount')?.textContent?.trim() === expected,
    amount,
    { timeout: 30_000 },
  );
}

/** Fills the deposit form and leaves for the provider's hosted page. */
async function startDeposit(page: Page, amount: string): Promise<void> {
  const input = page.getByTestId('amount-input');
  await interactive(page, 'amount-input');
  await input.fill(amount);
  await page.getByRole('button', { name: `Deposit €${amount}.00` }).waitFor();
  await page.getByTestId('deposit-submit').click();
  await page.waitForURL(/\/sandbox\/psp\/pay\//);
}

/** The provider's own page: a test card, any future expiry, any CVC. */
async function payWithCard(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Jane Player');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe('cashier journeys', () => {
  test('sign up, deposit with the success card, land on the success page, see the balance change', async () => {
    const page = await openPage();
    await goto(page, '/');
    // An adult: deposits need a birth date of age.
    const registered = await api('auth.register', {
      login: player.email,
      password: PASSWORD,
      terms: '1',
      birth_date: '01.01.1990',
    });
    expect(registered.status).toBe(1);
    // The limit prompt before the first deposit (ADR 029; component tests cover it): skipped.
    expect((await api('responsibleGaming.answerLimitPrompt', { answer: 'skipped' })).status).toBe(1);
    player.cookies = await context!.cookies();

    // /cashier goes to deposit; the content's default method is preselected.
    await goto(page, '/cashier');
    expect(new URL(page.url()).pathname).toBe('/cashier/deposit');
    expect(await page.title()).toBe('Deposit | Croupier');
    await page.getByTestId('deposit-form').waitFor();
    expect(await headerBalance(page)).toBe('€0.00');

    // The spec §5 sum rule as the player types: both bounds in the currency.
    await interactive(page, 'amount-input');
    await page.getByTestId('amount-input').fill('5');
    await page.getByText('Enter an amount from €10.00 to €5,000.00').waitFor();
    await page.getByTestId('amount-input').fill('05');
    await page.getByText('Enter an amount from €10.00 to €5,000.00').waitFor();
    // A preset fills the amount.
    await page.getByTestId('preset-50').click();
    expect(await page.getByTestId('amount-input').inputValue()).toBe('50');
    await page.getByRole('button', { name: 'Deposit €50.00' }).waitFor();

    await startDeposit(page, '25');
    await payWithCard(page, SUCCESS_CARD);
    await page.waitForURL(/\/cashier\/paysuccess\/\d+$/);
    await hydrated(page);
    player.successId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('payment-result-transaction').waitFor();
    expect(await page.getByTestId('transaction-amount').innerText()).toContain('€25.00');
    // The webhook lands on its own; the page polls and the header follows.
    await expectHeaderBalance(page, '€25.00');
    await page.locator('[data-testid="transaction-status"] [data-status="succeeded"]').waitFor();

    await goto(page, '/cashier/wallet');
    expect(await page.getByTestId('wallet-main').innerText()).toBe('€25.00');
    // The detalization in the cashier header lists it.
    await page.getByTestId('deposit-detalization').click();
    const detalization = page.getByTestId('deposit-detalization');
    expect(await detalization.locator('summary').innerText()).toContain('€25.00');
    await detalization.locator('li [data-status="succeeded"]').waitFor();
  });

  test('deposit with the decline card and land on the failed page', async () => {
    const page = await openPage();
    await goto(page, '/cashier/deposit/card');
    await startDeposit(page, '30');
    await payWithCard(page, DECLINE_CARD);
    await page.waitForURL(/\/cashier\/payfail\/\d+$/);
    await hydrated(page);
    player.failId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('Payment failed').waitFor();
    await page.getByText('Your card was declined by your bank.').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="transaction-status"] [data-status="failed"]').waitFor();
    expect(await headerBalance(page)).toBe('€25.00');
  });

  test('a withdrawal waits for a confirmed email; request one, cancel it, see the funds back', async () => {
    const page = await openPage();
    await goto(page, '/cashier/withdraw');
    const gate = page.getByTestId('withdraw-gate-confirm_contact');
    await gate.waitFor();
    expect(await gate.getByRole('link', { name: 'Confirm my contact' }).getAttribute('href')).toBe(
      '/profile/settings',
    );
    expect(await page.getByTestId('withdraw-form').count()).toBe(0);

    // Confirm the login email with the code from the development mailbox.
    expect((await api('account.sendconfirmationtocontact', { contact: player.email })).status).toBe(1);
    const code = await mailCode(player.email);
    expect((await api('account.confirmContact', { contact: player.email, code })).status).toBe(1);

    await goto(page, '/cashier/withdraw');
    await page.getByTestId('withdraw-form').waitFor();
    expect(await page.getByTestId('withdrawable-amount').innerText()).toBe('€25.00');

    // Bank transfer asks for an IBAN and a holder, checked with the shared rules as typed.
    await interactive(page, 'amount-input');
    await page.getByTestId('withdraw-method-bank_transfer').click();
    await page.getByTestId('requisite-iban').fill('FR76 3000 6000 0112 3456 7890 188');
    await page.getByText('Wrong iban').waitFor();
    await page.getByTestId('requisite-iban').fill('FR76 3000 6000 0112 3456 7890 189');
    expect(await page.getByText('Wrong iban').count()).toBe(0);

    // The card goes back to the card deposited with.
    await page.getByTestId('withdraw-method-card').click();
    await page.getByTestId('amount-input').fill('10');
    await page.getByText('Enter an amount from €20.00 to €5,000.00').waitFor();
    await page.getByTestId('amount-input').fill('20');
    await page.getByTestId('withdraw-submit').click();
    const open = page.getByTestId('open-withdrawal');
    await open.waitFor();
    expect(await page.getByTestId('open-withdrawal-amount').innerText()).toBe('€20.00');
    await open.getByText('Awaiting approval').waitFor();
    await expectHeaderBalance(page, '€5.00');

    await page.getByTestId('cancel-withdrawal').click();
    await page
      .getByRole('dialog', { name: 'Cancel this withdrawal?' })
      .getByRole('button', { name: 'Cancel withdrawal' })
      .click();
    await page.getByText('Withdrawal cancelled').waitFor();
    await expectHeaderBalance(page, '€25.00');
    await page.getByTestId('withdraw-form').waitFor();
    expect(await page.getByTestId('withdrawable-amount').innerText()).toBe('€25.00');
  });

  test('history tabs, 4 per page, and a receipt', async () => {
    const page = await openPage();
    // Three deposits left at the provider's page: five in all, more than one page of 4.
    for (let index = 0; index < 3; index += 1) {
      expect((await api('cashier.makedeposit', { method: 'card', amount: '10' })).status).toBe(1);
    }
    await goto(page, '/cashier/history');
    await interactive(page, 'history-tab-withdrawal');
    const rows = page.getByTestId('history-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(4);
    expect(await page.getByTestId('history-tab-deposit').getAttribute('aria-current')).toBe('page');
    await page.getByText('4 of 5').waitFor();
    await page.getByTestId('history-more').click();
    await page.getByText('5 of 5').waitFor();
    expect(await rows.count()).toBe(5);
    expect(await page.getByTestId('history-more').count()).toBe(0);
    expect(await page.locator('[data-testid="history-row"][data-status="pending"]').count()).toBe(3);
    await page.getByTestId('history-tab-withdrawal').click();
    await page.waitForURL(/tab=withdrawal/);
    await page.locator('[data-testid="history-row"][data-status="canceled"]').waitFor();
    expect(await rows.count()).toBe(1);

    await rows.first().click();
    await page.waitForURL(/\/cashier\/receipt\?id=\d+/);
    await page.getByTestId('receipt').getByText('Withdrawal from your account').waitFor();
    await page.getByTestId('receipt-rules').waitFor();

    // Old billing addresses still work.
    await goto(page, '/cashier/billing/card');
    expect(new URL(page.url()).pathname).toBe('/cashier/deposit/card');
    await goto(page, '/fr/cashier/billing');
    expect(new URL(page.url()).pathname).toBe('/fr/cashier/deposit');
  });

  test('set a small deposit limit and hit it', async () => {
    const page = await openPage();
    await goto(page, '/cashier/deposit');
    const limits = page.getByTestId('deposit-limits');
    await limits.getByText('You have no deposit limit.').waitFor();
    await interactive(page, 'deposit-limit-open');
    await page.getByTestId('deposit-limit-open').click();
    await page.getByTestId('deposit-limit-amount').fill('0');
    await limits.getByText('Min value is €1.00').waitFor();
    await page.getByTestId('deposit-limit-amount').fill('100');
    await page.getByTestId('deposit-limit-save').click();
    await page.getByText('Deposit limit saved').waitFor();
    const row = page.locator('[data-testid="deposit-limit-list"] [data-period="day"]');
    await row.waitFor();
    expect(await row.innerText()).toContain('€100.00');
    // Today: 25 paid and 30 still at the provider's page count (the declined 30 does not): 45 left.
    expect(await row.innerText()).toContain('€45.00 left');
    await page
      .getByTestId('deposit-limit-hint')
      .getByText(/€45\.00/)
      .waitFor();

    await page.getByTestId('amount-input').fill('50');
    await page.getByTestId('deposit-submit').click();
    const problem = page.getByTestId('deposit-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toContain('This deposit exceeds your deposit limit');
    expect(await problem.innerText()).toContain('You can still deposit €45.00 until');
    expect(new URL(page.url()).pathname).toBe('/cashier/deposit');
  });

  test('screenshots of the cashier at 375 and 1440 px, English and French', async () => {
    const pages = [
      { name: 'deposit', path: '/cashier/deposit', ready: 'deposit-form' },
      { name: 'withdraw', path: '/cashier/withdraw', ready: 'withdraw-form' },
      { name: 'history', path: '/cashier/history', ready: 'history-list' },
      { name: 'wallet', path: '/cashier/wallet', ready: 'wallet' },
      { name: 'receipt', path: `/cashier/receipt?id=${player.successId}`, ready: 'receipt-rules' },
      {
        name: 'pay-success',
        path: `/cashier/paysuccess/${player.successId}`,
        ready: 'payment-result-transaction',
      },
      { name: 'pay-fail', path: `/cashier/payfail/${player.failId}`, ready: 'payment-result-transaction' },
    ];
    for (const width of [375, 1440]) {
      for (const locale of ['en', 'fr'] as const) {
        const page = await openPage({ width, locale: locale === 'fr' ? 'fr-FR' : 'en-US' });
        for (const entry of pages) {
          await goto(page, locale === 'fr' ? `/fr${entry.path}` : entry.path);
          await page.getByTestId(entry.ready).waitFor();
          await shot(page, `cashier-${entry.name}-${width}-${locale}`);
        }
        const errors = pageErrors;
        pageErrors = [];
        await context?.close();
        context = undefined;
        expect(errors).toEqual([]);
      }
    }
    // 28 pages in four browser contexts: more than the default minute on a loaded machine.
  }, 150_000);
});
