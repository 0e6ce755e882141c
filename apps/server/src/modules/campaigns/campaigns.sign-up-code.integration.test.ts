/**
 * The promo code kept from sign-up (issue #12, ADR 021): "applied at registration or first
 * deposit". A code whose offer needs a deposit cannot be redeemed at registration (the deposit
 * match has nothing to match): it is redeemed when the player's first deposit is credited, once,
 * even when the provider's webhook is replayed, and never at a later deposit. The messenger
 * (Telegram) sign-up passes its code to the same redemption as the form.
 */
import { freePort } from '@croupier/db/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPspCredentials } from '../../provider-credentials.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser, signUp } from '../accounts/account-test-client.ts';
import { signTelegramInitData } from '../auth/telegram.ts';
import {
  type MadeDeposit,
  makeDeposit,
  paymentEvent,
  signedWebhook,
} from '../cashier/cashier-test-client.ts';

const BOT_TOKEN = '424242:TESTTOKENtesttokenTESTTOKEN';
let h: TestApp;
let webhookSecret: string;

beforeAll(async () => {
  const port = await freePort();
  h = await createTestApp({
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_AUTH_MAX_AGE_SECONDS: '3600',
    },
  });
  await h.app.listen({ port, host: '127.0.0.1' });
  webhookSecret = sandboxPspCredentials(h.config).webhookSecret;
  // A promo-code offer holding the deposit match (it needs a deposit), code FIRSTDEP.
  const offer = await h.database.db.execute<{ id: string }>(
    sql`INSERT INTO campaign_offers (key, trigger, title, description, conditions, exclude_methods, template_ids, starts_at)
        SELECT 'test-code-needs-deposit', 'promo_code', '{"en":"Match","fr":"Match"}', '{"en":"d","fr":"d"}', '{}', '{}',
               ARRAY[id]::bigint[], '2026-01-01T00:00:00Z'
          FROM bonus_templates WHERE key = 'welcome-100'
        RETURNING id::text AS id`,
  );
  await h.database.db.execute(
    sql`INSERT INTO promo_codes (code, offer_id, usage_limit, starts_at)
        VALUES ('FIRSTDEP', ${BigInt(offer.rows[0]!.id)}, 100, '2026-01-01T00:00:00Z')`,
  );
});
afterAll(async () => {
  await h?.close();
});

/** As the provider sends it: about the deposit, naming the player we created the payment for. */
function succeeded(made: MadeDeposit, amount: string) {
  return paymentEvent('payment.succeeded', made, amount);
}

async function deliver(event: Record<string, unknown>) {
  const signed = signedWebhook(webhookSecret, event, Math.floor(Date.now() / 1000));
  return h.app.services.cashier.receiveWebhook(
    Buffer.from(signed.payload),
    signed.headers['croupier-signature'],
  );
}

function deposit(browser: Awaited<ReturnType<typeof signUp>>['browser'], amount: string) {
  return makeDeposit(h, browser, { amount });
}

async function bonusesOf(uid: number) {
  const rows = await h.database.db.execute<{ key: string; amount: string; deposit: string | null }>(
    sql`SELECT t.key, b.amount_minor::text AS amount, b.deposit_minor::text AS deposit
          FROM player_bonuses b JOIN bonus_templates t ON t.id = b.template_id
         WHERE b.player_id = ${BigInt(uid)} ORDER BY b.id`,
  );
  return rows.rows;
}

