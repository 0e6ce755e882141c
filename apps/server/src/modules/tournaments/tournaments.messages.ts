/** Texts of the errors the tournaments module raises, in every locale (registered in src/messages.ts). */
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'tournaments.not_found': 'This tournament was not found.',
  'tournaments.already_joined': 'You already take part in this tournament.',
  'tournaments.ended': 'This tournament has ended.',
  'tournaments.currency': 'This tournament is not played in your account currency.',
  'tournaments.full': 'This tournament has no places left.',
  'tournaments.insufficient_funds': 'Your balance does not cover the buy-in.',
  'tournaments.invalid_definition': 'This tournament definition is not valid.',
} as const;

export type TournamentsMessageKey = keyof typeof en;

const fr: Record<TournamentsMessageKey, string> = {
  'tournaments.not_found': "Ce tournoi n'a pas été trouvé.",
  'tournaments.already_joined': 'Vous participez déjà à ce tournoi.',
  'tournaments.ended': 'Ce tournoi est terminé.',
  'tournaments.currency': 'Ce tournoi ne se joue pas dans la devise de votre compte.',
  'tournaments.full': "Ce tournoi n'a plus de place.",
  'tournaments.insufficient_funds': "Votre solde ne couvre pas le droit d'entrée.",
  'tournaments.invalid_definition': "Cette définition de tournoi n'est pas valide.",
};

export const tournamentsTexts = defineCatalogue({ name: 'tournaments', en, fr });
