/**
 * Affiliate tracking in a real browser (ADR 039): a visitor lands with advertising parameters,
 * the page's `/hit` sets the first-touch visit cookie, a second landing does not replace it, the
 * visitor signs up from the `show_popup_reg` popup and the player is attributed to the first
 * landing with its click time; with fraud scoring on, the fingerprint script loads and the
 * fraud-check hit stores the player's score.
 */

import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from './browser.ts';
import { until } from './kit.ts';
import { hydrated } from './page-ready.ts';
import { type RunningSite, startSite } from './server.ts';

const PASSWORD = 'Secret-123';
let site: RunningSite;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  // A real port: the sandbox fraud provider is reached over HTTP at PUBLIC_URL.
  site = await startSite({
    publicPort: true,
    env: { API_RATE_LIMIT_PER_MINUTE: '100000', SEON_ENABLED: 'true' },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await site?.close();
});

async function visitCookie(): Promise<string | undefined> {
  return (await context?.cookies())?.find((c) => c.name === 'croupier_visit')?.value;
}

describe('tracking', () => {
  test('land with parameters, navigate, land again, register: attributed to the first touch and scored', async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page: Page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${site.baseUrl}/?track_id=e2e-first&publisher_id=e2e_pub&link_id=e2e_link`);
    await hydrated(page);
    const first = await until('the visit cookie', visitCookie);
    // The fingerprint script is there because General info says is_seon_enabled.
    await until('the fingerprint agent', async () =>
      (await page.evaluate(() => 'croupierFraudAgent' in window)) ? true : undefined,
    );

    await page.goto(`${site.baseUrl}/promotions`);
    await hydrated(page);
    await page.goto(`${site.baseUrl}/?track_id=td_e2e_dist&publisher_id=e2e_other&show_popup_reg=1`);
    await hydrated(page);
    const popup = page.getByTestId('auth-popup');
    await popup.waitFor();
    // The second landing is recorded, the first touch kept.
    await until('the second visit', async () => {
      const rows = await site.harness.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM tracking_visits WHERE td = 'e2e_dist'`,
      );
      return rows.rows[0]?.n === 1 ? true : undefined;
    });
    expect(await visitCookie()).toBe(first);

    const email = `trk-${Date.now()}@example.test`;
    await popup.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await popup.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await popup.getByRole('checkbox', { name: /Terms and Conditions/ }).check();
    await popup.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/register=success/);

    const players = await site.harness.database.db.execute<{ id: string }>(
      sql`SELECT id::text FROM players WHERE login = ${email}`,
    );
    const uid = BigInt(players.rows[0]?.id ?? '0');
    const attribution = await site.harness.app.services.tracking.attributionOf(uid);
    expect(attribution?.params).toEqual({
      track_id: 'e2e-first',
      publisher_id: 'e2e_pub',
      link_id: 'e2e_link',
    });

    // After sign-in the page sends the fraud check again (3 s after): the score is the player's.
    const score = await until('the player fraud score', async () => {
      const rows = await site.harness.database.db.execute<{ score: number }>(
        sql`SELECT score FROM fraud_scores WHERE player_id = ${uid}`,
      );
      return rows.rows[0]?.score;
    });
    expect(score).toBeLessThan(30);
    expect(errors).toEqual([]);
  });
});
