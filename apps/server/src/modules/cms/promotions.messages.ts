/** Texts of the promotions part of the content service (registered in src/messages.ts). */
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'promotions.not_found': 'This promotion does not exist or is not running.',
} as const;

type PromotionsMessageKey = keyof typeof en;

const fr: Record<PromotionsMessageKey, string> = {
  'promotions.not_found': "Cette promotion n'existe pas ou n'est pas en cours.",
};

export const promotionsTexts = defineCatalogue({ name: 'promotions', en, fr });
