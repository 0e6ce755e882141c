/** Texts of the errors the responsible-gaming module raises, in every locale (registered in src/messages.ts). */
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'responsible_gaming.amount_invalid':
    'Enter a positive amount[ with at most {digits} decimal places], or leave it blank to remove the limit.',
  'responsible_gaming.timed_out': 'Your account is in a time-out[ until {until}]: you can only withdraw.',
  'responsible_gaming.self_excluded': 'Your account is self-excluded[ until {until}]: you can only withdraw.',
  'responsible_gaming.reopen_needed':
    'Your self-exclusion has ended. Ask to reopen your account on the responsible gaming page: you can play 24 hours later.',
  'responsible_gaming.reopening': 'Your account reopens[ on {until}]: until then you can only withdraw.',
  'responsible_gaming.self_exclusion_running': 'A self-exclusion cannot be lifted before its end.',
  'responsible_gaming.nothing_to_reopen': 'There is no ended self-exclusion to reopen.',
  // Session time (ADR 028).
  'responsible_gaming.session_limit_reached':
    'Your session time limit is reached[ (it ended at {at})]: log in again to play.',
  'responsible_gaming.session_limit_invalid':
    'Choose a session limit[ between {min} and {max} minutes], or none.',
  'responsible_gaming.reality_check_invalid': 'Choose a reality-check interval from the list.',
} as const;

export type ResponsibleGamingMessageKey = keyof typeof en;

const fr: Record<ResponsibleGamingMessageKey, string> = {
  'responsible_gaming.amount_invalid':
    'Saisissez un montant positif[ avec au plus {digits} décimales], ou laissez vide pour retirer la limite.',
  'responsible_gaming.timed_out':
    "Votre compte est en pause[ jusqu'au {until}] : vous pouvez seulement retirer.",
  'responsible_gaming.self_excluded':
    "Votre compte est auto-exclu[ jusqu'au {until}] : vous pouvez seulement retirer.",
  'responsible_gaming.reopen_needed':
    'Votre auto-exclusion est terminée. Demandez la réouverture de votre compte sur la page jeu responsable : vous pourrez jouer 24 heures plus tard.',
  'responsible_gaming.reopening':
    'Votre compte rouvre[ le {until}] : en attendant, vous pouvez seulement retirer.',
  'responsible_gaming.self_exclusion_running': 'Une auto-exclusion ne peut pas être levée avant sa fin.',
  'responsible_gaming.nothing_to_reopen': "Il n'y a pas d'auto-exclusion terminée à rouvrir.",
  'responsible_gaming.session_limit_reached':
    'Votre limite de durée de session est atteinte[ (elle a pris fin à {at})] : reconnectez-vous pour jouer.',
  'responsible_gaming.session_limit_invalid':
    'Choisissez une limite de session[ entre {min} et {max} minutes], ou aucune.',
  'responsible_gaming.reality_check_invalid': 'Choisissez un intervalle de rappel dans la liste.',
};

export const responsibleGamingTexts = defineCatalogue({ name: 'responsible_gaming', en, fr });
