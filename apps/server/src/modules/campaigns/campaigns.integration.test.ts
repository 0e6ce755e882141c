/**
 * Campaigns end to end on real PostgreSQL: the demo offers, campaigns.getoffers for guests and
 * players, promo codes (case-insensitive, windows, limits, once per player) with their typed
 * `promo_code` errors, the abuse races, and campaigns.takepromotions.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser, signUp } from '../accounts/account-test-client.ts';

let h: TestApp;
const clock = Date.parse('2026-11-25T12:00:00Z');

beforeAll(async () => {
  h = await createTestApp({ now: () => new Date(clock) });
});
afterAll(async () => {
  await h?.close();
});

async function player() {
  const created = await h.createPlayer();
  return { id: created.id, browser: newBrowser(h.app, { cookie: created.cookie }) };
}

async function bonusesOf(playerId: bigint) {
  const rows = await h.database.db.execute<{
    key: string;
    amount: string;
    status: string;
    grant_key: string;
  }>(
    sql`SELECT t.key, b.amount_minor::text AS amount, b.status, b.grant_key
          FROM player_bonuses b JOIN bonus_templates t ON t.id = b.template_id
         WHERE b.player_id = ${playerId} ORDER BY b.id`,
  );
  return rows.rows;
}

async function offerId(key: string): Promise<bigint> {
  const rows = await h.database.db.execute<{ id: string }>(
    sql`SELECT id::text AS id FROM campaign_offers WHERE key = ${key}`,
  );
  return BigInt(rows.rows[0]!.id);
}

let codeCounter = 0;
/** A promo code for the no-deposit offer, with the given limit and window. */
async function makeCode(options: { limit: number; startsAt?: string; endsAt?: string | null }) {
  codeCounter += 1;
  const code = `TEST${codeCounter}X`;
  await h.database.db.execute(
    sql`INSERT INTO promo_codes (code, offer_id, usage_limit, starts_at, ends_at)
        VALUES (${code}, ${await offerId('promo-no-deposit')}, ${options.limit},
                ${options.startsAt ?? '2026-01-01T00:00:00Z'}, ${options.endsAt ?? null})`,
  );
  return code;
}

async function usedOf(code: string): Promise<number> {
  const rows = await h.database.db.execute<{ used: number }>(
    sql`SELECT used FROM promo_codes WHERE code = ${code}`,
  );
  return rows.rows[0]!.used;
}

describe('campaigns.getoffers', () => {
  it('shows a guest the deposit offers, never the promo-code offer', async () => {
    const answer = await newBrowser(h.app).call('campaigns.getoffers', { count: 10 });
    expect(answer.body.status).toBe(1);
    const data = answer.body.data as { items: { trigger: string; title: string; promotions: unknown[] }[] };
    expect(data.items.map((o) => o.trigger)).toEqual(['deposit', 'deposit']);
    expect(data.items[0]!.promotions).toHaveLength(1);
    const fr = await newBrowser(h.app).call('campaigns.getoffers', { count: 10 }, { locale: 'fr' });
    expect((fr.body.data as { items: { title: string }[] }).items[0]!.title).toMatch(/premier dépôt/);
  });

  it('hides the first-deposit offer from a player who has deposited', async () => {
    const p = await player();
    const before = await p.browser.call('campaigns.getoffers', { count: 10 });
    expect((before.body.data as { total: number }).total).toBe(2);
    await h.database.db.execute(
      sql`INSERT INTO cashier_transactions (player_id, type, method, provider_method, currency, amount_minor, status, domain)
          VALUES (${p.id}, 'deposit', 'card', 'card', 'EUR', 5000, 'succeeded', 'test.local')`,
    );
    const after = await p.browser.call('campaigns.getoffers', { count: 10 });
    const data = after.body.data as { items: { title: string }[]; total: number };
    expect(data.total).toBe(1);
    expect(data.items[0]!.title).toBe('Reload bonus');
  });
});

