/** Texts of the errors the bonuses module raises, in every locale (registered in src/messages.ts). */
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  'bonuses.not_found': 'This bonus was not found.',
  'bonuses.not_available': 'This bonus cannot be activated now.',
  'bonuses.already_active':
    'You already have an active bonus in this currency. Finish or cancel it before activating another.',
  'bonuses.not_deactivatable': 'This bonus can only be set aside before you play with it.',
  'bonuses.not_removable': 'This bonus is already finished.',
  'bonuses.invalid_template': 'This bonus template is not valid[: {field} ({problem})].',
  'bonuses.template_not_found': 'This bonus template does not exist.',
  'bonuses.currency_unsupported': 'This bonus is not offered in your currency[ ({currency})].',
  'bonuses.deposit_required': 'This bonus needs a qualifying deposit.',
  'bonuses.deposit_too_small': 'This deposit is too small for this bonus[ (minimum {min})].',
  'bonuses.grant_conflict': 'This bonus was already granted with other details.',
  'bonuses.game_unavailable': 'The game of these free spins is not available.',
  'bonuses.max_bet_exceeded':
    'This bet is above the maximum bet allowed while a bonus is being wagered[ ({max})].',
} as const;

export type BonusesMessageKey = keyof typeof en;

const fr: Record<BonusesMessageKey, string> = {
  'bonuses.not_found': "Ce bonus n'a pas été trouvé.",
  'bonuses.not_available': 'Ce bonus ne peut pas être activé maintenant.',
  'bonuses.already_active':
    'Vous avez déjà un bonus actif dans cette devise. Terminez-le ou annulez-le avant d’en activer un autre.',
  'bonuses.not_deactivatable': 'Ce bonus ne peut être mis de côté qu’avant d’avoir joué avec.',
  'bonuses.not_removable': 'Ce bonus est déjà terminé.',
  'bonuses.invalid_template': "Ce modèle de bonus n'est pas valide[ : {field} ({problem})].",
  'bonuses.template_not_found': "Ce modèle de bonus n'existe pas.",
  'bonuses.currency_unsupported': "Ce bonus n'est pas proposé dans votre devise[ ({currency})].",
  'bonuses.deposit_required': 'Ce bonus nécessite un dépôt éligible.',
  'bonuses.deposit_too_small': 'Ce dépôt est trop faible pour ce bonus[ (minimum {min})].',
  'bonuses.grant_conflict': 'Ce bonus a déjà été attribué avec d’autres détails.',
  'bonuses.game_unavailable': "Le jeu de ces tours gratuits n'est pas disponible.",
  'bonuses.max_bet_exceeded':
    'Cette mise dépasse la mise maximale autorisée pendant la mise en jeu d’un bonus[ ({max})].',
};

export const bonusesTexts = defineCatalogue({ name: 'bonuses', en, fr });
