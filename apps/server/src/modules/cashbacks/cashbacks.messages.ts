/** Texts of the errors the cashbacks module raises, in every locale (registered in src/messages.ts). */
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'cashbacks.not_found': 'This cashback was not found.',
  'cashbacks.not_active': 'This cashback can no longer be claimed.',
  'cashbacks.already_paid_out': 'This cashback has already been paid out.',
  'cashbacks.invalid_programme': 'This cashback programme is not valid[: {field} ({problem})].',
} as const;

export type CashbacksMessageKey = keyof typeof en;

const fr: Record<CashbacksMessageKey, string> = {
  'cashbacks.not_found': "Ce cashback n'a pas été trouvé.",
  'cashbacks.not_active': 'Ce cashback ne peut plus être réclamé.',
  'cashbacks.already_paid_out': 'Ce cashback a déjà été versé.',
  'cashbacks.invalid_programme': "Ce programme de cashback n'est pas valide[ : {field} ({problem})].",
};

export const cashbacksTexts = defineCatalogue({ name: 'cashbacks', en, fr });
