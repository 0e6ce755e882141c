import { banner } from '@croupier/contract/banners/get';
import { cmsConfig } from '@croupier/contract/content/cms-config';
import { homeBlock } from '@croupier/contract/content/home';
import { contentPage, customCodeEntry, domainSeoSettings, seoRecord } from '@croupier/contract/content/seo';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { ContentErrorBody } from './cms.routes.ts';

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

const get = (url: string, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'GET', url, headers });

function expectContentError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  name: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as ContentErrorBody;
  expect(body.data).toBeNull();
  expect(body.error.status).toBe(status);
  expect(body.error.name).toBe(name);
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

describe('GET /nfx/cms-config/:locale', () => {
  it('serves the configuration in English and French', async () => {
    const en = await get('/nfx/cms-config/en');
    expect(en.statusCode).toBe(200);
    expect(en.headers['cache-control']).toMatch(/max-age=10\b/);
    const config = cmsConfig.parse(en.json());
    expect(config.locale).toBe('en');
    expect(config['prazer-config'].siteName).toBe('Croupier');
    expect(config['prazer-config'].systemPages.notFound.header).toBe('Page not found');
    expect(config['prazer-config'].footer.responsibleGamingText).toContain('18');

    const fr = cmsConfig.parse((await get('/nfx/cms-config/fr')).json());
    expect(fr.locale).toBe('fr');
    expect(fr['prazer-config'].systemPages.notFound.header).toBe('Page introuvable');
    expect(fr['prazer-config'].validatorConfig.messages.required).toBe('Ce champ est obligatoire');
  });

  it('answers 404 for an unknown locale', async () => {
    expectContentError(await get('/nfx/cms-config/de'), 404, 'NotFoundError');
    expectContentError(await get('/nfx/cms-config/EN'), 404, 'NotFoundError');
  });

  it('keeps a change out for at most the cache lifetime', async () => {
    await harness.app.services.cms.getConfig('en');
    await harness.database.db.execute(
      sql`UPDATE cms_settings SET document = jsonb_set(document, '{placeholder}', '"Find a game"') WHERE locale = 'en' AND section = 'search-config'`,
    );
    expect((await harness.app.services.cms.getConfig('en'))['search-config'].placeholder).not.toBe(
      'Find a game',
    );
    expireCaches();
    expect((await harness.app.services.cms.getConfig('en'))['search-config'].placeholder).toBe('Find a game');
  });
});

describe('GET /nfx/domain-seo-settings', () => {
  it('falls back to the * domain and builds the canonical URL from the host', async () => {
    const response = await get('/nfx/domain-seo-settings?host=Play.Croupier.example&locale=fr');
    expect(response.statusCode).toBe(200);
    const settings = domainSeoSettings.parse(response.json());
    expect(settings.host).toBe('play.croupier.example');
    expect(settings.canonical.url).toBe('https://play.croupier.example');
    expect(settings.organization.logo).toBe('https://play.croupier.example/nfx/media/logo.svg');
    expect(settings.defaults.title).toContain('casino en ligne');
    expect(settings.robots.rules[0]?.disallow).toContain('/search');
    expect(settings.favicons).toContainEqual({ kind: 'ico', size: 'multi', url: '/favicon.ico' });
    expect(settings.favicons).toContainEqual({
      kind: 'png',
      size: '32x32',
      url: '/favicons/favicon-32x32.png',
    });

    const local = domainSeoSettings.parse((await get('/nfx/domain-seo-settings?host=localhost:3000')).json());
    expect(local.canonical.url).toBe('http://localhost:3000');
    expect(local.defaults.title).toContain('online casino');
  });

  it('uses a configured domain, looked up without its port', async () => {
    await harness.database.db.execute(
      sql`INSERT INTO cms_domains (host, canonical_url, robots_rules, sitemap_url)
          VALUES ('casino.example', 'https://www.casino.example', '[{"userAgent":"*","allow":["/search/help$"],"disallow":["/search","/vip"]}]', '/sitemap.xml')`,
    );
    expireCaches();
    const settings = domainSeoSettings.parse(
      (await get('/nfx/domain-seo-settings?host=CASINO.example:8443&locale=en')).json(),
    );
    expect(settings.canonical.url).toBe('https://www.casino.example');
    expect(settings.robots.sitemap).toBe('https://www.casino.example/sitemap.xml');
    // No localised document of its own: the * domain's texts.
    expect(settings.defaults.title).toContain('online casino');

    const robots = await get('/robots.txt', { host: 'casino.example' });
    expect(robots.body).toContain('Disallow: /vip');
    expect(robots.body).toContain('Allow: /search/help$');
    expect(robots.body).toContain('Sitemap: https://www.casino.example/sitemap.xml');
    expect(await harness.app.services.cms.isDisallowed('casino.example', '/fr/vip')).toBe(true);
    expect(await harness.app.services.cms.isDisallowed('casino.example', '/search/help')).toBe(false);
    expect(await harness.app.services.cms.isDisallowed('casino.example', '/private-offer')).toBe(false);
  });

  it('refuses a missing or malformed host and an unknown locale with 400', async () => {
    const missing = expectContentError(
      await get('/nfx/domain-seo-settings?locale=en'),
      400,
      'ValidationError',
    );
    expect(missing.details.fields).toEqual({ host: 'required' });
    const bad = expectContentError(
      await get('/nfx/domain-seo-settings?host=evil.example/path'),
      400,
      'ValidationError',
    );
    expect(bad.details.fields).toEqual({ host: 'invalid_format' });
    expectContentError(await get(`/nfx/domain-seo-settings?host=${'a'.repeat(400)}`), 400, 'ValidationError');
    expectContentError(
      await get('/nfx/domain-seo-settings?host=a.example&host=b.example'),
      400,
      'ValidationError',
    );
    const locale = expectContentError(
      await get('/nfx/domain-seo-settings?host=a.example&locale=de'),
      400,
      'ValidationError',
    );
    expect(locale.details.fields).toEqual({ locale: 'invalid_value' });
  });
});

