import type { Db } from '@croupier/db/client';
import { and, asc, count, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  cmsBanners,
  cmsBannerTexts,
  cmsCustomCodes,
  cmsDomainSeo,
  cmsDomains,
  cmsFavicons,
  cmsHomeBlocks,
  cmsMedia,
  cmsPages,
  cmsRedirects,
  cmsSeoPages,
  cmsSettings,
} from './cms.tables.ts';

/** Bounds on tables read whole into a cache: far above any real site, low enough to never hurt. */
const MAX_DOMAINS = 1_000;
const MAX_REDIRECTS = 5_000;
const MAX_CUSTOM_CODES = 200;
const MAX_HOME_BLOCKS = 100;

export interface BannerRow {
  id: bigint;
  position: string;
  priority: number;
  finishedAt: Date | null;
  link: string | null;
}

export interface BannerTextRow {
  bannerId: bigint;
  locale: string;
  title: string;
  text: string;
  image: string;
  imageMobile: string | null;
  buttonText: string | null;
}

export function createCmsRepository(db: Db) {
  function activeBannerFilter(at: Date, position: string | undefined, locales: string[]): SQL | undefined {
    return and(
      or(isNull(cmsBanners.startsAt), lte(cmsBanners.startsAt, at)),
      or(isNull(cmsBanners.finishedAt), gt(cmsBanners.finishedAt, at)),
      position === undefined ? undefined : eq(cmsBanners.position, position),
      // A banner without a text in the request's language or the default one has nothing to show.
      sql`EXISTS (SELECT 1 FROM ${cmsBannerTexts} WHERE ${cmsBannerTexts.bannerId} = ${cmsBanners.id} AND ${inArray(cmsBannerTexts.locale, locales)})`,
    );
  }

  return {
    async settingsFor(locales: string[]) {
      return db
        .select({ locale: cmsSettings.locale, section: cmsSettings.section, document: cmsSettings.document })
        .from(cmsSettings)
        .where(inArray(cmsSettings.locale, locales));
    },

    async insertSettings(row: { locale: string; section: string; document: Record<string, unknown> }) {
      const inserted = await db
        .insert(cmsSettings)
        .values(row)
        .onConflictDoNothing()
        .returning({ locale: cmsSettings.locale });
      return inserted.length;
    },

    async allDomains() {
      return db
        .select({
          host: cmsDomains.host,
          canonicalUrl: cmsDomains.canonicalUrl,
          robotsRules: cmsDomains.robotsRules,
          sitemapUrl: cmsDomains.sitemapUrl,
        })
        .from(cmsDomains)
        .orderBy(asc(cmsDomains.host))
        .limit(MAX_DOMAINS);
    },

    async allDomainSeo() {
      return db
        .select({ host: cmsDomainSeo.host, locale: cmsDomainSeo.locale, document: cmsDomainSeo.document })
        .from(cmsDomainSeo)
        .orderBy(asc(cmsDomainSeo.host), asc(cmsDomainSeo.locale))
        .limit(MAX_DOMAINS * 8);
    },

    async insertDomain(row: typeof cmsDomains.$inferInsert) {
      const inserted = await db
        .insert(cmsDomains)
        .values(row)
        .onConflictDoNothing()
        .returning({ host: cmsDomains.host });
      return inserted.length;
    },

    async insertDomainSeo(row: { host: string; locale: string; document: Record<string, unknown> }) {
      const inserted = await db
        .insert(cmsDomainSeo)
        .values(row)
        .onConflictDoNothing()
        .returning({ host: cmsDomainSeo.host });
      return inserted.length;
    },

    async findSeoDocument(url: string, locale: string): Promise<Record<string, unknown> | null> {
      const [row] = await db
        .select({ document: cmsSeoPages.document })
        .from(cmsSeoPages)
        .where(and(eq(cmsSeoPages.url, url), eq(cmsSeoPages.locale, locale)))
        .limit(1);
      return row?.document ?? null;
    },

    async insertSeoPage(row: { url: string; locale: string; document: Record<string, unknown> }) {
      const inserted = await db
        .insert(cmsSeoPages)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: cmsSeoPages.id });
      return inserted.length;
    },

    async findPublishedPage(slug: string, locale: string) {
      const [row] = await db
        .select({
          slug: cmsPages.slug,
          locale: cmsPages.locale,
          title: cmsPages.title,
          bodyHtml: cmsPages.bodyHtml,
          updatedAt: cmsPages.updatedAt,
        })
        .from(cmsPages)
        .where(and(eq(cmsPages.slug, slug), eq(cmsPages.locale, locale), eq(cmsPages.isPublished, true)))
        .limit(1);
      return row ?? null;
    },

    async insertPage(row: {
      slug: string;
      locale: string;
      title: string;
      bodyHtml: string;
      isPublished: boolean;
    }) {
      const inserted = await db
        .insert(cmsPages)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: cmsPages.id });
      return inserted.length;
    },

    async enabledCustomCodes() {
      return db
        .select({ code: cmsCustomCodes.code, position: cmsCustomCodes.position })
        .from(cmsCustomCodes)
        .where(eq(cmsCustomCodes.isEnabled, true))
        .orderBy(asc(cmsCustomCodes.sortOrder), asc(cmsCustomCodes.id))
        .limit(MAX_CUSTOM_CODES);
    },

    async insertCustomCode(row: typeof cmsCustomCodes.$inferInsert) {
      const inserted = await db
        .insert(cmsCustomCodes)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: cmsCustomCodes.id });
      return inserted.length;
    },

    async enabledRedirects() {
      return db
        .select({ fromUrl: cmsRedirects.fromUrl, toUrl: cmsRedirects.toUrl, status: cmsRedirects.status })
        .from(cmsRedirects)
        .where(eq(cmsRedirects.isEnabled, true))
        .orderBy(asc(cmsRedirects.sortOrder), asc(cmsRedirects.id))
        .limit(MAX_REDIRECTS);
    },

    async insertRedirect(row: typeof cmsRedirects.$inferInsert) {
      const inserted = await db
        .insert(cmsRedirects)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: cmsRedirects.id });
      return inserted.length;
    },

    /** One page of banners active at `at`, by priority (lower first), with the total. */
    async activeBanners(options: {
      at: Date;
      position: string | undefined;
      locales: string[];
      offset: number;
      count: number;
    }): Promise<{ rows: BannerRow[]; total: number }> {
      const where = activeBannerFilter(options.at, options.position, options.locales);
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: cmsBanners.id,
            position: cmsBanners.position,
            priority: cmsBanners.priority,
            finishedAt: cmsBanners.finishedAt,
            link: cmsBanners.link,
          })
          .from(cmsBanners)
          .where(where)
          .orderBy(asc(cmsBanners.priority), asc(cmsBanners.id))
          .offset(options.offset)
          .limit(options.count),
        db.select({ n: count() }).from(cmsBanners).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    async bannerTexts(bannerIds: bigint[], locales: string[]): Promise<BannerTextRow[]> {
      if (bannerIds.length === 0) return [];
      return db
        .select({
          bannerId: cmsBannerTexts.bannerId,
          locale: cmsBannerTexts.locale,
          title: cmsBannerTexts.title,
          text: cmsBannerTexts.text,
          image: cmsBannerTexts.image,
          imageMobile: cmsBannerTexts.imageMobile,
          buttonText: cmsBannerTexts.buttonText,
        })
        .from(cmsBannerTexts)
        .where(and(inArray(cmsBannerTexts.bannerId, bannerIds), inArray(cmsBannerTexts.locale, locales)));
    },

    /** Inserts a banner and its texts unless the key exists; texts missing for an existing key are added. */
    async insertBanner(
      banner: typeof cmsBanners.$inferInsert,
      texts: Omit<typeof cmsBannerTexts.$inferInsert, 'bannerId'>[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        let inserted = 0;
        const created = await tx
          .insert(cmsBanners)
          .values(banner)
          .onConflictDoNothing()
          .returning({ id: cmsBanners.id });
        inserted += created.length;
        const [existing] = created.length
          ? created
          : await tx.select({ id: cmsBanners.id }).from(cmsBanners).where(eq(cmsBanners.key, banner.key));
        if (!existing) throw new Error(`Banner ${banner.key} vanished while seeding`);
        for (const text of texts) {
          const added = await tx
            .insert(cmsBannerTexts)
            .values({ ...text, bannerId: existing.id })
            .onConflictDoNothing()
            .returning({ bannerId: cmsBannerTexts.bannerId });
          inserted += added.length;
        }
        return inserted;
      });
    },

    async homeBlocks(locale: string) {
      return db
        .select({ key: cmsHomeBlocks.key, document: cmsHomeBlocks.document })
        .from(cmsHomeBlocks)
        .where(and(eq(cmsHomeBlocks.locale, locale), eq(cmsHomeBlocks.isEnabled, true)))
        .orderBy(asc(cmsHomeBlocks.sortOrder), asc(cmsHomeBlocks.id))
        .limit(MAX_HOME_BLOCKS);
    },

    async insertHomeBlock(row: {
      key: string;
      locale: string;
      sortOrder: number;
      document: Record<string, unknown>;
    }) {
      const inserted = await db
        .insert(cmsHomeBlocks)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: cmsHomeBlocks.id });
      return inserted.length;
    },

    async faviconKeys(): Promise<{ kind: string; size: string }[]> {
      return db.select({ kind: cmsFavicons.kind, size: cmsFavicons.size }).from(cmsFavicons);
    },

    async findFavicon(kind: string, size: string) {
      const [row] = await db
        .select({
          contentType: cmsFavicons.contentType,
          bytes: cmsFavicons.bytes,
          updatedAt: cmsFavicons.updatedAt,
        })
        .from(cmsFavicons)
        .where(and(eq(cmsFavicons.kind, kind), eq(cmsFavicons.size, size)))
        .limit(1);
      return row ?? null;
    },

    async insertFavicon(row: { kind: string; size: string; contentType: string; bytes: Buffer }) {
      const inserted = await db
        .insert(cmsFavicons)
        .values(row)
        .onConflictDoNothing()
        .returning({ kind: cmsFavicons.kind });
      return inserted.length;
    },

    async mediaNames(): Promise<string[]> {
      const rows = await db.select({ name: cmsMedia.name }).from(cmsMedia);
      return rows.map((row) => row.name);
    },

    async findMedia(name: string) {
      const [row] = await db
        .select({ contentType: cmsMedia.contentType, bytes: cmsMedia.bytes, updatedAt: cmsMedia.updatedAt })
        .from(cmsMedia)
        .where(eq(cmsMedia.name, name))
        .limit(1);
      return row ?? null;
    },

    async insertMedia(row: { name: string; contentType: string; bytes: Buffer }) {
      const inserted = await db
        .insert(cmsMedia)
        .values(row)
        .onConflictDoNothing()
        .returning({ name: cmsMedia.name });
      return inserted.length;
    },
  };
}

export type CmsRepository = ReturnType<typeof createCmsRepository>;
