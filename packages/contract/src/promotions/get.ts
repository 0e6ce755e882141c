import { z } from 'zod';
import { defineMethod } from '../method.ts';
import { countParam, intParam, listOutput, offsetParam } from '../params.ts';

/** A promotion's slug: lower-case words joined by dashes (its URL is `/promotions/{slug}`). */
export const PROMOTION_SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * The call to action of a promotion (ADR 023): a same-site path, an offer of the campaigns module
 * (its id), or a promo code the player redeems. Null fields: that kind of action is not offered.
 */
export const promotionCta = z.object({
  /** Localised button text. */
  text: z.string(),
  /** Same-site path without locale prefix (`/gamehall`), or null. */
  link: z.string().nullable(),
  offer_id: z.number().int().nullable(),
  promo_code: z.string().nullable(),
});

/** One promotion as the list shows it (texts in the request's language, else the default one). */
export const promotionSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Image URL (a `/nfx/media/...` path or an absolute URL), remapped by the image-name mapping. */
  image: z.string(),
  /** ISO times; null: no bound. */
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  priority: z.number().int(),
  cta: promotionCta.nullable(),
});
export type PromotionSummary = z.infer<typeof promotionSummary>;

/** One promotion with its sanitised body and terms HTML. */
export const promotionDetail = promotionSummary.extend({
  body: z.string(),
  terms: z.string(),
});
export type PromotionDetail = z.infer<typeof promotionDetail>;

/** Promotions running now, by priority (lower first). */
export const promotionsGet = defineMethod({
  name: 'promotions.get',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      offset: offsetParam(),
      count: countParam(20),
    })
    .strict(),
  output: listOutput(promotionSummary),
});

/**
 * One promotion running now, by id or slug (exactly one of them; both or neither is an
 * InvalidParameterException on `id`). An unknown, not yet started or
 * ended promotion is an InvalidParameterException with the `promotion` field `not_found`.
 */
export const promotionsGetOne = defineMethod({
  name: 'promotions.getOne',
  http: 'GET',
  access: 'guest',
  input: z
    .object({
      id: intParam().pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).optional(),
      slug: z.string().trim().max(100).optional(),
    })
    .strict(),
  output: promotionDetail,
});
