/** Texts of the errors the jackpots module raises, in every locale (registered in src/messages.ts). */
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'jackpots.not_found': 'This jackpot was not found.',
  'jackpots.invalid_definition': 'This jackpot definition is not valid.',
} as const;

export type JackpotsMessageKey = keyof typeof en;

const fr: Record<JackpotsMessageKey, string> = {
  'jackpots.not_found': "Ce jackpot n'a pas été trouvé.",
  'jackpots.invalid_definition': "Cette définition de jackpot n'est pas valide.",
};

export const jackpotsTexts = defineCatalogue({ name: 'jackpots', en, fr });
