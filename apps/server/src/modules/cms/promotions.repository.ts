/** Promotions of the content service (ADR 023): the only file of the feature that writes SQL. */
import type { Db } from '@croupier/db/client';
import { and, asc, count, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { cmsPromotions, cmsPromotionTexts } from './cms.tables.ts';

export interface PromotionRow {
  id: bigint;
  slug: string;
  priority: number;
  startsAt: Date | null;
  endsAt: Date | null;
  image: string;
  ctaLink: string | null;
  ctaOfferId: bigint | null;
  ctaPromoCode: string | null;
}

export interface PromotionTextRow {
  promotionId: bigint;
  locale: string;
  title: string;
  summary: string;
  bodyHtml: string;
  termsHtml: string;
  ctaText: string | null;
}

const promotionColumns = {
  id: cmsPromotions.id,
  slug: cmsPromotions.slug,
  priority: cmsPromotions.priority,
  startsAt: cmsPromotions.startsAt,
  endsAt: cmsPromotions.endsAt,
  image: cmsPromotions.image,
  ctaLink: cmsPromotions.ctaLink,
  ctaOfferId: cmsPromotions.ctaOfferId,
  ctaPromoCode: cmsPromotions.ctaPromoCode,
};

export function createPromotionsRepository(db: Db) {
  /** Published, inside its window at `at`, with a text in one of `locales`. */
  function runningFilter(at: Date, locales: string[]): SQL | undefined {
    return and(
      eq(cmsPromotions.isPublished, true),
      or(isNull(cmsPromotions.startsAt), lte(cmsPromotions.startsAt, at)),
      or(isNull(cmsPromotions.endsAt), gt(cmsPromotions.endsAt, at)),
      sql`EXISTS (SELECT 1 FROM ${cmsPromotionTexts} WHERE ${cmsPromotionTexts.promotionId} = ${cmsPromotions.id} AND ${inArray(cmsPromotionTexts.locale, locales)})`,
    );
  }

  return {
    /** One page of running promotions, by priority (lower first), with the total. */
    async runningPromotions(options: {
      at: Date;
      locales: string[];
      offset: number;
      count: number;
    }): Promise<{ rows: PromotionRow[]; total: number }> {
      const where = runningFilter(options.at, options.locales);
      const [rows, totals] = await Promise.all([
        db
          .select(promotionColumns)
          .from(cmsPromotions)
          .where(where)
          .orderBy(asc(cmsPromotions.priority), asc(cmsPromotions.id))
          .offset(options.offset)
          .limit(options.count),
        db.select({ n: count() }).from(cmsPromotions).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    /** A running promotion by id or slug, or null. */
    async runningPromotion(
      key: { id: bigint } | { slug: string },
      at: Date,
      locales: string[],
    ): Promise<PromotionRow | null> {
      const match = 'id' in key ? eq(cmsPromotions.id, key.id) : eq(cmsPromotions.slug, key.slug);
      const [row] = await db
        .select(promotionColumns)
        .from(cmsPromotions)
        .where(and(match, runningFilter(at, locales)))
        .limit(1);
      return row ?? null;
    },

    async promotionTexts(promotionIds: bigint[], locales: string[]): Promise<PromotionTextRow[]> {
      if (promotionIds.length === 0) return [];
      return db
        .select({
          promotionId: cmsPromotionTexts.promotionId,
          locale: cmsPromotionTexts.locale,
          title: cmsPromotionTexts.title,
          summary: cmsPromotionTexts.summary,
          bodyHtml: cmsPromotionTexts.bodyHtml,
          termsHtml: cmsPromotionTexts.termsHtml,
          ctaText: cmsPromotionTexts.ctaText,
        })
        .from(cmsPromotionTexts)
        .where(
          and(
            inArray(cmsPromotionTexts.promotionId, promotionIds),
            inArray(cmsPromotionTexts.locale, locales),
          ),
        );
    },

    /** Inserts a promotion and its texts unless the slug exists; texts missing for it are added. */
    async insertPromotion(
      promotion: typeof cmsPromotions.$inferInsert,
      texts: Omit<typeof cmsPromotionTexts.$inferInsert, 'promotionId'>[],
    ): Promise<number> {
      return db.transaction(async (tx) => {
        let inserted = 0;
        const created = await tx
          .insert(cmsPromotions)
          .values(promotion)
          .onConflictDoNothing()
          .returning({ id: cmsPromotions.id });
        inserted += created.length;
        const [existing] = created.length
          ? created
          : await tx
              .select({ id: cmsPromotions.id })
              .from(cmsPromotions)
              .where(eq(cmsPromotions.slug, promotion.slug));
        if (!existing) throw new Error(`Promotion ${promotion.slug} vanished while seeding`);
        for (const text of texts) {
          const added = await tx
            .insert(cmsPromotionTexts)
            .values({ ...text, promotionId: existing.id })
            .onConflictDoNothing()
            .returning({ promotionId: cmsPromotionTexts.promotionId });
          inserted += added.length;
        }
        return inserted;
      });
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
