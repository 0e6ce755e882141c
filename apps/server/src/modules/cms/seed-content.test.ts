import { cmsConfig } from '@croupier/contract/content/cms-config';
import { sectionOfHref } from '@croupier/contract/content/site-sections';
import { LOCALES } from '@croupier/contract/locales';
import { describe, expect, it } from 'vitest';
import { domainSeoDocument, homeBlockDocument, robotsRules, seoDocument } from './cms.schemas.ts';
import { generateMedia } from './media-art.ts';
import { sanitizeContentHtml } from './sanitize.ts';
import { DEFAULT_ROBOTS_RULES, defaultDomainSeo, defaultSettings } from './seed-config.ts';
import { DEMO_BANNERS, DEMO_HOME_BLOCKS, DEMO_PAGES, DEMO_REDIRECTS, DEMO_SEO } from './seed-demo.ts';
import { normalizePagePath, safeRedirectTarget } from './urls.ts';

const allText = JSON.stringify([
  defaultSettings(),
  defaultDomainSeo(),
  DEMO_BANNERS,
  DEMO_HOME_BLOCKS,
  DEMO_PAGES,
  DEMO_SEO,
]);

describe('seed content', () => {
  it('matches the contract in every locale', () => {
    for (const locale of LOCALES) {
      expect(cmsConfig.safeParse({ locale, ...defaultSettings()[locale] }).success).toBe(true);
      expect(domainSeoDocument.safeParse(defaultDomainSeo()[locale]).success).toBe(true);
      for (const block of DEMO_HOME_BLOCKS)
        expect(homeBlockDocument.safeParse(block.documents[locale]).success).toBe(true);
      for (const seo of DEMO_SEO)
        expect(seoDocument.safeParse(seo.documents[locale]).success, seo.url).toBe(true);
    }
    expect(robotsRules.safeParse(DEFAULT_ROBOTS_RULES).success).toBe(true);
  });

  it('is real copy, not placeholder text, and differs between languages', () => {
    expect(allText).not.toMatch(/lorem|ipsum|TODO|FIXME/i);
    for (const page of DEMO_PAGES) expect(page.texts.fr.body).not.toBe(page.texts.en.body);
    expect(allText).toContain('18+');
  });

  it('stores HTML that the sanitiser keeps whole: no tag or text is lost', () => {
    const tags = (html: string) => html.match(/<\/?[a-z0-9]+/g) ?? [];
    const text = (html: string) => html.replace(/<[^>]+>/g, '');
    const bodies = [
      ...DEMO_PAGES.flatMap((page) => LOCALES.map((locale) => page.texts[locale].body)),
      ...DEMO_HOME_BLOCKS.flatMap((block) => LOCALES.map((locale) => block.documents[locale].text)),
      ...DEMO_SEO.flatMap((seo) => LOCALES.map((locale) => seo.documents[locale].text ?? '')),
    ];
    for (const body of bodies) {
      const clean = sanitizeContentHtml(body);
      expect(tags(clean)).toEqual(tags(body));
      expect(text(clean)).toBe(text(body));
    }
  });

  it('links only to pages that exist, or into a site section the site hides until its pages land', () => {
    const slugs = new Set(DEMO_PAGES.filter((page) => page.isPublished).map((page) => `/${page.slug}`));
    // Routes of apps/web/app/routes.ts that are real pages today.
    const routes = new Set([
      '/',
      '/gamehall',
      '/providers',
      '/winners',
      '/fairness',
      '/forms/sign_up',
      '/forms/sign_in',
      '/profile/settings',
      '/profile/security',
      '/profile/notification',
      '/profile/bonuses',
      '/profile/cashback',
      '/cashier/deposit',
      '/cashier/withdraw',
      '/cashier/history',
    ]);
    const exists = (href: string) => {
      const path = (href.split(/[?#]/)[0] ?? '').replace(/^\/fr(?=\/|$)/, '') || '/';
      return routes.has(path) || slugs.has(path) || sectionOfHref(href) !== null;
    };
    for (const locale of LOCALES) {
      const site = defaultSettings()[locale]['prazer-config'];
      const links = [
        ...site.headerMenu,
        ...site.sideMenu,
        ...site.mobileBottomMenu,
        ...site.userMenu,
        ...site.footer.groups.flatMap((group) => group.links),
      ].filter((link) => !link.external);
      for (const link of links) expect(exists(link.url), link.url).toBe(true);
      const { withdrawalButtons } = defaultSettings()[locale]['cashier-config'];
      expect(exists(withdrawalButtons.kycLink)).toBe(true);
      expect(exists(withdrawalButtons.confirmContactLink)).toBe(true);
    }
    for (const banner of DEMO_BANNERS) if (banner.link) expect(exists(banner.link), banner.link).toBe(true);
    const html = [
      ...DEMO_PAGES.flatMap((page) => LOCALES.map((locale) => page.texts[locale].body)),
      ...DEMO_HOME_BLOCKS.flatMap((block) =>
        LOCALES.flatMap((locale) => [
          block.documents[locale].text,
          `<a href="${block.documents[locale].link ?? '/'}">`,
        ]),
      ),
      ...DEMO_SEO.flatMap((seo) => LOCALES.map((locale) => seo.documents[locale].text ?? '')),
    ];
    for (const body of html)
      for (const [, href] of body.matchAll(/href="([^"]+)"/g))
        if (href?.startsWith('/')) expect(exists(href), href).toBe(true);
  });

  it('promises only games the catalogue has and no live casino or sportsbook', () => {
    expect(allText).not.toMatch(/\bcrash\b|\bmines\b|live dealers|croupiers en direct|baccarat/i);
    const about = DEMO_PAGES.find((page) => page.slug === 'about');
    expect(about?.texts.en.body).not.toMatch(/sports betting|live casino/i);
    expect(about?.texts.fr.body).not.toMatch(/paris sportifs|casino en direct/i);
  });

  it('has media for every referenced file', () => {
    const media = new Set(generateMedia().map((file) => `/nfx/media/${file.name}`));
    const referenced = allText.match(/\/nfx\/media\/[a-z0-9.-]+/g) ?? [];
    expect(referenced.length).toBeGreaterThan(5);
    for (const url of referenced) expect(media.has(url), url).toBe(true);
  });

  it('has SEO urls in their normalised form and safe redirect targets', () => {
    for (const seo of DEMO_SEO) expect(normalizePagePath(seo.url)).toBe(seo.url);
    for (const rule of DEMO_REDIRECTS) expect(safeRedirectTarget(rule.toUrl), rule.toUrl).not.toBeNull();
  });

  it('has banners in every locale with both active and inactive ones', () => {
    const active = DEMO_BANNERS.filter(
      (b) =>
        (b.startsInDays === null || b.startsInDays <= 0) &&
        (b.finishesInDays === null || b.finishesInDays > 0),
    );
    expect(active.filter((b) => b.position === 'home_hero').length).toBeGreaterThanOrEqual(3);
    expect(active.filter((b) => b.position === 'home_strip').length).toBeGreaterThanOrEqual(2);
    expect(active.length).toBeLessThan(DEMO_BANNERS.length);
    for (const banner of DEMO_BANNERS)
      for (const locale of LOCALES) expect(banner.texts[locale].title.length).toBeGreaterThan(0);
  });
});
