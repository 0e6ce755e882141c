/** Texts of the support module (its errors), registered in src/messages.ts. */
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'support.email_required': 'Please give the email address we should answer.',
} as const;

export type SupportMessageKey = keyof typeof en;

const fr: Record<SupportMessageKey, string> = {
  'support.email_required': "Veuillez indiquer l'adresse e-mail à laquelle nous devons répondre.",
};

export const supportTexts = defineCatalogue({ name: 'support', en, fr });