describe('GET /nfx/seos', () => {
  it('finds the record by normalised url, per locale', async () => {
    const response = await get(`/nfx/seos?url=${encodeURIComponent('/fr/about/?utm_source=x')}&locale=fr`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: unknown[] };
    expect(body.data).toHaveLength(1);
    const record = seoRecord.parse(body.data[0]);
    expect(record).toMatchObject({ url: '/about', locale: 'fr', title: 'À propos de Croupier' });

    const home = seoRecord.parse((await get('/nfx/seos?url=/&locale=en')).json().data[0]);
    expect(home.title).toContain('Croupier');
    expect(home.text).toContain('<h2>');
  });

  it('carries FAQ, article and noindex data', async () => {
    const faq = seoRecord.parse((await get('/nfx/seos?url=/faq&locale=en')).json().data[0]);
    expect(faq.faq.length).toBeGreaterThanOrEqual(3);
    const article = seoRecord.parse(
      (await get('/nfx/seos?url=/news-provably-fair-explained&locale=fr')).json().data[0],
    );
    expect(article.article?.headline).toContain('équité');
    expect(article.openGraph?.type).toBe('article');
    const hidden = seoRecord.parse((await get('/nfx/seos?url=/fr/private-offer&locale=fr')).json().data[0]);
    expect(hidden.meta).toContainEqual({ name: 'robots', content: 'noindex, follow' });
  });

  it('accepts the headless-CMS filter form and answers an empty list when nothing matches', async () => {
    const filtered = await get(
      `/nfx/seos?${encodeURIComponent('filters[url][$eq]')}=/gamehall&populate=deep&locale=en`,
    );
    expect(seoRecord.parse(filtered.json().data[0]).url).toBe('/gamehall');
    const none = await get('/nfx/seos?url=/no-such-page&locale=en');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: [] });
  });

  it('refuses a missing or overlong url with 400', async () => {
    const missing = expectContentError(await get('/nfx/seos?locale=en'), 400, 'ValidationError');
    expect(missing.details.fields).toEqual({ url: 'required' });
    const long = expectContentError(
      await get(`/nfx/seos?url=/${'a'.repeat(3000)}&locale=en`),
      400,
      'ValidationError',
    );
    expect(long.details.fields).toEqual({ url: 'too_long' });
    expectContentError(await get('/nfx/seos?url=/about&locale=xx'), 400, 'ValidationError');
  });
});

