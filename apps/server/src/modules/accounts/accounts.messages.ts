/**
 * Texts of the errors the accounts and auth methods raise, in every locale. Services throw AppError
 * with one of these keys; the edge that answers (the API dispatcher) turns the key into the text of
 * the request's locale through the one message registry (src/messages.ts). Field errors without a
 * key of their own take the shared validation message of their code (spec §5 texts).
 */
import type { Locale } from '@croupier/contract/locales';
import { isValidationCode } from '@croupier/contract/validation/messages';
import { AppError } from '../../lib/app-error.ts';
import { defineCatalogue, validationMessageKey } from '../../lib/messages.ts';

const en = {
  'auth.invalid_credentials': 'Wrong login or password.',
  'auth.two_factor_required':
    'Two-factor authentication is enabled: enter the 6-digit code from your authenticator app.',
  'auth.two_factor_invalid': 'Code is invalid.',
  'auth.two_factor_expired': 'Time expired. Enter the current code from your authenticator app.',
  'auth.messenger_disabled': 'Sign-in through the messenger is not available.',
  'auth.messenger_forged': 'The messenger sign-in data could not be verified.',
  'auth.messenger_stale': 'The messenger sign-in data has expired. Open the app again.',
  'auth.restore_token_invalid': 'This password reset link is not valid. Request a new one.',
  'auth.restore_token_expired': 'This password reset link has expired. Request a new one.',
  'account.login_taken': 'An account with this login already exists.',
  'account.character_not_found': 'This character is not available. Choose another one.',
  'account.login_kind_email': 'Sign up with an email address.',
  'account.login_kind_phone': 'Sign up with a phone number.',
  'account.currency_unsupported': 'This currency is not available.',
  'account.currency_locked': 'The currency cannot be changed once money has moved on the account.',
  'account.registration_completed': 'Your registration is already complete.',
  'account.wrong_password': 'Wrong password.',
  'account.contact_exists': 'You have already added this contact.',
  'account.contact_limit': 'You cannot add more contacts of this kind.',
  'account.contact_not_found': 'This contact is not on your account.',
  'account.contact_confirmed': 'This contact is already confirmed.',
  'account.contact_taken': 'This contact is already confirmed on another account.',
  'account.code_attempts': 'Too many wrong codes. Request a new code.',
  'account.phone_country_unsupported': 'Phone numbers of this country are not accepted.',
  'account.two_factor_enabled': 'Two-factor authentication is already enabled.',
  'account.two_factor_disabled': 'Two-factor authentication is not enabled.',
  'account.two_factor_not_started': 'Start two-factor set-up first.',
  'account.unsubscribe_invalid': 'This unsubscribe link is not valid.',
  'account.birth_date_required':
    'Add your date of birth in your profile settings before you deposit or play for real money[: you must be at least {age} years old].',
  'account.under_age':
    'Real-money play is for adults only[: you must be at least {age} years old]. Demo games stay open.',
} as const;

export type AccountMessageKey = keyof typeof en;

const fr: Record<AccountMessageKey, string> = {
  'auth.invalid_credentials': 'Identifiant ou mot de passe incorrect.',
  'auth.two_factor_required':
    "L'authentification à deux facteurs est activée : saisissez le code à 6 chiffres de votre application d'authentification.",
  'auth.two_factor_invalid': 'Le code n’est pas valide.',
  'auth.two_factor_expired':
    "Délai expiré. Saisissez le code actuel de votre application d'authentification.",
  'auth.messenger_disabled': "La connexion par la messagerie n'est pas disponible.",
  'auth.messenger_forged': "Les données de connexion de la messagerie n'ont pas pu être vérifiées.",
  'auth.messenger_stale': "Les données de connexion de la messagerie ont expiré. Rouvrez l'application.",
  'auth.restore_token_invalid': "Ce lien de réinitialisation n'est pas valide. Demandez-en un nouveau.",
  'auth.restore_token_expired': 'Ce lien de réinitialisation a expiré. Demandez-en un nouveau.',
  'account.login_taken': 'Un compte existe déjà avec cet identifiant.',
  'account.character_not_found': "Ce personnage n'est pas disponible. Choisissez-en un autre.",
  'account.login_kind_email': 'Inscrivez-vous avec une adresse e-mail.',
  'account.login_kind_phone': 'Inscrivez-vous avec un numéro de téléphone.',
  'account.currency_unsupported': "Cette devise n'est pas disponible.",
  'account.currency_locked':
    "La devise ne peut plus être changée une fois que de l'argent a circulé sur le compte.",
  'account.registration_completed': 'Votre inscription est déjà terminée.',
  'account.wrong_password': 'Mot de passe incorrect.',
  'account.contact_exists': 'Vous avez déjà ajouté ce contact.',
  'account.contact_limit': 'Vous ne pouvez plus ajouter de contact de ce type.',
  'account.contact_not_found': "Ce contact n'est pas sur votre compte.",
  'account.contact_confirmed': 'Ce contact est déjà confirmé.',
  'account.contact_taken': 'Ce contact est déjà confirmé sur un autre compte.',
  'account.code_attempts': 'Trop de codes erronés. Demandez un nouveau code.',
  'account.phone_country_unsupported': 'Les numéros de ce pays ne sont pas acceptés.',
  'account.two_factor_enabled': "L'authentification à deux facteurs est déjà activée.",
  'account.two_factor_disabled': "L'authentification à deux facteurs n'est pas activée.",
  'account.two_factor_not_started':
    "Commencez d'abord la configuration de l'authentification à deux facteurs.",
  'account.unsubscribe_invalid': "Ce lien de désinscription n'est pas valide.",
  'account.birth_date_required':
    'Indiquez votre date de naissance dans les paramètres de votre profil avant de déposer ou de jouer en argent réel[ : vous devez avoir au moins {age} ans].',
  'account.under_age':
    'Le jeu en argent réel est réservé aux adultes[ : vous devez avoir au moins {age} ans]. Les jeux en démo restent ouverts.',
};

export const accountTexts = defineCatalogue({ name: 'accounts', en, fr });

export const accountMessages: Record<Locale, Record<AccountMessageKey, string>> = accountTexts.texts;

/**
 * A field error with an accounts message (`fields: {field: code}`); `values` fill the message, or
 * the shared rule's params when the code is a rule's (`{ age: 18 }` for `minimumAge`). Without a
 * message of its own, a rule's code speaks in the rule's words (`validation.<code>`).
 */
export function fieldError(
  field: string,
  code: string,
  message?: AccountMessageKey,
  values?: Record<string, string | number>,
): AppError {
  const key = message ?? (isValidationCode(code) ? validationMessageKey(code) : undefined);
  return new AppError('InvalidParameterException', {
    code: 'invalid_parameter',
    fields: { [field]: code },
    ...(key ? { message: key } : {}),
    ...(values ? { values } : {}),
  });
}
