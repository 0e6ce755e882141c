/** The back office's URLs, in the page's language (`/backoffice/…`, `/fr/backoffice/…`). */
import { type Locale, localizePath } from '@croupier/contract/locales';

export const BACKOFFICE_BASE = '/backoffice';

export function backofficeHref(locale: Locale, path = BACKOFFICE_BASE): string {
  return localizePath(path, locale);
}

export function signInHref(locale: Locale, next?: string): string {
  const base = localizePath(`${BACKOFFICE_BASE}/sign-in`, locale);
  return next ? `${base}?next=${encodeURIComponent(next)}` : base;
}

/** Where to go after signing in: a back-office page of the same language, else its home. */
export function safeNext(locale: Locale, next: string | null): string {
  const home = backofficeHref(locale);
  if (next?.startsWith(`${home}/`) && !next.startsWith('//') && !next.includes('\\')) return next;
  return home;
}
