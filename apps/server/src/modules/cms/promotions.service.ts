/**
 * Promotions of the content service (ADR 023): operator-managed marketing pages, shown between
 * their start and end, with texts in the request's language (else the default one), HTML sanitised
 * on write and on read, image names remapped by the configured image-name mapping (spec §7).
 * A part of the cms service: cms.service.ts composes it.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@croupier/contract/locales';
import { MAX_PAGE_SIZE } from '@croupier/contract/params';
import {
  PROMOTION_SLUG,
  type PromotionDetail,
  type PromotionSummary,
} from '@croupier/contract/promotions/get';
import type { Db } from '@croupier/db/client';
import { AppError } from '../../lib/app-error.ts';
import { type ImageNameMapping, remapImageName, remapImageNames } from '../../lib/image-names.ts';
import { mediaUrl } from './media-art.ts';
import {
  createPromotionsRepository,
  type PromotionRow,
  type PromotionTextRow,
} from './promotions.repository.ts';
import { sanitizeContentHtml } from './sanitize.ts';
import type { DemoPromotion } from './seed-promotions.ts';

const DAY_MS = 86_400_000;
const MEDIA_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|ico|webp|jpg)$/;

function localesFor(locale: Locale): Locale[] {
  return locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE];
}

function invalidParameter(field: string, code: string): AppError {
  return new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    fields: { [field]: code },
    values: { fields: field },
  });
}

function promotionNotFound(): AppError {
  return new AppError('InvalidParameterException', {
    code: 'promotion_not_found',
    fields: { promotion: 'not_found' },
    message: 'promotions.not_found',
  });
}

/** A stored image (a media name or an absolute URL) as the page loads it, after the mapping. */
export function promotionImageUrl(image: string, mapping: ImageNameMapping): string {
  const mapped = remapImageName(image, mapping);
  return MEDIA_NAME.test(mapped) ? mediaUrl(mapped) : mapped;
}

/** The CTA link an operator may store: a same-site path, never `//host` or `/\host`. */
function isSameSitePath(value: string): boolean {
  return value === '/' || /^\/[^/\\]/.test(value);
}

