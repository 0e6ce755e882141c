/**
 * Tables of the content service (spec §3 content-managed data, §7 content service). Everything a back
 * office edits lives here as rows or per-locale JSONB documents; documents are validated with the
 * contract's zod schemas when written and again when read, so a hand-edited row cannot break a page.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A locale code as the product spells it (`en`, `fr`). */
const localeCheck = (column: AnyPgColumn) => sql`${column} ~ '^[a-z]{2}$'`;

/** One configuration section (`prazer-config`, `auth-config`…) per locale: the cms-config document. */
export const cmsSettings = pgTable(
  'cms_settings',
  {
    locale: text('locale').notNull(),
    section: text('section').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.locale, table.section] }),
    check('cms_settings_locale_check', localeCheck(table.locale)),
  ],
);

/**
 * Domains the site answers on. `*` is the fallback for any host without a row of its own. Robots
 * rules are per domain, not per locale (robots.txt has no language).
 */
export const cmsDomains = pgTable(
  'cms_domains',
  {
    /** Lower-case host name without port, or `*`. */
    host: text('host').primaryKey(),
    /** Canonical origin (`https://croupier.example`); null: built from the request's host. */
    canonicalUrl: text('canonical_url'),
    robotsRules: jsonb('robots_rules')
      .$type<{ userAgent: string; allow: string[]; disallow: string[] }[]>()
      .notNull()
      .default([]),
    /** Absolute URL or a path resolved against the canonical origin. */
    sitemapUrl: text('sitemap_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cms_domains_host_check', sql`${table.host} = '*' OR ${table.host} ~ '^[a-z0-9.-]{1,253}$'`),
  ],
);

/** Localised SEO settings of a domain: meta list, organization, product and page defaults. */
export const cmsDomainSeo = pgTable(
  'cms_domain_seo',
  {
    host: text('host')
      .notNull()
      .references(() => cmsDomains.host, { onDelete: 'cascade', onUpdate: 'cascade' }),
    locale: text('locale').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.host, table.locale] }),
    check('cms_domain_seo_locale_check', localeCheck(table.locale)),
  ],
);

/** Per-page SEO record, keyed by the page path without locale prefix (`/about`, `/` for home). */
export const cmsSeoPages = pgTable(
  'cms_seo_pages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    url: text('url').notNull(),
    locale: text('locale').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cms_seo_pages_url_locale_key').on(table.url, table.locale),
    check('cms_seo_pages_locale_check', localeCheck(table.locale)),
    check('cms_seo_pages_url_check', sql`${table.url} ~ '^/' AND length(${table.url}) <= 2048`),
  ],
);

/** Generic content pages served at `/{slug}`; the body is sanitised HTML. */
export const cmsPages = pgTable(
  'cms_pages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cms_pages_slug_locale_key').on(table.slug, table.locale),
    check('cms_pages_locale_check', localeCheck(table.locale)),
    check('cms_pages_slug_check', sql`${table.slug} ~ '^[a-z0-9][a-z0-9-]{0,99}$'`),
  ],
);

/** Operator code injected into every page (spec §4). Not sanitised: it is the operator's own code. */
export const cmsCustomCodes = pgTable(
  'cms_custom_codes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** Stable operator-facing name; also what makes seeding idempotent. */
    name: text('name').notNull(),
    code: text('code').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    position: text('position').notNull().default('bodyEnd'),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cms_custom_codes_name_key').on(table.name),
    check('cms_custom_codes_position_check', sql`${table.position} IN ('head', 'bodyStart', 'bodyEnd')`),
  ],
);

/** Redirect table (spec §2): `*` in from_url matches any run of characters; first match by sort order. */
export const cmsRedirects = pgTable(
  'cms_redirects',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    fromUrl: text('from_url').notNull(),
    toUrl: text('to_url').notNull(),
    status: smallint('status').notNull().default(302),
    sortOrder: integer('sort_order').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cms_redirects_from_url_key').on(table.fromUrl),
    check('cms_redirects_status_check', sql`${table.status} IN (301, 302)`),
    check('cms_redirects_from_url_check', sql`${table.fromUrl} ~ '^/' AND length(${table.fromUrl}) <= 1024`),
    check('cms_redirects_to_url_check', sql`length(${table.toUrl}) BETWEEN 1 AND 2048`),
  ],
);

/** Banners (spec §3: id, finished_at, description with position); texts per locale below. */
export const cmsBanners = pgTable(
  'cms_banners',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** Stable operator-facing key; also what makes seeding idempotent. */
    key: text('key').notNull(),
    position: text('position').notNull(),
    /** Lower comes first. */
    priority: integer('priority').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Same-origin path without locale prefix, or an absolute http(s) URL. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cms_banners_key_key').on(table.key),
    index('cms_banners_position_priority_idx').on(table.position, table.priority),
    check(
      'cms_banners_position_check',
      sql`${table.position} IN ('home_hero', 'home_strip', 'auth', 'menu', 'cashier')`,
    ),
  ],
);

