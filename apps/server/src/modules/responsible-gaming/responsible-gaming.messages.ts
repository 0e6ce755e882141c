/** Texts of the errors the responsible-gaming module raises, in every locale (registered in src/messages.ts). */
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'responsible_gaming.amount_invalid':
    'Enter a positive amount[ with at most {digits} decimal places], or leave it blank to remove the limit.',
  'responsible_gaming.timed_out': 'Your account is in a time-out[ until {until}]: you can only withdraw.',
  'responsible_gaming.self_excluded': 'Your account is self-excluded[ until {until}]: you can only withdraw.',
} as const;

export type ResponsibleGamingMessageKey = keyof typeof en;

const fr: Record<ResponsibleGamingMessageKey, string> = {
  'responsible_gaming.amount_invalid':
    'Saisissez un montant positif[ avec au plus {digits} décimales], ou laissez vide pour retirer la limite.',
  'responsible_gaming.timed_out':
    "Votre compte est en pause[ jusqu'au {until}] : vous pouvez seulement retirer.",
  'responsible_gaming.self_excluded':
    "Votre compte est auto-exclu[ jusqu'au {until}] : vous pouvez seulement retirer.",
};

export const responsibleGamingTexts = defineCatalogue({ name: 'responsible_gaming', en, fr });
