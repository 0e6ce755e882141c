/**
 * Where a player goes after signing in or up (spec §2, §4): the `backUrl` query (or the guest
 * guard's `redirectUrl`) when it is a same-origin path, else the locale home. Targets go through
 * the navigation helper's checks (`//host`, `/\host`, `javascript:`… are refused), and an absolute
 * URL is accepted only on our own origin (made relative); the sign-in pages themselves are never a
 * target, so a player cannot land back on a form.
 */
import { type Locale, localizePath } from '@croupier/contract/locales';
import { pathWithoutLocale } from '../../lib/locale-paths.ts';
import { isExternalHref, sameOriginPath, toSafeHref } from '../../lib/navigation.ts';

export const BACK_URL_PARAM = 'backUrl';
export const REDIRECT_URL_PARAM = 'redirectUrl';
export const REGISTER_SUCCESS_PARAM = 'register';

/** Longest return path we follow; anything longer is not an address a page of ours produced. */
const MAX_RETURN_PATH_LENGTH = 2048;

/** The same-origin path `raw` names, or undefined when it is empty, foreign or unsafe. */
export function safeReturnPath(raw: string | null | undefined, origin?: string): string | undefined {
  if (!raw || raw.length > MAX_RETURN_PATH_LENGTH) return undefined;
  let href: string;
  try {
    href = toSafeHref(raw, origin ? { origin } : {});
  } catch {
    return undefined;
  }
  if (isExternalHref(href) || !href.startsWith('/')) return undefined;
  // The one same-origin check of every redirect: it also percent-encodes characters outside ASCII
  // (a `backUrl` with `€` or `日` is a valid Location header, not a 500).
  const path = sameOriginPath(href);
  if (!path) return undefined;
  const pathname = path.split(/[?#]/, 1)[0] ?? '/';
  if (pathWithoutLocale(pathname).startsWith('/forms/')) return undefined;
  return path;
}

/** After sign-in or sign-up: `backUrl`, then `redirectUrl`, then the locale home. */
export function afterAuthTarget(search: string, locale: Locale, origin?: string): string {
  const params = new URLSearchParams(search);
  return (
    safeReturnPath(params.get(BACK_URL_PARAM), origin) ??
    safeReturnPath(params.get(REDIRECT_URL_PARAM), origin) ??
    localizePath('/', locale)
  );
}

/** `/promotions?x=1#top` → `/promotions?x=1&register=success#top` (spec §2). */
export function withRegisterSuccess(path: string): string {
  const hashIndex = path.indexOf('#');
  const beforeHash = hashIndex === -1 ? path : path.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : path.slice(hashIndex);
  const queryIndex = beforeHash.indexOf('?');
  const pathname = queryIndex === -1 ? beforeHash : beforeHash.slice(0, queryIndex);
  const params = new URLSearchParams(queryIndex === -1 ? '' : beforeHash.slice(queryIndex));
  params.set(REGISTER_SUCCESS_PARAM, 'success');
  return `${pathname}?${params}${hash}`;
}
