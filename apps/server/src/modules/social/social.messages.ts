/**
 * Every text the social-login popup shows, in English and French (spec §2: every screen in both).
 * Keys are the flow's machine codes, so a code the web receives in the message can be shown too.
 */
import type { Locale } from '@croupier/contract/locales';
import { defineCatalogue } from '../../lib/messages.ts';

export type SocialMessageKey =
  | 'success.title'
  | 'success.text'
  | 'error.title'
  | 'continue'
  | 'unknown_service'
  | 'not_configured'
  | 'flow_missing'
  | 'state_mismatch'
  | 'access_denied'
  | 'provider_unavailable'
  | 'provider_error'
  | 'invalid_redirect_url'
  | 'invalid_request'
  | 'rate_limited'
  | 'internal_error';

const en: Record<SocialMessageKey, string> = {
  'success.title': 'Signed in',
  'success.text': 'You are signed in. This window will close.',
  'error.title': 'Sign-in failed',
  continue: 'Continue',
  unknown_service: 'This sign-in method is not available.',
  not_configured: 'Sign-in with this provider is not set up.',
  flow_missing: 'Your sign-in attempt has expired. Please try again.',
  state_mismatch: 'This sign-in link is not valid. Please try again.',
  access_denied: 'Sign-in was cancelled.',
  provider_unavailable: 'The sign-in provider is unavailable. Please try again later.',
  provider_error: 'The sign-in provider returned an error. Please try again.',
  invalid_redirect_url: 'The return address is not valid.',
  invalid_request: 'The request is malformed.',
  rate_limited: 'Too many attempts.[ Try again in {seconds} s.]',
  internal_error: 'Something went wrong! Please try again later.',
};

const fr: Record<SocialMessageKey, string> = {
  'success.title': 'Connexion réussie',
  'success.text': 'Vous êtes connecté. Cette fenêtre va se fermer.',
  'error.title': 'Échec de la connexion',
  continue: 'Continuer',
  unknown_service: "Ce mode de connexion n'est pas disponible.",
  not_configured: "La connexion avec ce service n'est pas configurée.",
  flow_missing: 'Votre tentative de connexion a expiré. Veuillez réessayer.',
  state_mismatch: "Ce lien de connexion n'est pas valide. Veuillez réessayer.",
  access_denied: 'La connexion a été annulée.',
  provider_unavailable: 'Le service de connexion est indisponible. Veuillez réessayer plus tard.',
  provider_error: 'Le service de connexion a renvoyé une erreur. Veuillez réessayer.',
  invalid_redirect_url: "L'adresse de retour n'est pas valide.",
  invalid_request: 'La requête est mal formée.',
  rate_limited: 'Trop de tentatives.[ Réessayez dans {seconds} s.]',
  internal_error: 'Une erreur est survenue ! Veuillez réessayer plus tard.',
};

/** Scoped: the module's machine codes (`rate_limited`) read `social.<code>` in the registry. */
export const socialTexts = defineCatalogue({ name: 'social', scope: 'social', en, fr });

export const socialMessages: Record<Locale, Record<SocialMessageKey, string>> = socialTexts.texts;

export function isSocialMessageKey(value: string): value is SocialMessageKey {
  return socialTexts.has(value);
}

export function socialText(
  locale: Locale,
  key: SocialMessageKey,
  values: Record<string, string | number> = {},
): string {
  return socialTexts.text(locale, key, values);
}
