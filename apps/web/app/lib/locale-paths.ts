/**
 * URL ↔ locale rules of the web app, on top of `@croupier/contract/locales` (which owns the
 * locale list, prefixes and resolution order). English has no prefix, French lives under /fr; each
 * URL has exactly one language (docs/decisions/004-locale-urls.md).
 */
import {
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  localizePath,
  resolveLocale,
  splitLocalePath,
} from '@croupier/contract/locales';

/**
 * React Router's single-fetch data requests add `.data` (or `_.data` after a trailing slash) to the
 * page path; locale and guard decisions must see the page path.
 */
export function stripDataSuffix(pathname: string): string {
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length);
  if (pathname === '/_root.data') return '/';
  if (pathname.endsWith('.data')) return pathname.slice(0, -'.data'.length) || '/';
  return pathname;
}

/** The locale a page path is in: its prefix, or English. */
export function localeOfPath(pathname: string): Locale {
  return splitLocalePath(stripDataSuffix(pathname)).prefixed ?? DEFAULT_LOCALE;
}

/** The page path without its locale prefix (`/fr/about` → `/about`, `/fr` → `/`). */
export function pathWithoutLocale(pathname: string): string {
  return splitLocalePath(stripDataSuffix(pathname)).path;
}

/** `/about/` → `/about`; `/` stays `/`. */
export function removeTrailingSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * A first segment that names a locale in the wrong spelling: `/en/…` (English has no prefix) or
 * an upper/mixed-case prefix (`/FR/…`). Returns the corrected path, or undefined when the path is
 * already right (spec §2: "on an unmatched route the locale prefix in the address is corrected").
 */
export function correctLocalePrefix(pathname: string): string | undefined {
  const match = /^\/([A-Za-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (!match) return undefined;
  const segment = match[1] ?? '';
  const rest = match[2] ?? '';
  const lower = segment.toLowerCase();
  if (!(LOCALES as readonly string[]).includes(lower)) return undefined;
  const locale = lower as Locale;
  if (locale !== DEFAULT_LOCALE && segment === lower) return undefined;
  // `/en//evil.com` must not become `//evil.com` (protocol-relative): runs of `/` and `\` after the
  // prefix collapse to one slash, so the correction stays a path of this site.
  const path = rest.replace(/^[/\\]+/, '/');
  return localizePath(path === '' ? '/' : path, locale);
}

/** The same page in another language (the language switch keeps the path, query and hash). */
export function switchLocaleHref(
  location: { pathname: string; search?: string; hash?: string },
  target: Locale,
): string {
  const path = pathWithoutLocale(location.pathname);
  return `${localizePath(path, target)}${location.search ?? ''}${location.hash ?? ''}`;
}

/**
 * Where an unprefixed (English) URL should go when the visitor prefers another language: their
 * saved cookie, then their account locale, then Accept-Language. Returns undefined to stay.
 * A prefixed URL is never redirected: the prefix is an explicit choice.
 */
export function preferredLocaleRedirect(input: {
  pathname: string;
  search: string;
  cookie: string | null | undefined;
  /** The signed-in player's saved locale (null for a guest). */
  accountLocale?: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): string | undefined {
  const { prefixed, path } = splitLocalePath(input.pathname);
  if (prefixed) return undefined;
  const preferred = resolveLocale({
    cookie: input.cookie,
    account: input.accountLocale,
    acceptLanguage: input.acceptLanguage,
  });
  if (preferred === DEFAULT_LOCALE) return undefined;
  return `${localizePath(path, preferred)}${input.search}`;
}
