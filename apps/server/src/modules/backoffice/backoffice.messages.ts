/**
 * Texts of the back-office auth backend in English and French: error messages (keyed by the error's
 * machine code), the emails it sends and the two small pages a mailed link opens.
 */
import type { Locale } from '@croupier/contract/locales';
import { defineCatalogue } from '../../lib/messages.ts';

const en = {
  invalid_credentials: 'Invalid identifier or password.',
  blocked: 'Your account has been blocked by an administrator.',
  invalid_token: 'Missing or invalid credentials.',
  forbidden: 'You are not allowed to do this.',
  mfa_required: 'Your role needs two-factor authentication: enrol an authenticator and sign in with a code.',
  mfa_code_required: 'Enter the 6-digit code from your authenticator app.',
  invalid_mfa_code: 'Incorrect or already used authenticator code.',
  mfa_enabled: 'Two-factor authentication is already on.',
  invalid_amount: 'The amount is not valid.',
  amount_limit: 'The amount is above the adjustment limit.',
  stale_version: 'This record changed meanwhile: reload it and try again.',
  template_in_use:
    'Players hold bonuses of this template: only its name, description and switch can change. Make a new template instead.',
  key_taken: 'This key or code is already taken.',
  reason_required: 'A reason is required.',
  own_role: 'You cannot change your own role.',
  registration_closed: 'Registration is closed: ask an administrator to create your account.',
  taken: 'Email or username is already taken.',
  invalid_code: 'Incorrect or expired code.',
  passwords_mismatch: 'Passwords do not match.',
  invalid_current_password: 'The current password is not correct.',
  same_password: 'The new password must be different from the current one.',
  validation: 'Invalid parameters[: {fields}].',
  malformed_body: 'The request could not be read.',
  rate_limited: 'Too many requests.[ Try again in {seconds} s.]',
  not_found: 'Not found.',
  sso_unavailable: 'The sign-in provider is unavailable. Please try again later.',
  sso_failed: 'Sign-in with the provider failed. Please try again.',
  internal_error: 'Internal server error.',

  'mail.reset.subject': 'Reset your back-office password',
  'mail.reset.text':
    'Someone asked to reset the password of your Croupier back-office account.\n\nOpen this link within {minutes} minutes to choose a new one:\n{link}\n\nIf it was not you, ignore this email: your password stays the same.',
  'mail.invite.subject': 'Your Croupier back-office account',
  'mail.invite.text':
    'An administrator created a Croupier back-office account for you ({role}).\n\nOpen this link within {hours} hours to choose your password (it works once):\n{link}',
  'mail.confirm.subject': 'Confirm your back-office email address',
  'mail.confirm.text':
    'Open this link within {hours} hours to confirm the email address of your Croupier back-office account:\n{link}',

  'page.reset.title': 'Choose a new password',
  'page.reset.password': 'New password',
  'page.reset.confirmation': 'Repeat the new password',
  'page.reset.submit': 'Save the password',
  'page.reset.done': 'Your password has been changed. You can sign in with it now.',
  'page.setup.title': 'Set up your back-office account',
  'page.setup.password': 'Choose a password',
  'page.setup.confirmation': 'Repeat the password',
  'page.setup.submit': 'Save and activate',
  'page.setup.done': 'Your back-office account is ready. You can sign in with your email and this password.',
  'page.confirm.title': 'Email address',
  'page.confirm.done': 'Your email address is confirmed.',
  'page.confirm.failed': 'This confirmation link is not valid or has expired.',
} as const;

export type BackofficeMessageKey = keyof typeof en;

