/**
 * Marketing's promo codes (issue #18): a marketing staff member lists the offers, creates a code for
 * the promo-code offer and a batch of random ones; a player then redeems the new code. Bad input — a
 * code that exists, duplicates in one request, an offer without promo codes, a window that ends
 * before it starts, both or neither of codes and batch — is a typed refusal that writes no code.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newBrowser } from '../accounts/account-test-client.ts';
import { createStaff, type TestStaff } from '../backoffice/staff-test-client.ts';

let h: TestApp;
let marketing: TestStaff;
let promoOfferId: number;
let depositOfferId: number;

async function call(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const response = await h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${marketing.jwt}` },
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json() as {
      data: { items: Record<string, unknown>[] };
      error?: { details: { code: string } };
    },
  };
}

const codeCount = async () =>
  (await h.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM promo_codes`)).rows[0]!.n;

beforeAll(async () => {
  h = await createTestApp();
  marketing = await createStaff(h, 'marketing', { username: 'promo-marketing' });
  const offers = await call('GET', '/nfx/operator/offers');
  expect(offers.status).toBe(200);
  const items = offers.body.data.items as { id: number; trigger: string }[];
  promoOfferId = items.find((offer) => offer.trigger === 'promo_code')!.id;
  depositOfferId = items.find((offer) => offer.trigger === 'deposit')!.id;
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('promo codes from the back office', () => {
  it('creates a code a player then redeems, and a batch of random codes', async () => {
    const url = `/nfx/operator/offers/${promoOfferId}/promo-codes`;
    const created = await call('POST', url, { codes: ['spring26'], usage_limit: 100 });
    expect(created.status).toBe(200);
    expect(created.body.data.items).toEqual([{ code: 'SPRING26', usage_limit: 100 }]);

    const player = await h.createPlayer();
    const browser = newBrowser(h.app, { cookie: player.cookie });
    const redeemed = await browser.call('campaigns.activateOffer', { promo_code: 'Spring26' });
    expect(redeemed.body.status).toBe(1);
    const used = await h.database.db.execute<{ used: number }>(
      sql`SELECT used FROM promo_codes WHERE code = 'SPRING26'`,
    );
    expect(used.rows[0]!.used).toBe(1);

    const batch = await call('POST', url, { batch: { prefix: 'vip-', count: 25 }, usage_limit: 1 });
    const codes = (batch.body.data.items as { code: string }[]).map((row) => row.code);
    expect(codes).toHaveLength(25);
    expect(new Set(codes).size).toBe(25);
    for (const code of codes) expect(code).toMatch(/^VIP-[A-HJKMNP-Z2-9]{8}$/);
    const listed = await call('GET', `${url}?count=100`);
    expect((listed.body.data.items as { code: string }[]).map((row) => row.code)).toEqual(
      expect.arrayContaining(['SPRING26', ...codes]),
    );
  });

  it('refuses bad input and writes no code', async () => {
    const before = await codeCount();
    const url = `/nfx/operator/offers/${promoOfferId}/promo-codes`;
    const refusals: [string, Record<string, unknown>, number, string][] = [
      [url, { codes: ['NEWCODE1', 'SPRING26'], usage_limit: 5 }, 400, 'taken'],
      [url, { codes: ['TWICE', 'twice'], usage_limit: 5 }, 400, 'validation'],
      [url, { codes: ['no spaces allowed'], usage_limit: 5 }, 400, 'validation'],
      [url, { codes: ['OK123'], batch: { prefix: 'X', count: 2 }, usage_limit: 5 }, 400, 'invalid_parameter'],
      [url, { usage_limit: 5 }, 400, 'invalid_parameter'],
      [url, { codes: ['OK123'], usage_limit: 0 }, 400, 'invalid_parameter'],
      [url, { batch: { prefix: 'X', count: 1001 }, usage_limit: 5 }, 400, 'invalid_parameter'],
      [
        url,
        {
          codes: ['OK123'],
          usage_limit: 5,
          starts_at: '2030-01-02T00:00:00Z',
          ends_at: '2030-01-01T00:00:00Z',
        },
        400,
        'validation',
      ],
      [
        `/nfx/operator/offers/${depositOfferId}/promo-codes`,
        { codes: ['DEPO1'], usage_limit: 5 },
        400,
        'validation',
      ],
      ['/nfx/operator/offers/999999/promo-codes', { codes: ['GHOST1'], usage_limit: 5 }, 404, 'not_found'],
    ];
    for (const [target, body, status, code] of refusals) {
      const answer = await call('POST', target, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error!.details.code, JSON.stringify(body)).toBe(code);
    }
    expect(await codeCount()).toBe(before);
  });
});
