/** The saved language choice (spec §2, §9: `i18n_locale`, 365 days), written by the language switch. */
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, type Locale } from '@croupier/contract/locales';

export function localeCookieValue(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function saveLocaleChoice(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-httpOnly preference cookie the server also reads.
  document.cookie = localeCookieValue(locale, window.location.protocol === 'https:');
}