describe('GET /nfx/pages/:slug', () => {
  it('serves published pages in both languages', async () => {
    const en = await get('/nfx/pages/responsible-gaming?locale=en');
    expect(en.statusCode).toBe(200);
    const page = contentPage.parse(en.json().data);
    expect(page).toMatchObject({ slug: 'responsible-gaming', locale: 'en', title: 'Responsible gaming' });
    expect(page.body).toContain('18');
    const fr = contentPage.parse((await get('/nfx/pages/terms?locale=fr')).json().data);
    expect(fr.title).toBe('Conditions générales');
    expect(new Date(fr.updatedAt).getTime()).not.toBeNaN();
    const defaultLocale = contentPage.parse((await get('/nfx/pages/about')).json().data);
    expect(defaultLocale.locale).toBe('en');
  });

  it('answers 404 for unknown and unpublished pages, 400 for a bad slug or locale', async () => {
    expectContentError(await get('/nfx/pages/no-such-page?locale=en'), 404, 'NotFoundError');
    expectContentError(await get('/nfx/pages/summer-festival?locale=en'), 404, 'NotFoundError');
    const slug = expectContentError(await get('/nfx/pages/Bad_Slug?locale=en'), 400, 'ValidationError');
    expect(slug.details.fields).toEqual({ slug: 'invalid_format' });
    expectContentError(await get('/nfx/pages/about?locale=de'), 400, 'ValidationError');
  });

  it('sanitises a body edited straight in the database on the way out', async () => {
    await harness.database.db.execute(
      sql`INSERT INTO cms_pages (slug, locale, title, body_html, is_published)
          VALUES ('tampered', 'en', 'Tampered', '<p onclick="steal()">Hi</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>', true)`,
    );
    const page = contentPage.parse((await get('/nfx/pages/tampered?locale=en')).json().data);
    expect(page.body).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(page.body).toContain('<p>Hi</p>');
  });
});

