/**
 * Texts of the campaigns module, in every locale (registered in src/messages.ts). The promo-code
 * failure texts are keyed by the code the `promo_code` field error carries (spec §8).
 */
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'campaigns.promo_code.INVALID': 'This promo code is not valid.',
  'campaigns.promo_code.EXPIRED': 'This promo code has expired.',
  'campaigns.promo_code.ALREADY_USED': 'You have already used this promo code.',
  'campaigns.promo_code.EXHAUSTED': 'This promo code has been used up.',
  'campaigns.promo_code.NOT_ELIGIBLE': 'This promo code is not available for your account.',
  'campaigns.offer_not_found': 'This offer does not exist.',
  'campaigns.offer_not_eligible': 'This offer is not available for your account.',
  'campaigns.offer_already_taken': 'You have already taken this offer.',
} as const;

export type CampaignsMessageKey = keyof typeof en;

const fr: Record<CampaignsMessageKey, string> = {
  'campaigns.promo_code.INVALID': "Ce code promo n'est pas valide.",
  'campaigns.promo_code.EXPIRED': 'Ce code promo a expiré.',
  'campaigns.promo_code.ALREADY_USED': 'Vous avez déjà utilisé ce code promo.',
  'campaigns.promo_code.EXHAUSTED': 'Ce code promo a atteint sa limite d’utilisation.',
  'campaigns.promo_code.NOT_ELIGIBLE': "Ce code promo n'est pas disponible pour votre compte.",
  'campaigns.offer_not_found': "Cette offre n'existe pas.",
  'campaigns.offer_not_eligible': "Cette offre n'est pas disponible pour votre compte.",
  'campaigns.offer_already_taken': 'Vous avez déjà profité de cette offre.',
};

export const campaignsTexts = defineCatalogue({ name: 'campaigns', en, fr });
