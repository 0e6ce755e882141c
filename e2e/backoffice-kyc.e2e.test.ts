/**
 * The KYC desk in a browser (issue #18, ADR 050): a player sends an unreadable document to the
 * sandbox identity provider, which asks for a retry; a risk officer (two-factor, as the role
 * requires) opens the review from the queue, reads the provider's result, looks at the document —
 * the read is in the audit log — and verifies the player by hand with a reason.
 */
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { base32Decode, totpAt } from '../apps/server/src/modules/auth/totp.ts';
import { createStaff } from '../apps/server/src/modules/backoffice/staff-test-client.ts';
import { confirmedPlayer } from '../apps/server/src/modules/cashier/cashier-test-client.ts';
import { launchBrowser } from './browser.ts';
import { axeProblems } from './kit.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const RISK = { username: 'risk-officer', email: 'risk-officer@croupier.test', password: 'risk-password-1' };
/** A 1×1 PNG: the sandbox checks that an upload is a real image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let site: RunningSite;
let browser: Browser;
let context: BrowserContext | undefined;
let secret = '';
let playerId = 0;

beforeAll(async () => {
  site = await startSite({ publicPort: true, env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  browser = await launchBrowser();
  secret = (await createStaff(site.harness, 'risk', RISK)).secret ?? '';
  // The player sends a document named to be refused for a retry (the sandbox's rule, its README).
  const { browser: player, uid } = await confirmedPlayer(site.harness);
  playerId = uid;
  const token = await player.call('sumsub.getAccessToken', {});
  const url = (token.body.data as { url: string }).url;
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'passport-red-retry.png');
  form.append('selfie', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'selfie.png');
  const sent = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
  if (sent.status !== 303) throw new Error(`upload answered ${sent.status}`);
  // The provider reviews a few seconds later and tells the site by webhook.
  const deadline = Date.now() + 20_000;
  for (;;) {
    await site.harness.app.sandboxKyc?.deliverDue();
    const { status } = await site.harness.app.services.kyc.getStatus(BigInt(uid));
    if (status === 'retry') break;
    if (Date.now() > deadline) throw new Error(`the review did not arrive (status ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.close();
});

test('a risk officer reads a review and its document, then verifies the player with a reason', async () => {
  context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    bypassCSP: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`${site.baseUrl}/backoffice/kyc`);
  await hydrated(page);
  await page.waitForURL(/\/backoffice\/sign-in/);
  const form = page.locator('form');
  await form.locator('input[name="identifier"]').fill(RISK.username);
  await form.locator('input[name="password"]').fill(RISK.password);
  await form.locator('button[type="submit"]').click();
  // Enrolled by the test client in this 30-second step: the next step's code is a fresh one.
  await form
    .locator('input[name="code"]')
    .fill(totpAt(base32Decode(secret.replace(/\s/g, '')), Date.now() + 30_000));
  await form.locator('button[type="submit"]').click();
  await page.getByRole('heading', { name: 'KYC reviews' }).waitFor();

  const row = page
    .getByRole('row')
    .filter({ hasText: 'Asked to retry' })
    .filter({ hasText: String(playerId) });
  await row.getByRole('link', { name: `Open the review of player ${playerId}` }).click();
  await page.getByRole('heading', { name: `KYC review: player ${playerId}` }).waitFor();
  const result = page.getByRole('region', { name: "Provider's result" });
  await result.getByText('Red (failed)').waitFor();
  expect(await result.innerText()).toContain('BAD_PROOF_OF_IDENTITY');

  await page.getByRole('button', { name: 'Show the image' }).first().click();
  const image = page.getByRole('img', { name: `Identity document of player ${playerId}` });
  await image.waitFor();
  expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
  expect(await axeProblems(page)).toEqual([]);

  await page.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog', { name: `Verify player ${playerId}?` });
  await dialog.getByLabel('Reason (kept in the audit log)').fill('passport checked against the selfie');
  expect(await axeProblems(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await page.getByText(`Player ${playerId} verified.`).waitFor();

  expect(await site.harness.app.services.kyc.getStatus(BigInt(playerId))).toEqual({ status: 'verified' });
  const audit = await site.harness.database.db.execute<{
    action: string;
    outcome: string;
    detail: string | null;
  }>(
    sql`SELECT action, outcome, detail FROM staff_audit_log
         WHERE target_id = ${String(playerId)} AND action IN ('kyc.read_document', 'kyc.decide') ORDER BY id`,
  );
  expect(audit.rows.map((row) => [row.action, row.outcome])).toEqual([
    ['kyc.read_document', 'done'],
    ['kyc.decide', 'done'],
  ]);
  expect(audit.rows[1]?.detail).toBe('passport checked against the selfie');
  expect(errors).toEqual([]);
}, 60_000);
