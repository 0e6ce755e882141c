/**
 * The sportsbook trading desk in a browser (issue #18, ADR 047): a trader signs in with a code,
 * opens the live events at /backoffice/trading and an event's markets; suspends the match result market with
 * a reason, and a player's bet on it is refused while the feed still offers it; reopens it, the
 * player's single is taken; settles the market after its money preview, and the player's bet pays.
 *
 * The event is fed straight into the sportsbook's consumer (no simulator); the player bets through
 * the API (the betting screens have their own journey, sportsbook.e2e.test.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createLedger } from '@croupier/ledger/ledger';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { newBrowser } from '../apps/server/src/modules/accounts/account-test-client.ts';
import { base32Decode, totpAt } from '../apps/server/src/modules/auth/totp.ts';
import { createStaff } from '../apps/server/src/modules/backoffice/staff-test-client.ts';
import { launchBrowser } from './browser.ts';
import { axeProblems } from './kit.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const SCREENSHOTS = path.join(import.meta.dirname, 'screenshots');
const TRADER = { username: 'desk-trader', email: 'desk-trader@croupier.test', password: 'trader-password-1' };
const EVENT = 'sr:match:e2e-trade-1';

let site: RunningSite;
let browser: Browser;
let context: BrowserContext | undefined;
let pageErrors: string[] = [];
let secret = '';

const name = (en: string) => ({ en, fr: en });

async function feedEvent() {
  const feed = (raw: unknown) => site.harness.app.services.sportsbook.feed.receive(raw);
  await feed({
    kind: 'fixture_change',
    product: 1,
    eventId: EVENT,
    timestamp: Date.now() - 20_000,
    fixture: {
      sport: { key: 'football', name: name('Football') },
      category: { key: 'e2e-cat', name: name('Testland'), country: 'GB' },
      tournament: { key: 'e2e-league', name: name('Desk League') },
      home: { key: 'e2e-lions', name: name('Lions') },
      away: { key: 'e2e-tigers', name: name('Tigers') },
      startTime: Date.now() - 600_000,
      status: 'live',
    },
  });
  await feed({
    kind: 'odds_change',
    product: 1,
    eventId: EVENT,
    timestamp: Date.now() - 19_000,
    eventStatus: { status: 'live', homeScore: 1, awayScore: 0, period: '1st half', clockSeconds: 600 },
    markets: [
      {
        key: '1x2',
        status: 'active',
        outcomes: [
          { key: 'home', oddsMilli: 2000, active: true },
          { key: 'draw', oddsMilli: 3000, active: true },
          { key: 'away', oddsMilli: 4000, active: true },
        ],
      },
    ],
  });
}

async function fundedPlayer() {
  const created = await site.harness.createPlayer();
  await createLedger(site.harness.database.db).transfer({
    idempotencyKey: `test:e2e-trading:${created.id}`,
    kind: 'test_fund',
    postings: [
      { account: { type: 'world', name: 'test_bank', currency: 'EUR' }, amountMinor: -5_000n },
      {
        account: { type: 'player', playerId: created.id, currency: 'EUR', kind: 'main' },
        amountMinor: 5_000n,
      },
    ],
  });
  return { id: created.id, api: newBrowser(site.harness.app, { cookie: created.cookie }) };
}

let requests = 0;
function bet(player: Awaited<ReturnType<typeof fundedPlayer>>) {
  requests += 1;
  return player.api.call('sportsbook.placeBet', {
    request_id: `e2e-trading-${requests}-${Date.now()}`,
    kind: 'single',
    selections: [{ event_id: EVENT, market_key: '1x2', outcome_key: 'home', odds_milli: 2000 }],
    stake: '10.00',
  }) as Promise<{ statusCode: number; body: { error: unknown } }>;
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  site = await startSite({ publicPort: true, env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  browser = await launchBrowser();
  const trader = await createStaff(site.harness, 'trader', TRADER);
  secret = trader.secret ?? '';
  await feedEvent();
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

async function openPage(): Promise<Page> {
  context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    bypassCSP: true,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 40[01]/.test(message.text()))
      pageErrors.push(message.text());
  });
  return page;
}

test('a trader suspends a market (a player cannot bet on it), reopens it, and settles it: the bet pays', async () => {
  const player = await fundedPlayer();
  const page = await openPage();
  await page.goto(`${site.baseUrl}/backoffice/trading`);
  await hydrated(page);
  await page.waitForURL(/\/backoffice\/sign-in/);
  const form = page.locator('form');
  await form.locator('input[name="identifier"]').fill(TRADER.username);
  await form.locator('input[name="password"]').fill(TRADER.password);
  await form.locator('button[type="submit"]').click();
  // The test client enrolled the trader in this 30-second step: the next step's code is fresh.
  await form.locator('input[name="code"]').fill(totpAt(base32Decode(secret), Date.now() + 30_000));
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/backoffice\/trading$/);
  const event = page.getByRole('link', { name: 'Lions – Tigers' });
  await event.waitFor();
  const nav = page.getByRole('navigation', { name: 'Back office sections' }).last();
  expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Trading']);

  await event.click();
  const market = page.getByRole('region', { name: 'Match result', exact: true });
  await market.waitFor();

  // Suspend: the feed still offers the market, the trader's hold refuses the bet.
  await market.getByRole('button', { name: 'Suspend' }).click();
  const hold = page.getByRole('dialog', { name: 'Suspend Match result' });
  await hold.getByLabel('Reason').fill('suspicious volume');
  await hold.getByRole('button', { name: 'Suspend' }).click();
  await page.getByText('Match result is suspended.').waitFor();
  await market.getByText('Held', { exact: true }).waitFor();
  const refused = await bet(player);
  expect(refused.statusCode).toBe(400);
  expect(JSON.stringify(refused.body.error)).toContain('suspended');
  expect(await site.harness.app.services.wallet.balanceMinor(player.id, 'EUR', 'main')).toBe(5_000n);

  await market.getByRole('button', { name: 'Reopen' }).click();
  const reopen = page.getByRole('dialog', { name: 'Reopen Match result' });
  await reopen.getByRole('button', { name: 'Reopen' }).click();
  await page.getByText('Match result is reopened.').waitFor();
  expect((await bet(player)).statusCode).toBe(200);
  expect(await site.harness.app.services.wallet.balanceMinor(player.id, 'EUR', 'main')).toBe(4_000n);

  // Settle: home won; the preview shows the €20.00 it pays, then the confirmation.
  await page.reload();
  await hydrated(page);
  await market.getByRole('button', { name: 'Settle' }).click();
  const settle = page.getByRole('dialog', { name: 'Settle Match result' });
  await settle.getByRole('combobox', { name: 'Lions' }).selectOption('won');
  await settle.getByLabel('Reason').fill('official result');
  await settle.getByRole('button', { name: 'Preview the money' }).click();
  const preview = settle.getByRole('region', { name: 'Money it moves' });
  await preview.waitFor();
  expect(await preview.innerText()).toContain('€20.00');
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({ path: path.join(SCREENSHOTS, 'backoffice-trading-settle-1440-en.png') });
  await settle.getByRole('button', { name: 'Confirm the settlement' }).click();
  await page.getByText('Match result is settled.').waitFor();
  await market.getByText('Settled', { exact: true }).waitFor();
  expect(await axeProblems(page)).toEqual([]);
  await page.screenshot({
    path: path.join(SCREENSHOTS, 'backoffice-trading-event-1440-en.png'),
    fullPage: true,
  });
  expect(await site.harness.app.services.wallet.balanceMinor(player.id, 'EUR', 'main')).toBe(6_000n);
}, 60_000);