describe('promo codes', () => {
  it('redeems the demo code case-insensitively, once, granting the no-deposit bonus', async () => {
    const p = await player();
    const checked = await p.browser.call('campaigns.checkPromocode', { promo_code: ' welcome10 ' });
    expect(checked.body).toEqual({ status: 1, data: 1 });
    expect(await bonusesOf(p.id)).toEqual([]);
    const answer = await p.browser.call('campaigns.activateOffer', { promo_code: 'Welcome10' });
    expect(answer.body.status).toBe(1);
    expect((answer.body.data as { trigger: string }).trigger).toBe('promo_code');
    const granted = await bonusesOf(p.id);
    expect(granted).toHaveLength(1);
    expect(granted[0]).toMatchObject({ key: 'no-deposit-10', amount: '1000', status: 'available' });
    const again = await p.browser.call('campaigns.activateOffer', { promo_code: 'WELCOME10' });
    expect(again.body.error).toMatchObject({
      type: 'InvalidParameterException',
      fields: { promo_code: 'ALREADY_USED' },
      message: 'You have already used this promo code.',
    });
    const check = await p.browser.call(
      'campaigns.checkPromocode',
      { promo_code: 'welcome10' },
      { locale: 'fr' },
    );
    expect(check.body.error).toMatchObject({
      fields: { promo_code: 'ALREADY_USED' },
      message: 'Vous avez déjà utilisé ce code promo.',
    });
    expect(await bonusesOf(p.id)).toHaveLength(1);
  });

  it('answers INVALID, EXPIRED and writes nothing for bad codes', async () => {
    const p = await player();
    const expired = await makeCode({ limit: 5, endsAt: '2026-06-01T00:00:00Z' });
    const future = await makeCode({ limit: 5, startsAt: '2027-01-01T00:00:00Z' });
    const cases: [string, string][] = [
      ['NOPE-NOPE', 'INVALID'],
      ['bad code!', 'INVALID'],
      [expired, 'EXPIRED'],
      [future.toLowerCase(), 'INVALID'],
    ];
    for (const [code, expected] of cases) {
      for (const method of ['campaigns.checkPromocode', 'campaigns.activateOffer']) {
        const answer = await p.browser.call(method, { promo_code: code });
        expect(answer.statusCode).toBe(400);
        expect(answer.body.error?.fields).toEqual({ promo_code: expected });
      }
    }
    const tooLong = await p.browser.call('campaigns.activateOffer', { promo_code: 'x'.repeat(65) });
    expect(tooLong.body.error?.type).toBe('InvalidParameterException');
    expect(await bonusesOf(p.id)).toEqual([]);
    expect(await usedOf(expired)).toBe(0);
    const guest = await newBrowser(h.app).call('campaigns.activateOffer', { promo_code: 'WELCOME10' });
    expect(guest.body.error?.type).toBe('AuthorizationException');
    const guestCheck = await newBrowser(h.app).call('campaigns.checkPromocode', { promo_code: 'welcome10' });
    expect(guestCheck.body).toEqual({ status: 1, data: 1 });
  });

  it('abuse: one player racing the same code from 20 parallel requests is granted once', async () => {
    const code = await makeCode({ limit: 100 });
    const p = await player();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => p.browser.call('campaigns.activateOffer', { promo_code: code })),
    );
    expect(answers.filter((a) => a.body.status === 1)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.body.status !== 1)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.body.error?.fields).toEqual({ promo_code: 'ALREADY_USED' });
    }
    expect(await bonusesOf(p.id)).toHaveLength(1);
    expect(await usedOf(code)).toBe(1);
  });

  it('abuse: an exhausted code refuses the next player; racing players never exceed the limit', async () => {
    const code = await makeCode({ limit: 3 });
    const players = await Promise.all(Array.from({ length: 8 }, () => player()));
    const answers = await Promise.all(
      players.map((p) => p.browser.call('campaigns.activateOffer', { promo_code: code })),
    );
    expect(answers.filter((a) => a.body.status === 1)).toHaveLength(3);
    for (const refused of answers.filter((a) => a.body.status !== 1)) {
      expect(refused.body.error?.fields).toEqual({ promo_code: 'EXHAUSTED' });
    }
    const granted = await Promise.all(players.map((p) => bonusesOf(p.id)));
    expect(granted.filter((g) => g.length === 1)).toHaveLength(3);
    expect(granted.filter((g) => g.length > 1)).toHaveLength(0);
    expect(await usedOf(code)).toBe(3);
    const next = await player();
    const late = await next.browser.call('campaigns.activateOffer', { promo_code: code });
    expect(late.body.error?.fields).toEqual({ promo_code: 'EXHAUSTED' });
    const lateCheck = await next.browser.call('campaigns.checkPromocode', { promo_code: code });
    expect(lateCheck.body.error?.fields).toEqual({ promo_code: 'EXHAUSTED' });
    expect(await bonusesOf(next.id)).toEqual([]);
  });

  it('NOT_ELIGIBLE when a promotion does not fit the player: the code stays unused', async () => {
    const code = await makeCode({ limit: 5 });
    const p = await player();
    await h.database.db.execute(sql`UPDATE players SET currency = 'CHF' WHERE id = ${p.id}`);
    const answer = await p.browser.call('campaigns.activateOffer', { promo_code: code });
    expect(answer.body.error?.fields).toEqual({ promo_code: 'NOT_ELIGIBLE' });
    expect(await bonusesOf(p.id)).toEqual([]);
    expect(await usedOf(code)).toBe(0);
  });
});