const fr: Record<BackofficeMessageKey, string> = {
  invalid_credentials: 'Identifiant ou mot de passe invalide.',
  blocked: 'Votre compte a été bloqué par un administrateur.',
  invalid_token: 'Identifiants manquants ou invalides.',
  forbidden: "Vous n'êtes pas autorisé à effectuer cette action.",
  mfa_required:
    "Votre rôle exige l'authentification à deux facteurs : enregistrez une application d'authentification et connectez-vous avec un code.",
  mfa_code_required: "Saisissez le code à 6 chiffres de votre application d'authentification.",
  invalid_mfa_code: "Code d'authentification incorrect ou déjà utilisé.",
  mfa_enabled: "L'authentification à deux facteurs est déjà activée.",
  invalid_amount: "Le montant n'est pas valide.",
  amount_limit: "Le montant dépasse la limite d'ajustement.",
  stale_version: 'Cet élément a changé entre-temps : rechargez-le et réessayez.',
  template_in_use:
    'Des joueurs détiennent des bonus de ce modèle : seuls son nom, sa description et son activation peuvent changer. Créez plutôt un nouveau modèle.',
  key_taken: 'Cette clé ou ce code est déjà utilisé.',
  reason_required: 'Un motif est obligatoire.',
  own_role: 'Vous ne pouvez pas modifier votre propre rôle.',
  registration_closed: 'Les inscriptions sont fermées : demandez à un administrateur de créer votre compte.',
  taken: "L'adresse e-mail ou le nom d'utilisateur est déjà utilisé.",
  invalid_code: 'Code incorrect ou expiré.',
  passwords_mismatch: 'Les mots de passe ne correspondent pas.',
  invalid_current_password: "Le mot de passe actuel n'est pas correct.",
  same_password: "Le nouveau mot de passe doit être différent de l'actuel.",
  validation: 'Paramètres invalides[ : {fields}].',
  malformed_body: "La requête n'a pas pu être lue.",
  rate_limited: 'Trop de requêtes.[ Réessayez dans {seconds} s.]',
  not_found: 'Introuvable.',
  sso_unavailable: 'Le service de connexion est indisponible. Veuillez réessayer plus tard.',
  sso_failed: 'La connexion avec le service a échoué. Veuillez réessayer.',
  internal_error: 'Erreur interne du serveur.',

  'mail.reset.subject': 'Réinitialisez votre mot de passe du back-office',
  'mail.reset.text':
    "Quelqu'un a demandé la réinitialisation du mot de passe de votre compte back-office Croupier.\n\nOuvrez ce lien dans les {minutes} minutes pour en choisir un nouveau :\n{link}\n\nSi ce n'était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.",
  'mail.invite.subject': 'Votre compte back-office Croupier',
  'mail.invite.text':
    "Un administrateur vous a créé un compte back-office Croupier ({role}).\n\nOuvrez ce lien dans les {hours} heures pour choisir votre mot de passe (il ne sert qu'une fois) :\n{link}",
  'mail.confirm.subject': 'Confirmez votre adresse e-mail du back-office',
  'mail.confirm.text':
    "Ouvrez ce lien dans les {hours} heures pour confirmer l'adresse e-mail de votre compte back-office Croupier :\n{link}",

  'page.reset.title': 'Choisissez un nouveau mot de passe',
  'page.reset.password': 'Nouveau mot de passe',
  'page.reset.confirmation': 'Répétez le nouveau mot de passe',
  'page.reset.submit': 'Enregistrer le mot de passe',
  'page.reset.done': 'Votre mot de passe a été modifié. Vous pouvez vous connecter avec dès maintenant.',
  'page.setup.title': 'Activez votre compte back-office',
  'page.setup.password': 'Choisissez un mot de passe',
  'page.setup.confirmation': 'Répétez le mot de passe',
  'page.setup.submit': 'Enregistrer et activer',
  'page.setup.done':
    'Votre compte back-office est prêt. Vous pouvez vous connecter avec votre adresse e-mail et ce mot de passe.',
  'page.confirm.title': 'Adresse e-mail',
  'page.confirm.done': 'Votre adresse e-mail est confirmée.',
  'page.confirm.failed': "Ce lien de confirmation n'est pas valide ou a expiré.",
};

/** Scoped: the module's machine codes (`rate_limited`) read `backoffice.<code>` in the registry. */
export const backofficeTexts = defineCatalogue({ name: 'backoffice', scope: 'backoffice', en, fr });

export const backofficeMessages: Record<Locale, Record<BackofficeMessageKey, string>> = backofficeTexts.texts;

export function isBackofficeMessageKey(value: string): value is BackofficeMessageKey {
  return backofficeTexts.has(value);
}

export function backofficeText(
  locale: Locale,
  key: BackofficeMessageKey,
  values: Record<string, string | number | Date> = {},
): string {
  return backofficeTexts.text(locale, key, values);
}