export const cmsBannerTexts = pgTable(
  'cms_banner_texts',
  {
    bannerId: bigint('banner_id', { mode: 'bigint' })
      .notNull()
      .references(() => cmsBanners.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    image: text('image').notNull(),
    imageMobile: text('image_mobile'),
    buttonText: text('button_text'),
  },
  (table) => [
    primaryKey({ columns: [table.bannerId, table.locale] }),
    check('cms_banner_texts_locale_check', localeCheck(table.locale)),
  ],
);

/** Home page blocks per locale; the document is a contract `HomeBlock` without its id (the key). */
export const cmsHomeBlocks = pgTable(
  'cms_home_blocks',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    key: text('key').notNull(),
    locale: text('locale').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isEnabled: boolean('is_enabled').notNull().default(true),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cms_home_blocks_key_locale_key').on(table.key, table.locale),
    check('cms_home_blocks_locale_check', localeCheck(table.locale)),
  ],
);

/** Favicons per kind and size (spec §3 web setting), stored as image bytes. */
export const cmsFavicons = pgTable(
  'cms_favicons',
  {
    kind: text('kind').notNull(),
    /** `32x32`; an ICO holds several sizes and is stored once under `multi`. */
    size: text('size').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.size] }),
    check('cms_favicons_kind_check', sql`${table.kind} IN ('png', 'apple_png', 'ico')`),
    check('cms_favicons_size_check', sql`${table.size} ~ '^([0-9]{1,4}x[0-9]{1,4}|multi)$'`),
  ],
);

/** Images the content refers to (logos, banner art), served at /nfx/media/{name}. */
export const cmsMedia = pgTable(
  'cms_media',
  {
    name: text('name').primaryKey(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('cms_media_name_check', sql`${table.name} ~ '^[a-z0-9][a-z0-9-]{0,80}\\.(svg|png|ico|webp|jpg)$'`),
    check(
      'cms_media_content_type_check',
      sql`${table.contentType} IN ('image/svg+xml', 'image/png', 'image/x-icon', 'image/webp', 'image/jpeg')`,
    ),
  ],
);

/**
 * Promotions (ADR 023): operator-managed marketing pages at `/promotions/{id}`, shown between
 * starts_at and ends_at; texts per locale below. The call to action is at most one of a same-site
 * path, an offer of the campaigns module (by id, no foreign key: content outlives an offer) or a
 * promo code.
 */
export const cmsPromotions = pgTable(
  'cms_promotions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** Stable operator-facing key and URL slug; also what makes seeding idempotent. */
    slug: text('slug').notNull(),
    /** Lower comes first. */
    priority: integer('priority').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** A `cms_media` name (`promo-welcome.svg`) or an absolute https URL. */
    image: text('image').notNull(),
    ctaLink: text('cta_link'),
    ctaOfferId: bigint('cta_offer_id', { mode: 'bigint' }),
    ctaPromoCode: text('cta_promo_code'),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cms_promotions_slug_key').on(table.slug),
    index('cms_promotions_priority_idx').on(table.priority),
    check('cms_promotions_slug_check', sql`${table.slug} ~ '^[a-z0-9][a-z0-9-]{0,99}$'`),
    check(
      'cms_promotions_window_check',
      sql`${table.startsAt} IS NULL OR ${table.endsAt} IS NULL OR ${table.startsAt} < ${table.endsAt}`,
    ),
    check(
      'cms_promotions_cta_link_check',
      sql`${table.ctaLink} IS NULL OR (${table.ctaLink} ~ '^/[^/\\\\]' AND length(${table.ctaLink}) <= 2048) OR ${table.ctaLink} = '/'`,
    ),
    check(
      'cms_promotions_cta_promo_code_check',
      sql`${table.ctaPromoCode} IS NULL OR length(${table.ctaPromoCode}) BETWEEN 1 AND 64`,
    ),
    check(
      'cms_promotions_one_cta_check',
      sql`num_nonnulls(${table.ctaLink}, ${table.ctaOfferId}, ${table.ctaPromoCode}) <= 1`,
    ),
  ],
);

export const cmsPromotionTexts = pgTable(
  'cms_promotion_texts',
  {
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => cmsPromotions.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Sanitised HTML (cms/sanitize.ts), on write and again on read. */
    bodyHtml: text('body_html').notNull(),
    termsHtml: text('terms_html').notNull(),
    /** Null: the page's default button text. */
    ctaText: text('cta_text'),
  },
  (table) => [
    primaryKey({ columns: [table.promotionId, table.locale] }),
    check('cms_promotion_texts_locale_check', localeCheck(table.locale)),
    check('cms_promotion_texts_title_check', sql`length(${table.title}) BETWEEN 1 AND 200`),
  ],
);
