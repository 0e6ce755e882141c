import { z } from 'zod';
import { BONUS_KIND_NAMES } from '../bonuses/common.ts';
import { moneyOutput } from '../params.ts';

/** Offer triggers (spec §3). */
export const OFFER_TRIGGERS = ['deposit', 'registration', 'promo_code', 'action'] as const;

/** The `fields` the spec names (`trigger,description,promotions`); every key is answered. */
export const OFFER_FIELDS = ['trigger', 'description', 'promotions'] as const;

/**
 * Promo-code failure codes, reported as the `promo_code` field error of an InvalidParameterException
 * (spec §8: the web shows the text of the first one, falling back to INVALID).
 */
export const PROMO_CODE_ERRORS = ['INVALID', 'EXPIRED', 'ALREADY_USED', 'EXHAUSTED', 'NOT_ELIGIBLE'] as const;
export type PromoCodeError = (typeof PROMO_CODE_ERRORS)[number];

/** A promo code as typed: trimmed; matched case-insensitively by the server. */
export const promoCodeParam = () => z.string().trim().min(1).max(64);

export const offerOutput = z.object({
  id: z.number().int(),
  trigger: z.enum(OFFER_TRIGGERS),
  /** Localized. */
  title: z.string(),
  description: z.string(),
  promotions: z.array(
    z.object({
      template_id: z.number().int(),
      kind: z.enum(BONUS_KIND_NAMES),
      name: z.string(),
      description: z.string(),
    }),
  ),
  /** A deposit offer's minimum deposit, one per currency that has one (empty: no minimum). */
  min_deposits: z.array(moneyOutput),
  /** Payment method ids that do not qualify for a deposit offer. */
  exclude_methods: z.array(z.string()),
  /** ISO time; null: no end. */
  ends_at: z.string().nullable(),
  /** The player already took its promotions. */
  is_taken: z.boolean(),
});
export type OfferOutput = z.infer<typeof offerOutput>;