async function redemptions(uid: number, code: string): Promise<number> {
  const rows = await h.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM promo_redemptions r JOIN promo_codes c ON c.id = r.code_id
         WHERE r.player_id = ${BigInt(uid)} AND c.code = ${code}`,
  );
  return rows.rows[0]!.n;
}

async function used(code: string): Promise<number> {
  const rows = await h.database.db.execute<{ n: number }>(
    sql`SELECT used AS n FROM promo_codes WHERE code = ${code}`,
  );
  return rows.rows[0]!.n;
}

/** Waits until the player has `count` bonuses (grants run as jobs), then a little more. */
async function settledBonuses(uid: number, count: number, waitMs = 10_000) {
  const deadline = Date.now() + waitMs;
  while ((await bonusesOf(uid)).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  return bonusesOf(uid);
}

describe('the sign-up promo code at the first deposit', () => {
  it('is not redeemed at registration when its offer needs a deposit, then once at the first credit, replay included', async () => {
    const { browser, uid } = await signUp(h.app, { promo_code: 'firstdep', currency: 'EUR' });
    expect(await redemptions(uid, 'FIRSTDEP')).toBe(0);
    expect(await bonusesOf(uid)).toEqual([]);
    expect(await h.app.services.campaigns.signUpCodePending(BigInt(uid))).toBe(true);

    const first = await deposit(browser, '40.00');
    const event = succeeded(first, '40.00');
    for (let i = 0; i < 3; i += 1) expect((await deliver(event)).status).toBe(200);
    // Another event id about the same payment: ignored as already succeeded, nothing enqueued.
    expect((await deliver(succeeded(first, '40.00'))).status).toBe(200);

    expect(await settledBonuses(uid, 1)).toEqual([{ key: 'welcome-100', amount: '4000', deposit: '4000' }]);
    expect(await redemptions(uid, 'FIRSTDEP')).toBe(1);
    expect(await h.app.services.campaigns.signUpCodePending(BigInt(uid))).toBe(false);

    // A second deposit redeems nothing more.
    const second = await deposit(browser, '60.00');
    await deliver(succeeded(second, '60.00'));
    expect(await settledBonuses(uid, 2, 2_000)).toHaveLength(1);
    expect(await redemptions(uid, 'FIRSTDEP')).toBe(1);
  });

  it('two first deposits credited at once redeem the code once', async () => {
    const before = await used('FIRSTDEP');
    const { browser, uid } = await signUp(h.app, { promo_code: 'FIRSTDEP', currency: 'EUR' });
    const a = await deposit(browser, '20.00');
    const b = await deposit(browser, '30.00');
    await Promise.all([deliver(succeeded(a, '20.00')), deliver(succeeded(b, '30.00'))]);
    const granted = await settledBonuses(uid, 2, 3_000);
    expect(granted).toHaveLength(1);
    expect(granted[0]!.key).toBe('welcome-100');
    expect(await redemptions(uid, 'FIRSTDEP')).toBe(1);
    expect(await used('FIRSTDEP')).toBe(before + 1);
  });

  it('a code redeemed at registration is not redeemed again at the first deposit', async () => {
    const { browser, uid } = await signUp(h.app, { promo_code: 'welcome10', currency: 'EUR' });
    expect(await redemptions(uid, 'WELCOME10')).toBe(1);
    const granted = await bonusesOf(uid);
    expect(granted.map((bonus) => bonus.key)).toEqual(['no-deposit-10']);
    expect(await h.app.services.campaigns.signUpCodePending(BigInt(uid))).toBe(false);
    const first = await deposit(browser, '25.00');
    await deliver(succeeded(first, '25.00'));
    expect(await settledBonuses(uid, 2, 2_000)).toHaveLength(1);
    expect(await redemptions(uid, 'WELCOME10')).toBe(1);
  });

  it('an unknown sign-up code changes nothing at the first deposit', async () => {
    const { browser, uid } = await signUp(h.app, { promo_code: 'NOSUCHCODE', currency: 'EUR' });
    expect(await h.app.services.campaigns.signUpCodePending(BigInt(uid))).toBe(false);
    const first = await deposit(browser, '25.00');
    await deliver(succeeded(first, '25.00'));
    expect(await settledBonuses(uid, 1, 2_000)).toEqual([]);
    expect(await h.app.services.wallet.balanceMinor(BigInt(uid), 'EUR')).toBe(2500n);
  });
});

describe('the messenger sign-up promo code', () => {
  function telegram(id: number, promo: string) {
    const payload = signTelegramInitData(
      {
        query_id: 'AAHdF6IQ',
        user: JSON.stringify({ id, first_name: 'Tg', username: `tg${id}` }),
        auth_date: String(Math.floor(Date.now() / 1000) - 5),
      },
      BOT_TOKEN,
    );
    return {
      is_tg: '1',
      id: String(id),
      username: `tg${id}`,
      hash: new URLSearchParams(payload).get('hash') ?? '',
      language_code: 'en',
      payload,
      promo_code: promo,
    };
  }

  it('redeems the code of a new messenger player, and never at a later messenger sign-in', async () => {
    const id = 880_000 + Math.floor(Math.random() * 10_000);
    const first = await newBrowser(h.app).call('auth.register', telegram(id, 'welcome10'));
    expect(first.body.status, JSON.stringify(first.body)).toBe(1);
    const uid = (first.body.data as { uid: number }).uid;
    expect(await redemptions(uid, 'WELCOME10')).toBe(1);
    expect((await bonusesOf(uid)).map((bonus) => bonus.key)).toEqual(['no-deposit-10']);

    // Signing in again with another code: the existing player redeems nothing.
    const again = await newBrowser(h.app).call('auth.register', telegram(id, 'FIRSTDEP'));
    expect((again.body.data as { uid: number }).uid).toBe(uid);
    expect(await redemptions(uid, 'FIRSTDEP')).toBe(0);
    expect(await bonusesOf(uid)).toHaveLength(1);
  });

  it('keeps a messenger code that needs a deposit for the first deposit', async () => {
    const id = 890_000 + Math.floor(Math.random() * 10_000);
    const answer = await newBrowser(h.app).call('auth.register', telegram(id, 'FIRSTDEP'));
    expect(answer.body.status, JSON.stringify(answer.body)).toBe(1);
    const uid = (answer.body.data as { uid: number }).uid;
    expect(await redemptions(uid, 'FIRSTDEP')).toBe(0);
    expect(await h.app.services.campaigns.signUpCodePending(BigInt(uid))).toBe(true);
  });
});
