import { banner } from '@croupier/contract/banners/get';
import { offerOutput } from '@croupier/contract/campaigns/common';
import { promotionDetail, promotionSummary } from '@croupier/contract/promotions/get';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let harness: TestApp;
let clock = Date.now();
/** Moves past the content service's 10 s cache. */
const expireCaches = () => {
  clock += 11_000;
};

beforeAll(async () => {
  harness = await createTestApp({ now: () => new Date(clock) });
});

afterAll(async () => {
  await harness?.close();
});

type Envelope =
  | { status: 1; data: unknown }
  | { status: 0; error: { type: string; code: string; message: string; fields?: Record<string, string> } };

async function call(url: string): Promise<{ statusCode: number; body: Envelope }> {
  const response = await harness.app.inject({ method: 'GET', url });
  return { statusCode: response.statusCode, body: response.json() as Envelope };
}

function dataOf(result: { body: Envelope }): unknown {
  if (result.body.status !== 1) throw new Error(`API error ${JSON.stringify(result.body)}`);
  return result.body.data;
}

async function promotionCount(): Promise<number> {
  const rows = await harness.database.db.execute<{ n: string }>(
    sql`SELECT count(*)::text AS n FROM cms_promotions`,
  );
  return Number(rows.rows?.[0]?.n ?? (rows as unknown as { n: string }[])[0]?.n);
}

describe('promotions.get', () => {
  it('lists the four demo promotions by priority, in the request language', async () => {
    const en = dataOf(await call('/api/promotions.get?locale=en')) as { items: unknown[]; total: number };
    expect(en.total).toBe(4);
    const items = en.items.map((item) => promotionSummary.parse(item));
    expect(items.map((item) => item.slug)).toEqual([
      'welcome-bonus',
      'weekly-reload',
      'weekly-cashback',
      'no-deposit-welcome10',
    ]);
    expect(items[0]?.title).toBe('Welcome bonus: 100 % up to 200');
    expect(items[0]?.image).toBe('/nfx/media/promo-welcome.svg');
    expect(items[3]?.cta).toEqual({ text: '', link: null, offer_id: null, promo_code: 'WELCOME10' });

    const fr = dataOf(await call('/api/promotions.get?locale=fr&offset=1&count=2')) as {
      items: unknown[];
      total: number;
    };
    expect(fr.total).toBe(4);
    const frItems = fr.items.map((item) => promotionSummary.parse(item));
    expect(frItems.map((item) => item.title)).toEqual([
      'Bonus de recharge : 50 % jusqu’à 100',
      'Cashback casino hebdomadaire 10 %',
    ]);
  });

  it('refuses a count above the page limit with a typed error', async () => {
    const result = await call('/api/promotions.get?count=1000');
    expect(result.statusCode).toBe(400);
    expect(result.body.status).toBe(0);
    if (result.body.status === 0) expect(result.body.error.type).toBe('InvalidParameterException');
  });

  it('seeds idempotently', async () => {
    const before = await promotionCount();
    expect(before).toBe(4);
    await harness.app.services.cms.seed({ demo: true });
    expect(await promotionCount()).toBe(4);
  });
});

