/**
 * Guest access (spec §2, §6): a guest opening a path containing bets, cashier, profile or
 * responsible-game is sent to the locale home with `redirectUrl` holding the encoded original
 * address. Used by the server middleware (302) and the client navigation guard alike.
 */
import { localizePath } from '@croupier/contract/locales';
import { localeOfPath, pathWithoutLocale } from './locale-paths.ts';

const PLAYER_ONLY_SEGMENTS = new Set(['bets', 'cashier', 'profile', 'responsible-game']);

/**
 * Matched per path segment, not as a substring, so a content page such as `/cashier-faq` stays
 * public while `/cashier`, `/profile/settings` and `/bets/live/1` are guarded.
 */
export function isPlayerOnlyPath(pathname: string): boolean {
  return pathWithoutLocale(pathname)
    .split('/')
    .some((segment) => PLAYER_ONLY_SEGMENTS.has(segment.toLowerCase()));
}

/** `/fr/cashier?x=1` → `/fr?redirectUrl=%2Ffr%2Fcashier%3Fx%3D1`. */
export function guestRedirectLocation(pathname: string, search: string): string {
  const home = localizePath('/', localeOfPath(pathname));
  return `${home}?redirectUrl=${encodeURIComponent(`${pathname}${search}`)}`;
}
