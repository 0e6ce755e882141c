/** Texts of the errors the loyalty module raises, in every locale (registered in src/messages.ts). */
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'loyalty.programme_not_found': 'There is no loyalty programme.',
  'loyalty.invalid_programme': 'This loyalty programme is not valid[: {field} ({problem})].',
  'loyalty.character_not_found': 'This character was not found.',
  'loyalty.product_not_found': 'This product was not found in the shop.',
  'loyalty.insufficient_points': 'You do not have enough points for this product.',
  'loyalty.request_reused': 'This purchase request was already used for another product.',
  'loyalty.invalid_award': 'A points award needs a positive whole number of points and a key.',
} as const;

export type LoyaltyMessageKey = keyof typeof en;

const fr: Record<LoyaltyMessageKey, string> = {
  'loyalty.programme_not_found': "Il n'y a pas de programme de fidélité.",
  'loyalty.invalid_programme': "Ce programme de fidélité n'est pas valide[ : {field} ({problem})].",
  'loyalty.character_not_found': "Ce personnage n'a pas été trouvé.",
  'loyalty.product_not_found': "Ce produit n'a pas été trouvé dans la boutique.",
  'loyalty.insufficient_points': "Vous n'avez pas assez de points pour ce produit.",
  'loyalty.request_reused': 'Cette demande d’achat a déjà servi pour un autre produit.',
  'loyalty.invalid_award': 'Une attribution de points demande un nombre entier positif de points et une clé.',
};

export const loyaltyTexts = defineCatalogue({ name: 'loyalty', en, fr });
