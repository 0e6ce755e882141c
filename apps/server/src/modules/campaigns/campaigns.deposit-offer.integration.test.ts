/**
 * Deposit offers end to end (ADR 021): `cashier.makedeposit` with `campaign_offer_id` checks the
 * offer (typed error, nothing written), and the credit of that deposit by the provider's webhook
 * grants the offer's bonus exactly once (a job enqueued in the credit transaction), even when the
 * webhook is replayed; a failed deposit grants nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../accounts/account-test-client.ts';
import {
  type CashierHarness,
  createCashierHarness,
  makeDeposit,
  paymentEvent,
  signedWebhook,
} from '../cashier/cashier-test-client.ts';

let h: CashierHarness;

beforeAll(async () => {
  h = await createCashierHarness();
});
afterAll(async () => {
  await h?.close();
});

async function offerId(key: string): Promise<number> {
  const rows = await h.database.db.execute<{ id: string }>(
    sql`SELECT id::text AS id FROM campaign_offers WHERE key = ${key}`,
  );
  return Number(rows.rows[0]!.id);
}

async function deliver(event: Record<string, unknown>) {
  const signed = signedWebhook(h.webhookSecret, event, Math.floor(Date.now() / 1000));
  return h.app.services.cashier.receiveWebhook(
    Buffer.from(signed.payload),
    signed.headers['croupier-signature'],
  );
}

function deposit(browser: Awaited<ReturnType<typeof signUp>>['browser'], amount: string, offer: number) {
  return makeDeposit(h, browser, { amount, campaign_offer_id: offer });
}

async function bonusesOf(uid: number) {
  const rows = await h.database.db.execute<{
    key: string;
    amount: string;
    deposit: string | null;
    grant_key: string;
  }>(
    sql`SELECT t.key, b.amount_minor::text AS amount, b.deposit_minor::text AS deposit, b.grant_key
          FROM player_bonuses b JOIN bonus_templates t ON t.id = b.template_id
         WHERE b.player_id = ${BigInt(uid)} ORDER BY b.id`,
  );
  return rows.rows;
}

/** Waits until the player has `count` bonuses (the grant runs as a job), then a little more. */
async function settledBonuses(uid: number, count: number, waitMs = 10_000) {
  const deadline = Date.now() + waitMs;
  while ((await bonusesOf(uid)).length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  return bonusesOf(uid);
}

async function depositsOf(uid: number): Promise<number> {
  const rows = await h.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM cashier_transactions WHERE player_id = ${BigInt(uid)}`,
  );
  return rows.rows[0]!.n;
}

describe('deposit offers', () => {
  it('grants the welcome match once when the deposit is credited, even on webhook replay', async () => {
    const { browser, uid } = await signUp(h.app);
    const welcome = await offerId('welcome-deposit');
    const made = await deposit(browser, '50.00', welcome);
    expect(await bonusesOf(uid)).toEqual([]);
    const event = paymentEvent('payment.succeeded', made, '50.00');
    for (let i = 0; i < 3; i += 1) {
      expect((await deliver(event)).status).toBe(200);
    }
    // Another event id about the same payment: ignored as already succeeded.
    expect((await deliver(paymentEvent('payment.succeeded', made, '50.00'))).status).toBe(200);
    const granted = await settledBonuses(uid, 1);
    expect(granted).toEqual([
      {
        key: 'welcome-100',
        amount: '5000',
        deposit: '5000',
        grant_key: `deposit:${made.id}:offer:${welcome}:template:${granted[0]?.grant_key.split(':template:')[1]}`,
      },
    ]);
    expect(await h.app.services.wallet.balanceMinor(BigInt(uid), 'EUR')).toBe(5000n);

    // Now a depositor: the first-deposit offer is refused, the reload offer caps at 100.
    const again = await browser.call('cashier.makedeposit', {
      method: 'card',
      amount: '50.00',
      campaign_offer_id: welcome,
    });
    expect(again.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { campaign_offer_id: 'not_eligible' },
    });
    const reload = await deposit(browser, '300.00', await offerId('reload-deposit'));
    await deliver(paymentEvent('payment.succeeded', reload, '300.00'));
    const both = await settledBonuses(uid, 2);
    expect(both.map((b) => [b.key, b.amount])).toEqual([
      ['welcome-100', '5000'],
      ['reload-50', '10000'],
    ]);
  });

  it('abuse: two deposits started with the first-deposit offer before either is credited grant once', async () => {
    const { browser, uid } = await signUp(h.app);
    const welcome = await offerId('welcome-deposit');
    const first = await deposit(browser, '20.00', welcome);
    const second = await deposit(browser, '30.00', welcome);
    await Promise.all([
      deliver(paymentEvent('payment.succeeded', first, '20.00')),
      deliver(paymentEvent('payment.succeeded', second, '30.00')),
    ]);
    const granted = await settledBonuses(uid, 2, 3_000);
    expect(granted).toHaveLength(1);
    expect(granted[0]!.key).toBe('welcome-100');
    expect(await h.app.services.wallet.balanceMinor(BigInt(uid), 'EUR')).toBe(5000n);
  });

  it('grants nothing for a failed or cancelled deposit', async () => {
    const { browser, uid } = await signUp(h.app);
    const welcome = await offerId('welcome-deposit');
    const failed = await deposit(browser, '40.00', welcome);
    await deliver(paymentEvent('payment.failed', failed, '40.00'));
    const canceled = await deposit(browser, '30.00', welcome);
    await deliver(paymentEvent('payment.canceled', canceled, '30.00'));
    expect(await settledBonuses(uid, 1, 3_000)).toEqual([]);
  });

  it('refuses an offer the deposit does not satisfy, writing nothing', async () => {
    const { browser, uid } = await signUp(h.app);
    await h.database.db.execute(
      sql`INSERT INTO campaign_offers (key, trigger, title, description, conditions, exclude_methods, template_ids, starts_at)
          SELECT 'test-no-card', 'deposit', title, description, conditions, ARRAY['card'], template_ids, starts_at
            FROM campaign_offers WHERE key = 'reload-deposit'`,
    );
    const cases: [number, string, string][] = [
      [await offerId('reload-deposit'), '10.00', 'deposit_too_small'],
      [await offerId('promo-no-deposit'), '50.00', 'not_found'],
      [await offerId('test-no-card'), '50.00', 'method_excluded'],
      [999_999, '50.00', 'not_found'],
      [0, '50.00', 'not_found'],
    ];
    for (const [offer, amount, code] of cases) {
      const answer = await browser.call('cashier.makedeposit', {
        method: 'card',
        amount,
        campaign_offer_id: offer,
      });
      expect(answer.statusCode, `${offer} ${code}`).toBe(400);
      expect(answer.body.error).toMatchObject({
        type: 'InvalidParameterException',
        fields: { campaign_offer_id: code },
      });
    }
    const french = await browser.call(
      'cashier.makedeposit',
      { method: 'card', amount: '10.00', campaign_offer_id: await offerId('reload-deposit') },
      { locale: 'fr' },
    );
    expect(french.body.error?.message).toBe("Cette offre n'est pas disponible pour votre compte.");
    const bad = await browser.call('cashier.makedeposit', {
      method: 'card',
      amount: '50.00',
      campaign_offer_id: -5,
    });
    expect(bad.body.error?.type).toBe('InvalidParameterException');
    expect(await depositsOf(uid)).toBe(0);
    expect(await bonusesOf(uid)).toEqual([]);
  });
});