describe('campaigns.takepromotions', () => {
  it('grants an action offer once; refuses deposit and promo-code offers and unknown ids', async () => {
    const templates = await h.database.db.execute<{ id: string }>(
      sql`SELECT id::text AS id FROM bonus_templates WHERE key = 'free-spins-20'`,
    );
    const inserted = await h.database.db.execute<{ id: string }>(
      sql`INSERT INTO campaign_offers (key, trigger, title, description, conditions, exclude_methods, template_ids, starts_at)
          VALUES ('test-action', 'action', '{"en":"Spins","fr":"Tours"}', '{"en":"d","fr":"d"}', '{}', '{}',
                  ARRAY[${BigInt(templates.rows[0]!.id)}]::bigint[], '2026-01-01T00:00:00Z')
          RETURNING id::text AS id`,
    );
    const action = Number(inserted.rows[0]!.id);
    const p = await player();
    const listed = await p.browser.call('campaigns.getoffers', { count: 10 });
    const item = (listed.body.data as { items: { id: number; is_taken: boolean }[] }).items.find(
      (o) => o.id === action,
    );
    expect(item?.is_taken).toBe(false);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => p.browser.call('campaigns.takepromotions', { offer_id: action })),
    );
    expect(answers.filter((a) => a.body.status === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.body.error?.fields?.offer_id === 'already_taken')).toHaveLength(4);
    expect(await bonusesOf(p.id)).toMatchObject([{ key: 'free-spins-20', status: 'available' }]);
    const after = await p.browser.call('campaigns.getoffers', { count: 10 });
    expect(
      (after.body.data as { items: { id: number; is_taken: boolean }[] }).items.find((o) => o.id === action)
        ?.is_taken,
    ).toBe(true);

    const q = await player();
    for (const [id, field] of [
      [Number(await offerId('welcome-deposit')), 'not_eligible'],
      [Number(await offerId('promo-no-deposit')), 'not_eligible'],
      [999_999, 'not_found'],
    ] as const) {
      const refused = await q.browser.call('campaigns.takepromotions', { offer_id: id });
      expect(refused.statusCode).toBe(400);
      expect(refused.body.error?.fields).toEqual({ offer_id: field });
    }
    const bad = await q.browser.call('campaigns.takepromotions', { offer_id: -1 });
    expect(bad.body.error?.type).toBe('InvalidParameterException');
    expect(await bonusesOf(q.id)).toEqual([]);
  });
});

describe('the sign-up promo code', () => {
  it('is redeemed at registration; a bad code never blocks the registration', async () => {
    const good = await signUp(h.app, { promo_code: 'welcome10' });
    expect(await bonusesOf(BigInt(good.uid))).toMatchObject([{ key: 'no-deposit-10', status: 'available' }]);
    const again = await good.browser.call('campaigns.activateOffer', { promo_code: 'WELCOME10' });
    expect(again.body.error?.fields).toEqual({ promo_code: 'ALREADY_USED' });
    const bad = await signUp(h.app, { promo_code: 'NO-SUCH-CODE' });
    expect(bad.uid).toBeGreaterThan(0);
    expect(await bonusesOf(BigInt(bad.uid))).toEqual([]);
  });
});

describe('popups.get', () => {
  it('shows the welcome popup to a player who can still take the offer, by name too', async () => {
    const p = await player();
    const answer = await p.browser.call('popups.get', {}, { locale: 'fr' });
    expect(answer.body.status).toBe(1);
    const items = (answer.body.data as { items: { key: string; title: string; offer_id: number | null }[] })
      .items;
    expect(items.map((i) => i.key)).toEqual(['welcome-deposit']);
    expect(items[0]!.title).toBe('Votre bonus de bienvenue vous attend');
    expect(items[0]!.offer_id).toBe(Number(await offerId('welcome-deposit')));
    const named = await p.browser.call('popups.get', { popup: 'welcome-deposit' });
    expect((named.body.data as { items: unknown[] }).items).toHaveLength(1);
    const unknown = await p.browser.call('popups.get', { popup: 'nothing-here' });
    expect(unknown.body.data).toEqual({ items: [] });
    const bad = await p.browser.call('popups.get', { popup: '../x' });
    expect(bad.body.error?.type).toBe('InvalidParameterException');
    // A depositor no longer satisfies the first-deposit offer: its popup goes.
    await h.database.db.execute(
      sql`INSERT INTO cashier_transactions (player_id, type, method, provider_method, currency, amount_minor, status, domain)
          VALUES (${p.id}, 'deposit', 'card', 'card', 'EUR', 5000, 'succeeded', 'test.local')`,
    );
    expect((await p.browser.call('popups.get')).body.data).toEqual({ items: [] });
    expect((await newBrowser(h.app).call('popups.get')).body.error?.type).toBe('AuthorizationException');
  });
});