describe('promotions.getOne', () => {
  it('answers one promotion by slug and by id, with sanitised body and terms', async () => {
    const bySlug = promotionDetail.parse(
      dataOf(await call('/api/promotions.getOne?slug=weekly-cashback&locale=fr')),
    );
    expect(bySlug.title).toBe('Cashback casino hebdomadaire 10 %');
    expect(bySlug.body).toContain('<strong>10 %</strong>');
    expect(bySlug.terms).toContain('7 jours');
    const byId = promotionDetail.parse(dataOf(await call(`/api/promotions.getOne?id=${bySlug.id}`)));
    expect(byId.slug).toBe('weekly-cashback');
    expect(byId.title).toBe('Weekly casino cashback 10 %');
  });

  it('serves a body edited in the database sanitised', async () => {
    await harness.database.db.execute(
      sql`UPDATE cms_promotion_texts SET body_html = '<p>Hi</p><script>alert(1)</script><img src="x" onerror="alert(1)">' WHERE locale = 'en' AND promotion_id = (SELECT id FROM cms_promotions WHERE slug = 'weekly-reload')`,
    );
    const detail = promotionDetail.parse(dataOf(await call('/api/promotions.getOne?slug=weekly-reload')));
    expect(detail.body).toContain('<p>Hi</p>');
    expect(detail.body).not.toContain('script');
    expect(detail.body).not.toContain('onerror');
  });

  it('gives a typed not-found for unknown, ended and not yet started promotions', async () => {
    const expectNotFound = async (query: string) => {
      const result = await call(`/api/promotions.getOne?${query}`);
      expect(result.statusCode).toBe(400);
      expect(result.body.status).toBe(0);
      if (result.body.status === 0) {
        expect(result.body.error.type).toBe('InvalidParameterException');
        expect(result.body.error.code).toBe('promotion_not_found');
        expect(result.body.error.fields).toEqual({ promotion: 'not_found' });
      }
    };
    await expectNotFound('slug=no-such-promotion');
    await expectNotFound('id=999999');
    await expectNotFound('slug=Bad%20Slug');

    await harness.database.db.execute(
      sql`UPDATE cms_promotions SET ends_at = ${new Date(clock - 1000).toISOString()}::timestamptz WHERE slug = 'weekly-cashback'`,
    );
    await expectNotFound('slug=weekly-cashback');
    await harness.database.db.execute(
      sql`UPDATE cms_promotions SET ends_at = NULL, starts_at = ${new Date(clock + 86_400_000).toISOString()}::timestamptz WHERE slug = 'weekly-cashback'`,
    );
    await expectNotFound('slug=weekly-cashback');
    const list = dataOf(await call('/api/promotions.get')) as { total: number };
    expect(list.total).toBe(3);
    await harness.database.db.execute(
      sql`UPDATE cms_promotions SET starts_at = NULL WHERE slug = 'weekly-cashback'`,
    );
  });

  it('refuses both or neither of id and slug', async () => {
    for (const query of ['', 'id=1&slug=weekly-reload']) {
      const result = await call(`/api/promotions.getOne?${query}`);
      expect(result.statusCode).toBe(400);
      if (result.body.status === 0) expect(result.body.error.type).toBe('InvalidParameterException');
    }
  });
});

describe('image-name mapping (spec §7)', () => {
  it('remaps banner, promotion and offer images through the configured mapping', async () => {
    await harness.database.db.execute(
      sql`UPDATE cms_settings SET document = jsonb_set(document, '{imageNameMapping}', '{"banner-game-hall.svg": "banner-winter.svg", "promo-welcome.svg": "promo-winter.svg", "offer-art.png": "https://cdn.example.com/offer.png"}') WHERE locale = 'en' AND section = 'settings-seo'`,
    );
    await harness.database.db.execute(
      sql`UPDATE campaign_offers SET description = jsonb_set(description, '{en}', '"<img src=\\"/nfx/media/offer-art.png\\"> Matched 100 %."') WHERE key = 'welcome-deposit'`,
    );
    expireCaches();

    const banners = dataOf(await call('/api/banners.get?position=home_hero&count=20&locale=en')) as {
      items: unknown[];
    };
    const images = banners.items.map((item) => banner.parse(item).description?.image);
    expect(images).toContain('/nfx/media/banner-winter.svg');
    expect(images).not.toContain('/nfx/media/banner-game-hall.svg');

    const welcome = promotionSummary.parse(
      (dataOf(await call('/api/promotions.get?locale=en')) as { items: unknown[] }).items[0],
    );
    expect(welcome.image).toBe('/nfx/media/promo-winter.svg');

    const offers = dataOf(await call('/api/campaigns.getoffers?locale=en&count=50')) as { items: unknown[] };
    const descriptions = offers.items.map((item) => offerOutput.parse(item).description);
    expect(descriptions).toContain('<img src="https://cdn.example.com/offer.png"> Matched 100 %.');

    // French has its own (empty) mapping: nothing is remapped there.
    const fr = promotionSummary.parse(
      (dataOf(await call('/api/promotions.get?locale=fr')) as { items: unknown[] }).items[0],
    );
    expect(fr.image).toBe('/nfx/media/promo-welcome.svg');
  });
});
