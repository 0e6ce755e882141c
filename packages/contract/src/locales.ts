/**
 * Locales of the product (spec §2, §9): English is the default and has no URL prefix, French lives
 * under /fr. Resolution order: URL prefix → `i18n_locale` cookie → account locale → Accept-Language
 * → en-US. Shared by the server (API messages) and the web (routing, bundles).
 */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'i18n_locale';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** BCP 47 tag of each locale (for `<html lang>`, hreflang and Intl). */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR' };

/** `fr`, `fr-FR`, `FR_ca` → `fr`; anything else → undefined. */
export function normalizeLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base ?? '') ? (base as Locale) : undefined;
}

/** The best supported locale in an Accept-Language header, by q-value. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      // A q-value (0 to 1, at most 3 decimals) only ranks languages; nothing near money.
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const locale = normalizeLocale(entry.tag);
    if (locale) return locale;
  }
  return undefined;
}

/** Splits `/fr/gamehall` into `fr` and `/gamehall`; a path without prefix is English. */
export function splitLocalePath(pathname: string): { prefixed: Locale | undefined; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  const candidate = match?.[1];
  if (candidate && candidate !== DEFAULT_LOCALE && (LOCALES as readonly string[]).includes(candidate)) {
    const rest = pathname.slice(candidate.length + 1);
    return { prefixed: candidate as Locale, path: rest === '' ? '/' : rest };
  }
  return { prefixed: undefined, path: pathname };
}

/** `/gamehall` in `fr` → `/fr/gamehall`; the default locale has no prefix. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

export interface LocaleSources {
  urlPrefix?: Locale | undefined;
  cookie?: string | null | undefined;
  account?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}

export function resolveLocale(sources: LocaleSources): Locale {
  return (
    sources.urlPrefix ??
    normalizeLocale(sources.cookie) ??
    normalizeLocale(sources.account) ??
    localeFromAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LOCALE
  );
}