describe('robots', () => {
  it('serves robots.txt for the request host', async () => {
    const response = await get('/robots.txt', { host: 'localhost:3000' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['cache-control']).toContain('public');
    expect(response.body).toMatch(/^User-agent: \*\n/);
    expect(response.body).toContain('Disallow: /search\n');
    expect(response.body).toContain('Disallow: /private-offer\n');
    expect(response.body).not.toContain('Sitemap:');
  });

  it('marks disallowed pages with and without locale prefix', async () => {
    const { cms } = harness.app.services;
    expect(await cms.isDisallowed('localhost', '/private-offer')).toBe(true);
    expect(await cms.isDisallowed('localhost', '/fr/private-offer')).toBe(true);
    expect(await cms.isDisallowed('localhost', '/fr/search?q=dice')).toBe(true);
    expect(await cms.isDisallowed('localhost', '/gamehall?track_id=td_1')).toBe(true);
    expect(await cms.isDisallowed('localhost', '/about')).toBe(false);
    expect(await cms.isDisallowed('localhost', '/fr')).toBe(false);
  });
});

describe('favicons and media', () => {
  it('serves a valid ICO and PNGs', async () => {
    const ico = await get('/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect([...ico.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);

    const png = await get('/favicons/favicon-32x32.png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.rawPayload.readUInt32BE(16)).toBe(32);

    const apple = await get('/apple-touch-icon.png');
    expect(apple.rawPayload.readUInt32BE(16)).toBe(180);
    expect((await get('/favicons/apple-touch-icon-180x180.png')).statusCode).toBe(200);
    expect((await get('/favicons/favicon-512x512.png')).rawPayload.readUInt32BE(16)).toBe(512);
  });

  it('answers 304 to a matching ETag and 404 to an unknown icon', async () => {
    const first = await get('/favicons/favicon-16x16.png');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toContain('max-age=86400');
    const again = await get('/favicons/favicon-16x16.png', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expectContentError(await get('/favicons/favicon-99x99.png'), 404, 'NotFoundError');
    expectContentError(await get('/favicons/evil.svg'), 404, 'NotFoundError');
  });

  it('serves media with a locked-down SVG policy', async () => {
    const logo = await get('/nfx/media/logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['content-security-policy']).toContain('sandbox');
    expect(logo.body).toMatch(/^<svg /);
    expectContentError(await get('/nfx/media/missing.svg'), 404, 'NotFoundError');
    expectContentError(await get('/nfx/media/..%2Fetc%2Fpasswd'), 404, 'NotFoundError');
  });
});

describe('custom code, home blocks, redirects', () => {
  it('lists enabled custom-code entries only, unsanitised', async () => {
    const response = await get('/nfx/custom-codes');
    expect(response.statusCode).toBe(200);
    const entries = (response.json() as { data: unknown[] }).data.map((entry) =>
      customCodeEntry.parse(entry),
    );
    expect(entries).toEqual([
      { code: '<meta name="croupier-custom" content="1">', isEnabled: true, position: 'head' },
      { code: '<script>window.__croupierCustomCode = true;</script>', isEnabled: true, position: 'bodyEnd' },
    ]);
    expect(await harness.app.services.cms.customCode()).toEqual(entries);
  });

  it('serves home blocks per locale', async () => {
    const fr = await harness.app.services.cms.getHomeBlocks('fr');
    expect(fr.map((block) => homeBlock.parse(block).kind)).toEqual(['features', 'promotions', 'text', 'cta']);
    expect(fr[0]?.title).toContain('Pourquoi');
    const en = (await get('/nfx/home-blocks?locale=en')).json() as { data: unknown[] };
    expect(homeBlock.parse(en.data[0]).title).toContain('Why');
  });

  it('matches redirects and refuses dangerous targets', async () => {
    const { cms } = harness.app.services;
    expect(await cms.matchRedirect('/old-promotions')).toEqual({
      location: '/promotions',
      status: 301,
      external: false,
    });
    expect(await cms.matchRedirect('/fr/blog/2024/big-win')).toEqual({
      location: '/about',
      status: 302,
      external: false,
    });
    expect(await cms.matchRedirect('/partners')).toEqual({
      location: 'https://example.org/partners',
      status: 302,
      external: true,
    });
    expect(await cms.matchRedirect('/promotions')).toBeNull();

    await harness.database.db.execute(
      sql`INSERT INTO cms_redirects (from_url, to_url, status, sort_order) VALUES
          ('/evil-js', 'javascript:alert(1)', 302, 1),
          ('/evil-proto', '//evil.example', 302, 2),
          ('/evil-backslash', '/\\evil.example', 302, 3),
          ('/evil-data', 'data:text/html,hi', 302, 4)`,
    );
    expireCaches();
    for (const path of ['/evil-js', '/evil-proto', '/evil-backslash', '/evil-data']) {
      expect(await cms.matchRedirect(path), path).toBeNull();
    }
  });
});

describe('banners.get', () => {
  it('returns the envelope with only the asked fields, in the request locale', async () => {
    const response = await get('/api/banners.get?count=2&fields=id,description&locale=fr');
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      status: number;
      data: { items: Record<string, unknown>[]; total: number };
    };
    expect(body.status).toBe(1);
    expect(body.data.items).toHaveLength(2);
    // Six hero and two strip banners are active; one has ended and one has not started.
    expect(body.data.total).toBe(8);
    for (const item of body.data.items) {
      expect(Object.keys(item).sort()).toEqual(['description', 'id']);
      banner.parse(item);
    }
    const first = banner.parse(body.data.items[0]);
    expect(first.description?.title).toContain('Tous les jeux à essayer gratuitement');
    expect(first.description?.priority).toBe(2);
  });

  it('filters by position, pages and defaults to every field', async () => {
    const response = await get('/api/banners.get?position=home_hero&offset=1&count=10&locale=en');
    const body = response.json() as { status: number; data: { items: unknown[]; total: number } };
    expect(body.data.total).toBe(6);
    expect(body.data.items).toHaveLength(5);
    const items = body.data.items.map((item) => banner.parse(item));
    expect(items.map((item) => item.description?.priority)).toEqual([10, 20, 30, 40, 45]);
    expect(Object.keys(body.data.items[0] as object).sort()).toEqual(['description', 'finished_at', 'id']);
    // The live-casino nights banner (priority 20) ends in 90 days.
    expect(items[1]?.finished_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(items.every((item) => item.description?.position === 'home_hero')).toBe(true);
  });

  it('refuses bad input with a typed error', async () => {
    const tooMany = await get('/api/banners.get?count=1000');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      status: 0,
      error: { type: 'InvalidParameterException', fields: { count: 'too_big' } },
    });
    const badField = await get('/api/banners.get?fields=id,secret');
    expect(badField.statusCode).toBe(400);
    const badPosition = await get('/api/banners.get?position=sidebar');
    expect(badPosition.statusCode).toBe(400);
  });
});

describe('seed', () => {
  it('inserts nothing the second time', async () => {
    const tables = [
      'cms_settings',
      'cms_domains',
      'cms_domain_seo',
      'cms_seo_pages',
      'cms_pages',
      'cms_custom_codes',
      'cms_redirects',
      'cms_banners',
      'cms_banner_texts',
      'cms_home_blocks',
      'cms_favicons',
      'cms_media',
    ];
    const counts = async () => {
      const result: Record<string, number> = {};
      for (const table of tables) {
        const rows = await harness.database.db.execute<{ n: string }>(
          sql.raw(`SELECT count(*)::text AS n FROM ${table}`),
        );
        result[table] = Number(rows.rows[0]?.n);
      }
      return result;
    };
    const before = await counts();
    expect(before.cms_settings).toBe(18);
    expect(before.cms_banners).toBe(10);
    expect(before.cms_banner_texts).toBe(20);
    await harness.app.services.cms.seed({ demo: true });
    await harness.app.services.cms.seed({ demo: false });
    expect(await counts()).toEqual(before);
  });
});