export function createPromotionsPart(deps: {
  db: Db;
  now: () => Date;
  imageNameMapping: (locale: Locale) => Promise<ImageNameMapping>;
}) {
  const repository = createPromotionsRepository(deps.db);

  function pickText(rows: PromotionTextRow[], id: bigint, locale: Locale): PromotionTextRow | undefined {
    return (
      rows.find((t) => t.promotionId === id && t.locale === locale) ??
      rows.find((t) => t.promotionId === id && t.locale === DEFAULT_LOCALE)
    );
  }

  function summaryDto(
    row: PromotionRow,
    text: PromotionTextRow,
    mapping: ImageNameMapping,
  ): PromotionSummary {
    const id = Number(row.id);
    if (!Number.isSafeInteger(id)) throw new Error(`Promotion id ${row.id} does not fit the wire format`);
    const offerId = row.ctaOfferId === null ? null : Number(row.ctaOfferId);
    const link = row.ctaLink !== null && isSameSitePath(row.ctaLink) ? row.ctaLink : null;
    const hasCta = link !== null || offerId !== null || row.ctaPromoCode !== null;
    return {
      id,
      slug: row.slug,
      title: text.title,
      summary: text.summary,
      image: promotionImageUrl(row.image, mapping),
      starts_at: row.startsAt?.toISOString() ?? null,
      ends_at: row.endsAt?.toISOString() ?? null,
      priority: row.priority,
      cta: hasCta
        ? {
            text: text.ctaText ?? '',
            link,
            offer_id: offerId !== null && Number.isSafeInteger(offerId) ? offerId : null,
            promo_code: row.ctaPromoCode,
          }
        : null,
    };
  }

  /** HTML as served: images remapped first, then sanitised (the mapping cannot smuggle a script). */
  function html(value: string, mapping: ImageNameMapping): string {
    return sanitizeContentHtml(remapImageNames(value, mapping));
  }

  return {
    /** promotions.get: running promotions, by priority (lower first). */
    async listPromotions(options: {
      locale: Locale;
      offset: number;
      count: number;
    }): Promise<{ items: PromotionSummary[]; total: number }> {
      if (!Number.isSafeInteger(options.offset) || options.offset < 0)
        throw invalidParameter('offset', 'invalid');
      if (!Number.isSafeInteger(options.count) || options.count < 1 || options.count > MAX_PAGE_SIZE)
        throw invalidParameter('count', 'invalid');
      const locales = localesFor(options.locale);
      const { rows, total } = await repository.runningPromotions({
        at: deps.now(),
        locales,
        offset: options.offset,
        count: options.count,
      });
      const [texts, mapping] = await Promise.all([
        repository.promotionTexts(
          rows.map((row) => row.id),
          locales,
        ),
        deps.imageNameMapping(options.locale),
      ]);
      const items: PromotionSummary[] = [];
      for (const row of rows) {
        const text = pickText(texts, row.id, options.locale);
        if (text) items.push(summaryDto(row, text, mapping));
      }
      return { items, total };
    },

    /** promotions.getOne: one running promotion by id or slug; anything else is not found. */
    async getPromotion(options: {
      locale: Locale;
      id?: number | undefined;
      slug?: string | undefined;
    }): Promise<PromotionDetail> {
      if ((options.id === undefined) === (options.slug === undefined))
        throw invalidParameter('id', 'required');
      let key: { id: bigint } | { slug: string };
      if (options.id !== undefined) {
        if (!Number.isSafeInteger(options.id) || options.id < 1) throw promotionNotFound();
        key = { id: BigInt(options.id) };
      } else {
        const slug = (options.slug ?? '').trim();
        if (!PROMOTION_SLUG.test(slug)) throw promotionNotFound();
        key = { slug };
      }
      const locales = localesFor(options.locale);
      const row = await repository.runningPromotion(key, deps.now(), locales);
      if (!row) throw promotionNotFound();
      const [texts, mapping] = await Promise.all([
        repository.promotionTexts([row.id], locales),
        deps.imageNameMapping(options.locale),
      ]);
      const text = pickText(texts, row.id, options.locale);
      if (!text) throw promotionNotFound();
      return {
        ...summaryDto(row, text, mapping),
        body: html(text.bodyHtml, mapping),
        terms: html(text.termsHtml, mapping),
      };
    },

    /** Writes demo promotions (idempotent by slug); HTML sanitised on the way in. */
    async seedPromotions(promotions: readonly DemoPromotion[]): Promise<number> {
      let inserted = 0;
      const now = deps.now().getTime();
      const dayOffset = (days: number | null) => (days === null ? null : new Date(now + days * DAY_MS));
      for (const promotion of promotions) {
        // An all-digit slug would read as an id in `/promotions/{id}`.
        if (!PROMOTION_SLUG.test(promotion.slug) || /^\d+$/.test(promotion.slug))
          throw new Error(`Invalid promotion slug ${promotion.slug}`);
        if (promotion.ctaLink !== null && !isSameSitePath(promotion.ctaLink))
          throw new Error(`Promotion ${promotion.slug}: the CTA link must be a same-site path`);
        inserted += await repository.insertPromotion(
          {
            slug: promotion.slug,
            priority: promotion.priority,
            startsAt: dayOffset(promotion.startsInDays),
            endsAt: dayOffset(promotion.endsInDays),
            image: promotion.image,
            ctaLink: promotion.ctaLink,
            ctaPromoCode: promotion.ctaPromoCode,
          },
          LOCALES.map((locale) => {
            const text = promotion.texts[locale];
            return {
              locale,
              title: text.title.trim(),
              summary: text.summary.trim(),
              bodyHtml: sanitizeContentHtml(text.body),
              termsHtml: sanitizeContentHtml(text.terms),
              ctaText: text.ctaText,
            };
          }),
        );
      }
      return inserted;
    },
  };
}
